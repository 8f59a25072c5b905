/** The rate the assistant hears at: the server takes 16 kHz mono 16-bit WAV, nothing else. */
export const VOICE_RATE = 16_000;
/** The longest command, in seconds (the server refuses longer ones). */
export const VOICE_SECONDS_MAX = 15;

/**
 * Joins recorded chunks and takes them from the microphone's rate down to 16 kHz, each output
 * sample the mean of the input samples it covers (a simple low-pass, enough for speech).
 */
export function downsample(chunks: Float32Array[], fromRate: number): Float32Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const input = new Float32Array(total);
  let at = 0;
  for (const c of chunks) {
    input.set(c, at);
    at += c.length;
  }
  if (fromRate === VOICE_RATE) return input;
  const ratio = fromRate / VOICE_RATE;
  const out = new Float32Array(Math.floor(total / ratio));
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * ratio);
    const end = Math.max(start + 1, Math.min(total, Math.floor((i + 1) * ratio)));
    let sum = 0;
    for (let j = start; j < end; j++) sum += input[j] ?? 0;
    out[i] = sum / (end - start);
  }
  return out;
}

/** A WAV file of 16 kHz mono 16-bit samples. */
export function encodeWav(samples: Float32Array): Blob {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, VOICE_RATE, true);
  view.setUint32(28, VOICE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/** The loudness of a chunk, 0 to 1, for the level meter (RMS, scaled so speech fills it). */
export function level(chunk: Float32Array): number {
  if (chunk.length === 0) return 0;
  let sum = 0;
  for (const s of chunk) sum += s * s;
  return Math.min(1, Math.sqrt(sum / chunk.length) * 4);
}
