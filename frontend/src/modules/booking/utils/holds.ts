/**
 * Until when a reservation's place is held, kept for its confirm page in this tab (a reload
 * keeps its countdown); the server's answer to `reserveEvent` is the only source of it.
 */
const KEY = 'booking-hold:';

export function rememberHold(token: string, holdUntil: number): void {
  try {
    sessionStorage.setItem(`${KEY}${token}`, String(holdUntil));
  } catch {
    // No storage (a private window's quota): the countdown shows only until a reload.
  }
}

export function heldUntil(token: string): number | null {
  try {
    const v = Number(sessionStorage.getItem(`${KEY}${token}`));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
