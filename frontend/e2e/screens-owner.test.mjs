// Every main screen of an owner at a desktop's and a phone's size, in light and dark mode, in
// English and in Persian (right to left): nothing wider than the screen, and no serious or
// critical accessibility violation (axe-core). The store has a published shift, a pool entry
// and a time-off request, so the screens show content, not only their empty states. (The
// employee's screens are checked the same way in screens-employee.test.mjs, beside this file.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenProblems, storeWithContent, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const OWNER_SCREENS = [
  '/dashboard',
  '/schedule',
  '/team?tab=Employee',
  '/team?tab=Role',
  '/business-info',
  '/availability',
  '/availability?tab=timeoff',
  '/more/manager/shift-pool',
  '/clock/now',
  '/clock/timesheets',
  '/messages',
  '/notifications',
  '/settings',
];

test("every owner's screen fits and passes axe at desktop and phone sizes, light and dark, in English and in Persian", async () => {
  const { owner } = await storeWithContent(server, 'screens');
  const problems = [];
  for (const language of ['en', 'fa']) {
    problems.push(...(await screenProblems(browser, server, owner, { language, paths: OWNER_SCREENS, shots: 'screens-owner' })));
  }
  assert.deepEqual(problems, []);
});
