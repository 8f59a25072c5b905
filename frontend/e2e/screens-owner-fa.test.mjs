// Every main screen of an owner in Persian (right to left), at a desktop's and a phone's size,
// in light and dark mode: nothing wider than the screen, and no serious or critical
// accessibility violation (axe-core). (English: screens-owner-en.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OWNER_SCREENS, screenProblems, storeWithContent, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test("every owner's screen in Persian reads right to left, fits and passes axe at desktop and phone sizes, light and dark", async () => {
  const { owner } = await storeWithContent(server, 'screens');
  assert.deepEqual(await screenProblems(browser, server, owner, { language: 'fa', paths: OWNER_SCREENS, shots: 'screens-owner' }), []);
});
