/** The public pages the server renders itself (backend `site/`), not screens of the app. */
export const SERVER_PAGES = ['/pricing', '/contact-us', '/posts', '/posts/:slug'] as const;

/** Loads `path` from the server: a page the app's router reached, which the app does not draw. */
export function loadFromServer(path: string) {
  window.location.replace(path);
}
