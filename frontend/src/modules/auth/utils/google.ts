/** Where the server starts a Google sign-in (it sends the browser on to Google). */
export const GOOGLE_START = '/api/v1/auth/google/start';

/** Where the app returns after a Google sign-in that linked Google from a signed-in session. */
const RETURN_KEY = 'google-return';

/** Sends the browser to Google through the server; `returnTo` is where the app goes after. */
export function goToGoogle(url: string = GOOGLE_START, returnTo?: string) {
  if (returnTo) sessionStorage.setItem(RETURN_KEY, returnTo);
  else sessionStorage.removeItem(RETURN_KEY);
  window.location.assign(url);
}

/** Where to go once the Google sign-in is done (the app's home by default), forgotten after. */
export function takeGoogleReturn(): string {
  const to = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return to && to.startsWith('/') && !to.startsWith('//') ? to : '/';
}

/** What the server's return left in the address's fragment: a one-time code or an error. */
export type GoogleLanding = { code: string } | { error: string } | null;

/** Reads `#code=` or `#error=` of the address. */
export function readGoogleLanding(hash: string): GoogleLanding {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const code = fields.get('code');
  if (code) return { code };
  const error = fields.get('error');
  return error ? { error } : null;
}
