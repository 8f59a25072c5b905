/**
 * What runs ahead of the app's scripts: index.html loads it first (see `startFirst` in
 * vite.config.ts). It is a few kilobytes with no React in it, and does three things while a
 * phone is still fetching the app:
 *
 * - marks the page with what earlier visits chose: the mode the startup frame draws in, and
 *   Rubik where an earlier visit fetched it (`modules/app/utils/appFont.ts`);
 * - fetches the code of the screen the address names (`firstScreens.ts`);
 * - asks for the reads of a signed-in start: the user, the store and its team, and the first
 *   screen's shifts (at once, in a task of its own, where the last visit kept the store's
 *   calendar, else once the store has answered); the app takes their answers as its first
 *   reads (`modules/api/earlyReads.ts`).
 *
 * `main.tsx` imports it first too, so it runs once, and also where nothing puts it ahead (the
 * development server).
 */
import { API_BASE } from '@/modules/api/client';
import { startSignedInReads } from '@/modules/api/earlyReads';
import { applyStartupFont } from '@/modules/app/utils/appFont';
import { applyStartupMode } from '@/modules/app/utils/startupMode';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { firstScreenAt } from './firstScreens';

applyStartupMode(STORAGE_KEYS.themeType);
applyStartupFont(STORAGE_KEYS.fontReady);

const first = firstScreenAt(window.location.pathname);
// A failed fetch is tried again when the screen is drawn.
void first?.load().catch(() => undefined);
startSignedInReads(
  API_BASE,
  { token: STORAGE_KEYS.token, currentStore: STORAGE_KEYS.currentStore, storeCalendar: STORAGE_KEYS.storeCalendar },
  first?.reads,
);
