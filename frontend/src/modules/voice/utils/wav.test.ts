import { describe, expect, it } from 'vitest';
import { downsample, encodeWav, level, VOICE_RATE } from './wav';

describe('the recording sent to the assistant', () => {
  it('is taken down to 16 kHz by averaging', () => {
    const chunk = new Float32Array([0, 1, 0, 1, 0.5, 0.5]);
    expect(Array.from(downsample([chunk], VOICE_RATE * 2))).toEqual([0.5, 0.5, 0.5]);
    expect(downsample([chunk, chunk], VOICE_RATE).length).toBe(12);
    expect(downsample([new Float32Array(48_000)], 48_000).length).toBe(16_000);
  });

  it('is a 16 kHz mono 16-bit WAV file', async () => {
    const blob = encodeWav(new Float32Array([0, 1, -1, 2]));
    const bytes = new DataView(await blob.arrayBuffer());
    expect(blob.type).toBe('audio/wav');
    expect(bytes.byteLength).toBe(44 + 8);
    expect(bytes.getUint32(24, true)).toBe(16_000);
    expect(bytes.getUint16(22, true)).toBe(1);
    expect(bytes.getUint16(34, true)).toBe(16);
    expect([0, 1, 2, 3].map((i) => bytes.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });

  it('shows its level from silence to full', () => {
    expect(level(new Float32Array(10))).toBe(0);
    expect(level(new Float32Array([0.5, -0.5]))).toBe(1);
    expect(level(new Float32Array([]))).toBe(0);
  });
});
