// Every main screen of an owner in English, at a desktop's and a phone's size, in light and
// dark mode: nothing wider than the screen, and no serious or critical accessibility violation
// (axe-core). The store has a published shift, a pool entry and a time-off request, so the
// screens show content, not only their empty states. (The same check runs in Persian in
// screens-owner-fa.test.mjs and for an employee in screens-employee.test.mjs: apart, the
// files run side by side.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OWNER_SCREENS, screenProblems, storeWithContent, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test("every owner's screen in English fits and passes axe at desktop and phone sizes, light and dark", async () => {
  const { owner } = await storeWithContent(server, 'screens');
  assert.deepEqual(await screenProblems(browser, server, owner, { language: 'en', paths: OWNER_SCREENS, shots: 'screens-owner' }), []);
});
