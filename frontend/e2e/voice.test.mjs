// The voice assistant in Chromium with a fake microphone that plays a synthesised command:
// the manager holds the microphone button, asks who works tomorrow, and sees and hears the
// answer, which the real server recognised and spoke with its speech worker. An action the
// manager types is proposed and only carried out once confirmed. In Spanish and Persian a
// typed command is answered in the page's language by that language's voice. The panel fits
// a phone and passes axe.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeId, employeeJoined, launchBrowser, overflows, ownerWithStore, screenshot, signedIn, startServer, violations } from './fixtures.mjs';

const WORKER = process.env.SPEECH_WORKER;
if (!WORKER) throw new Error('SPEECH_WORKER must name the speech worker (scripts/speech-setup.sh prints it)');

const DAY = 24 * 3600 * 1000;
let server;
let browser;
let dir;

/** Epoch ms of tomorrow at `hour` in Berlin (the store's zone), near enough for a day's shifts. */
function tomorrowAt(hour) {
  const now = new Date();
  const berlin = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Berlin' }));
  const offset = berlin.getTime() - new Date(now.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  const day = new Date(Date.UTC(berlin.getFullYear(), berlin.getMonth(), berlin.getDate()) + DAY);
  return day.getTime() + hour * 3600 * 1000 - offset;
}

/**
 * Waits until the panel's Ask button has faded back in after an answer (a 0.15 s
 * transition), so axe reads its colours and not a frame of the fade. From then on the page is
 * seen as by a person whose system asks for reduced motion, so a later change of state (the
 * button disabled and enabled again) is not caught halfway either.
 */
async function settled(page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() => [...document.querySelectorAll('button[type="submit"]')].every((b) => getComputedStyle(b).opacity === '1'));
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clockto-voice-'));
  // The command the fake microphone plays, spoken by the worker's voice, with silence around it.
  const command = join(dir, 'who-works-tomorrow.wav');
  execFileSync('sh', ['-c', `${WORKER} --say "Who works tomorrow?" --out "$0" --pad 0.6`, command], { stdio: ['ignore', 'ignore', 'inherit'] });
  server = await startServer({ env: { SPEECH_WORKER: WORKER } });
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${command}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the manager asks aloud who works tomorrow and sees and hears the answer', async () => {
  const owner = await ownerWithStore(server, { email: 'owner@voice.test', store: 'Voice Café' });
  await employeeJoined(server, owner, { email: 'ana@voice.test', firstName: 'Ana', lastName: 'Lopez' });
  const ana = await employeeId(server, owner, 'ana@voice.test');
  const created = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title: 'Morning', start: tomorrowAt(9), end: tomorrowAt(17), role: owner.roleId, assigned: ana },
    owner.token,
  );
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: created.shifts.map((s) => s.id) }, owner.token);
  await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Open', start: tomorrowAt(18), end: tomorrowAt(22), role: owner.roleId }, owner.token);

  const page = await signedIn(browser, server, { email: 'owner@voice.test', password: 'secret123' }, { phone: true, bypassCSP: true });
  await page.getByTestId('voice-open').click();
  const talk = page.getByTestId('voice-talk');
  await talk.waitFor();
  // Push to talk: held while the fake microphone plays the command.
  await talk.hover();
  await page.mouse.down();
  await page.waitForTimeout(2600);
  await page.mouse.up();

  const answer = page.getByTestId('voice-answer');
  await answer.waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('voice-transcript').textContent(), 'who works tomorrow');
  const said = await answer.textContent();
  assert.match(said, /^1 shift tomorrow: Ana Lopez as barista from 9 AM to 5 PM\. 1 open shift is not yet taken\.$/);
  // The answer is spoken: the player holds it and has begun.
  const audio = page.getByTestId('voice-audio');
  await page.waitForFunction(() => {
    const a = document.querySelector('[data-testid="voice-audio"]');
    return a instanceof HTMLAudioElement && a.duration > 1 && (a.played.length > 0 || !a.paused);
  });
  assert.match(await audio.getAttribute('src'), /^blob:/);
  assert.equal(await overflows(page), false);
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'voice-phone-answer');

  // An action is proposed, changes nothing until confirmed, and then runs as the screens' call.
  await page.getByLabel('Type a command').fill('give the open shift tomorrow to ana');
  await page.getByRole('button', { name: 'Ask' }).click();
  await page.getByText('Give the open barista shift tomorrow from 6 PM to 10 PM to Ana Lopez? Confirm to go ahead.').waitFor();
  const noon = async () => {
    const res = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/shifts?scope=all&start=${tomorrowAt(0)}&end=${tomorrowAt(24)}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const { data } = await res.json();
    return data.find((s) => s.title === 'Open');
  };
  assert.equal((await noon()).assigned, null);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'detached' });
  assert.equal(await answer.textContent(), 'Ana Lopez has the shift tomorrow.');
  assert.equal((await noon()).assigned, ana);
  await page.close();
});

test('in Spanish on a phone, a typed command is answered in Spanish and spoken by the Spanish voice', async () => {
  const owner = await ownerWithStore(server, { email: 'owner-es@voice.test', store: 'Café Sol' });
  await employeeJoined(server, owner, { email: 'lucia@voice.test', firstName: 'Lucía', lastName: 'Gómez' });
  const lucia = await employeeId(server, owner, 'lucia@voice.test');
  const created = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title: 'Mañana', start: tomorrowAt(9), end: tomorrowAt(17), role: owner.roleId, assigned: lucia },
    owner.token,
  );
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: created.shifts.map((s) => s.id) }, owner.token);

  const page = await signedIn(browser, server, { email: 'owner-es@voice.test', password: 'secret123' }, { phone: true, bypassCSP: true, language: 'es' });
  await page.getByTestId('voice-open').click();
  await page.getByTestId('voice-talk').waitFor();
  assert.equal(
    await page.getByTestId('voice-language').textContent(),
    'El reconocimiento de voz entiende inglés. Escribe tu orden en español; las respuestas se dicen en español.',
  );
  const input = page.getByLabel('Escribe una orden');
  assert.equal(await input.getAttribute('placeholder'), '¿Quién trabaja mañana?');
  await input.fill('¿Quién trabaja mañana?');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  const answer = page.getByTestId('voice-answer');
  await answer.waitFor({ timeout: 30_000 });
  assert.equal(await answer.textContent(), '1 turno mañana: Lucía Gómez como barista de las 9 a las 17.');
  assert.equal(await answer.getAttribute('lang'), 'es');
  // The answer is spoken: the player holds the Spanish voice's audio and has begun.
  await page.waitForFunction(() => {
    const a = document.querySelector('[data-testid="voice-audio"]');
    return a instanceof HTMLAudioElement && a.duration > 1 && (a.played.length > 0 || !a.paused);
  });
  assert.equal(await overflows(page), false);
  await settled(page);
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'voice-phone-es');
  await page.close();
});

test('in Persian the panel reads right to left, says commands are typed in Persian, answers in Persian, fits a phone and passes axe', async () => {
  const owner = await ownerWithStore(server, { email: 'owner-fa@voice.test', store: 'کافه' });
  const page = await signedIn(browser, server, { email: 'owner-fa@voice.test', password: 'secret123' }, { phone: true, bypassCSP: true, language: 'fa' });
  await page.goto(`${server.url}/schedule`);
  await page.getByTestId('voice-open').click();
  await page.getByTestId('voice-talk').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await page.getByText('تشخیص گفتار فقط انگلیسی را می‌فهمد. دستور خود را به فارسی بنویسید؛ پاسخ‌ها به فارسی گفته می‌شوند.').waitFor();
  await page.getByLabel('دستور را بنویسید').fill('امروز چه کسی کار می‌کند؟');
  await page.getByRole('button', { name: 'بپرس' }).click();
  await page.getByText('امروز کسی کار نمی‌کند.').waitFor({ timeout: 30_000 });
  await page.getByTestId('voice-audio').waitFor();
  assert.equal(await overflows(page), false);
  await settled(page);
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'voice-phone-fa');
  assert.ok(owner.storeId);
  await page.close();
});
