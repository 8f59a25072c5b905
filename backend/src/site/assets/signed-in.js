// The landing page is for visitors: someone signed in on this browser goes on to the app,
// whose `/app` sends them to their home. The web app keeps its session token in
// localStorage under `token`, as JSON (frontend `modules/preferences/utils/storageKeys.ts`).
try {
  if (JSON.parse(localStorage.getItem('token') || 'null')) location.replace('/app');
} catch (e) {
  // No storage (a private window that refuses it): a visitor, then.
}
