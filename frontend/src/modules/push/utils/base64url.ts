/**
 * Decodes base64url (padding optional) into bytes: the form of the server's VAPID public key,
 * which `pushManager.subscribe` takes as bytes. Throws on text that is not base64url.
 */
export function base64UrlToUint8Array(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** True when `a` holds exactly the bytes of `b`. */
export function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}
