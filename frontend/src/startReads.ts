/**
 * The reads a signed-in start needs, asked for by a script of their own: index.html runs it
 * ahead of the app's scripts (see `startReadsEntry` in vite.config.ts). It is a few kilobytes
 * with no React in it, so the user, the store, its team and then the first screen's shifts are
 * on their way while a phone is still fetching the app; the app takes their answers as its
 * first reads (`modules/api/earlyReads.ts`). `main.tsx` imports it first too, so it runs once,
 * and also where nothing puts it ahead (the development server).
 */
import { API_BASE } from '@/modules/api/client';
import { startSignedInReads } from '@/modules/api/earlyReads';
import { STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';
import { FIRST_READS } from './firstScreens';

const reads = FIRST_READS.find(([path]) => path.test(window.location.pathname))?.[1];
startSignedInReads(API_BASE, { token: STORAGE_KEYS.token, currentStore: STORAGE_KEYS.currentStore }, reads);
