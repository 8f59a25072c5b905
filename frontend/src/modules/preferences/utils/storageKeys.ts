// The keys apart from the atoms that keep them, so that what runs ahead of the app
// (`src/start.ts`) reads them without the state library.

/** Every key the app keeps; all are cleared at sign-out except the look of the app. */
export const STORAGE_KEYS = {
  /** Also read by the public landing page's script (backend `site/assets/signed-in.js`). */
  token: 'token',
  currentStore: 'current-store',
  openStoreChooser: 'open-store-chooser',
  sidebarCollapsed: 'is-sidebar-collapsed',
  themeName: 'themeName',
  themeType: 'themeType',
  seenPublishedShifts: 'seen-published-shifts',
  tourRun: 'tour-run',
  /**
   * The current store's time zone and first day of the week, as the last visit read them: a
   * signed-in start asks for its first screen's reads with them at once
   * (`modules/api/earlyReads.ts`).
   */
  storeCalendar: 'store-calendar',
  /** Set once this browser has fetched the app's font (`modules/app/utils/appFont.ts`). */
  fontReady: 'font-ready',
} as const;
