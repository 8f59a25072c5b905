import { describe, expect, it } from 'vitest';
import { base64UrlToUint8Array, sameBytes } from './base64url';

describe('base64UrlToUint8Array', () => {
  it('decodes the URL-safe alphabet without padding', () => {
    // 0xfb 0xff 0xbf is "+/+/" in the standard alphabet, "-_-_" in base64url.
    expect([...base64UrlToUint8Array('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlToUint8Array('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToUint8Array('AQ')]).toEqual([1]);
    expect([...base64UrlToUint8Array('AQI')]).toEqual([1, 2]);
  });

  it('accepts padding and the standard alphabet', () => {
    expect([...base64UrlToUint8Array('AQ==')]).toEqual([1]);
    expect([...base64UrlToUint8Array('+/+/')]).toEqual([0xfb, 0xff, 0xbf]);
  });

  it('decodes a VAPID public key to an uncompressed 65-byte point', () => {
    const key = 'BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY';
    const bytes = base64UrlToUint8Array(key);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('gives nothing for empty text and throws on text that is not base64', () => {
    expect(base64UrlToUint8Array('').length).toBe(0);
    expect(() => base64UrlToUint8Array('not base64!')).toThrow();
  });
});

describe('sameBytes', () => {
  it('compares a subscription key with the server key', () => {
    const key = base64UrlToUint8Array('AQID');
    expect(sameBytes(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameBytes(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameBytes(new Uint8Array([1, 2]).buffer, key)).toBe(false);
    expect(sameBytes(null, key)).toBe(false);
  });
});
