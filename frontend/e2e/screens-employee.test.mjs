// Every main screen of an employee at a desktop's and a phone's size, in light and dark mode,
// in English and in Persian (right to left): nothing wider than the screen, and no serious or
// critical accessibility violation (axe-core). Ana has a published shift and a time-off
// request, and the pool an open shift, so the screens show content, not only their empty
// states. (The owner's screens are checked in screens-owner-en.test.mjs and -fa.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPLOYEE_SCREENS, screenProblems, storeWithContent, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test("every employee's screen fits and passes axe at desktop and phone sizes, light and dark, in English and in Persian", async () => {
  const { ana } = await storeWithContent(server, 'screens');
  const problems = [];
  for (const language of ['en', 'fa']) {
    problems.push(...(await screenProblems(browser, server, ana, { language, paths: EMPLOYEE_SCREENS, shots: 'screens-employee' })));
  }
  assert.deepEqual(problems, []);
});
