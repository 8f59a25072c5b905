// The end-to-end tests' fixtures, shared by every test file (which import nothing from each
// other): a real server binary on a fresh Postgres database, a mail directory to read codes
// from, Debian's chromium driven by playwright-core, people and stores made over the API, and
// browsers signed in through the login screen.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, statSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');

/** Where screenshots go (git-ignored). */
export const ARTIFACTS = resolve(repo, 'test-artifacts');

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BINARY = process.env.BACKEND_BIN ?? resolve(repo, 'target', 'debug', 'backend');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

function psql(sql) {
  execFileSync('psql', [ADMIN_URL, '-qAtc', sql], { stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * Starts the server binary on a free port with its own database, data and mail directories,
 * serving the built web app (or `staticDir`). `stop()` ends the process and drops the database.
 * `env` adds settings (for example `SUPPORT_EMAILS`). The speech worker starts only for a test
 * that names it (`SPEECH_WORKER`): the others need not load its models.
 */
export async function startServer({ env = {}, staticDir } = {}) {
  const name = `clockto_e2e_${process.pid}_${Date.now().toString(36)}`;
  psql(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'clockto-e2e-'));
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(BINARY, [], {
    env: {
      ...process.env,
      DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
      BIND: `127.0.0.1:${port}`,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      STATIC_DIR: staticDir ?? resolve(here, '..', 'dist'),
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      SEED_DEMO: 'false',
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      SPEECH_WORKER: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // Ready: migrated (and seeded), listening for other nodes' changes.
      const res = await fetch(`${url}/ready`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server was not ready in 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    mailDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      psql(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the newest mail to `to` whose body matches `pattern` and returns the first group.
 * Mails are named in sending order.
 */
export async function readCode(mailDir, to, pattern, after = 0) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => join(mailDir, f))
      .filter((f) => statSync(f).mtimeMs >= after)
      .sort();
    for (const file of files.reverse()) {
      const text = readFileSync(file, 'utf8');
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text)) continue;
      const m = text.match(pattern);
      if (m) return m[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The confirmation or reset code mailed to `to`. */
export const mailedCode = (mailDir, to, after) => readCode(mailDir, to, /Your code is (\d{4})/, after);
/** The invitation code mailed to `to`. */
export const invitationCode = (mailDir, to, after) => readCode(mailDir, to, /invitation code: ([A-Za-z0-9]+)/i, after);

/**
 * Launches Debian's chromium headless with a fresh profile. Its contexts start as someone who
 * has seen the walkthrough tours (whose overlay would sit over what a test clicks); the tour
 * test opens its contexts with `withTours`. `args` adds chromium's own switches (a fake
 * microphone).
 */
export async function launchBrowser(args = []) {
  const browser = await launchChromium(args);
  const newContext = browser.newContext.bind(browser);
  browser.withTours = newContext;
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      try {
        localStorage.setItem('tour-run', JSON.stringify({ dashboard: false, main: false }));
      } catch {
        // A page without storage (about:blank) has no tours either.
      }
    });
    return context;
  };
  return browser;
}

function launchChromium(extra = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extra,
    ],
  });
}

/**
 * Saves a screenshot under test-artifacts/: of the full page, or with `fullPage` false of the
 * window only. (A full page's is taken by resizing the window to the page for a moment.)
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** A JSON call against the API; throws with the server's message on failure. */
export async function call(url, name, payload, token) {
  const res = await fetch(`${url}/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload ?? {}),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${body.message}`);
  return body.data;
}

/**
 * Creates a confirmed owner with a store and one role over the API, for tests whose subject
 * is not onboarding. Returns the token, store id and role id.
 */
export async function ownerWithStore(server, { email, password = 'secret123', store = 'Test Bistro', role = 'Barista' }) {
  const started = Date.now();
  const { token } = await call(server.url, 'signup', { email, password, firstName: 'Olivia', lastName: 'Owner' });
  const code = await mailedCode(server.mailDir, email, started - 1000);
  await call(server.url, 'confirmEmail', { code }, token);
  const created = await call(
    server.url,
    'createBusiness',
    { name: store, type: 'hospitality and leisure', timezoneReference: 'Europe/Berlin', address: 'Main St 1', open: '07:00', close: '22:00', daysoff: [] },
    token,
  );
  const made = await call(server.url, 'createRole', { store: created.storeId, roleData: { title: role, color: '#2e86ab', swappeable: true } }, token);
  return { token, storeId: created.storeId, roleId: made.id };
}

/** Invites `email` and lets them sign up, confirm and join over the API. */
export async function employeeJoined(
  server,
  owner,
  { email, password = 'secret123', firstName = 'Ana', lastName = 'Employee', wage = 15, permissions = [] },
) {
  const started = Date.now();
  await call(
    server.url,
    'inviteEmployee',
    { store: owner.storeId, employee: { email, fullname: `${firstName} ${lastName}`, role: [owner.roleId], wage: { [owner.roleId]: wage }, permissions } },
    owner.token,
  );
  const invite = await invitationCode(server.mailDir, email, started - 1000);
  const { token } = await call(server.url, 'signup', { email, password, firstName, lastName });
  const code = await mailedCode(server.mailDir, email, started - 1000);
  await call(server.url, 'confirmEmail', { code }, token);
  await call(server.url, 'joinBusinessWithInvitation', { email, code: invite }, token);
  return { token, email, password };
}

/** The id of the employee record of `email` in the owner's store. */
export async function employeeId(server, owner, email) {
  const res = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${owner.token}` } });
  const { data } = await res.json();
  const found = data.find((e) => e.email === email);
  if (!found) throw new Error(`${email} is not an employee of the store`);
  return found.id;
}

/** Signs in through the login screen. */
export async function signInWithForm(page, url, email, password) {
  await page.goto(`${url}/login`);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** A phone's screen, and a desktop's. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** Waits until the page's live connection is up. */
export const connected = (page) => page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();

/**
 * A page of a fresh browser context signed in as `person` (`email`, `password`) through the
 * login screen, in English: on a phone (`phone`, with touch) or a desktop (`viewport`), with
 * `geolocation` granted at a place, or without the page's content security policy
 * (`bypassCSP`, to inject axe-core). A `language` other than English is chosen in Settings,
 * as a person does. With a `path` it goes there and waits for the live connection; otherwise
 * it stays where signing in (or choosing the language) lands.
 */
export async function signedIn(browser, server, person, { path, phone = false, viewport = DESKTOP, geolocation, bypassCSP = false, language = 'en' } = {}) {
  const context = await browser.newContext({
    locale: 'en-US',
    ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport }),
    ...(bypassCSP ? { bypassCSP: true } : {}),
  });
  if (geolocation) {
    await context.grantPermissions(['geolocation'], { origin: server.url });
    await context.setGeolocation(geolocation);
  }
  const page = await context.newPage();
  await signInWithForm(page, server.url, person.email, person.password);
  await page.waitForURL(/\/(home|schedule)$/);
  if (language !== 'en') {
    await page.goto(`${server.url}/settings`);
    // Settings' own picker (a desktop's header has one too).
    await page.getByRole('main').getByTestId('language-picker').selectOption(language);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  }
  if (path) {
    await page.goto(`${server.url}${path}`);
    await connected(page);
  }
  return page;
}

/**
 * Serious or critical accessibility violations on the page (axe-core, injected once per page
 * load; the page's content security policy must be set aside with `bypassCSP`).
 */
export async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: new URL('../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
  }
  // Only violations are wanted: axe then skips the details of what passes.
  const result = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return result
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`).slice(0, 3).join(", ")})`);
}

/** Whether the page is wider than the phone. */
export const overflows = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/**
 * A store whose screens show content, not only their empty states: its owner (signed up as
 * `${prefix}-owner@example.com`) and Ana (`${prefix}-ana@example.com`), an employee with a
 * published shift tomorrow and a time-off request next week, beside an open shift in the pool.
 */
export async function storeWithContent(server, prefix) {
  const HOUR = 3_600_000;
  const owner = await ownerWithStore(server, { email: `${prefix}-owner@example.com` });
  Object.assign(owner, { email: `${prefix}-owner@example.com`, password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: `${prefix}-ana@example.com`, firstName: 'Ana' });
  const anaId = await employeeId(server, owner, ana.email);
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  tomorrow.setUTCHours(8, 0, 0, 0);
  const start = tomorrow.getTime();
  const mine = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Morning', start, end: start + 4 * HOUR, role: owner.roleId, assigned: anaId }, owner.token);
  const open = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Evening', start: start + 8 * HOUR, end: start + 12 * HOUR, role: owner.roleId }, owner.token);
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [mine.shifts[0].id, open.shifts[0].id] }, owner.token);
  const off = start + 7 * 24 * HOUR;
  await call(server.url, 'requestTimeOff', { store: owner.storeId, start: off, end: off + 8 * HOUR, entireDay: true, description: 'Family visit' }, ana.token);
  return { owner, ana };
}

/**
 * Waits until the page's CSS transitions have run their course: a button eases into the new
 * mode's colours (150 ms), and its contrast is measured once they are there.
 */
const transitionsDone = (page) =>
  page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));

/** The main screens of an owner, and of an employee. */
export const OWNER_SCREENS = [
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
export const EMPLOYEE_SCREENS = ['/home', '/calendar', '/clock', '/availability', '/more/shiftpoll', '/messages', '/notifications', '/settings'];

/** The sizes every main screen is checked at: a desktop's and a phone's. */
export const SCREEN_SIZES = { desktop: { width: 1280, height: 800 }, phone: PHONE };

/**
 * Checks the main screens at `paths` as `person` sees them in `language`: each at every size
 * of SCREEN_SIZES, in light and in dark mode, must be no wider than the screen, read in the
 * language's direction and have no serious or critical axe-core violation. One signed-in
 * browser serves them all: each screen is opened once, and its size and mode change in place
 * (the app follows the window's width and the system's colour scheme as they change). Answers
 * the problems found, each naming where; a screenshot of each screen on the phone, light, goes
 * to test-artifacts as `${shots}-${language}<path>`.
 */
export async function screenProblems(browser, server, person, { language, paths, shots }) {
  const page = await signedIn(browser, server, person, { viewport: SCREEN_SIZES.desktop, bypassCSP: true, language });
  const problems = [];
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  for (const path of paths) {
    await page.goto(`${server.url}${path}`);
    await connected(page);
    // What the screen reads has arrived and is drawn.
    await page.waitForLoadState('networkidle');
    await page.locator('[role="progressbar"]').first().waitFor({ state: 'detached', timeout: 10_000 });
    if ((await page.evaluate(() => document.documentElement.dir)) !== dir) problems.push(`${language} ${path}: not ${dir}`);
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      await page.setViewportSize(viewport);
      // The phone's frame has the bottom navigation, the desktop's the sidebar.
      await page.waitForFunction((phone) => !!document.querySelector('[data-testid="bottom-nav"]') === phone, size === 'phone');
      for (const colorScheme of ['light', 'dark']) {
        // The app draws the system's mode: its page background changes once it has.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const changes = (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) !== (colorScheme === 'dark');
        const where = `${language} ${size} ${colorScheme} ${person.email} ${path}`;
        await page.emulateMedia({ colorScheme });
        if (changes) await redrawn(page, background, where);
        await transitionsDone(page);
        if (await overflows(page)) problems.push(`${where}: ${await page.evaluate(() => document.documentElement.scrollWidth)} px wide`);
        for (const v of await violations(page)) problems.push(`${where}: ${v}`);
        if (size === 'phone' && colorScheme === 'light') await screenshot(page, `${shots}-${language}${path.replace(/[/?=]/g, '-')}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(SCREEN_SIZES.desktop);
  }
  await page.context().close();
  return problems;
}

/**
 * Waits until the page's background is no longer `was`: the app has drawn the mode the system
 * now asks for. Polled on a timer rather than on animation frames; a timeout says what the
 * page showed, so that a screen which missed the change can be told from a slow one.
 */
async function redrawn(page, was, what) {
  try {
    await page.waitForFunction((w) => getComputedStyle(document.body).backgroundColor !== w, was, { polling: 100 });
  } catch (e) {
    const shown = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      systemDark: matchMedia('(prefers-color-scheme: dark)').matches,
      startupMode: document.documentElement.dataset.startupMode ?? null,
      visibility: document.visibilityState,
      path: location.pathname,
    })).catch((f) => f.message);
    throw new Error(`${what}: the background stayed ${was}; the page: ${JSON.stringify(shown)}`, { cause: e });
  }
}

/**
 * The usual frame of a test file: a server and a browser started before its tests (handed to
 * `onReady`) and stopped after them. `options` go to `startServer`.
 */
export function useServerAndBrowser(onReady, options) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
    onReady(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
