// The public landing page's screenshots (backend/src/site/assets/): the schedule board as the
// demo store's manager sees it on a desktop, and the employee's home on a phone, as WebP at
// two widths each, every file well under 80 KB. Starts the real server on the demo store with
// the built web app (`npm run build` first) and the debug binary (or BACKEND_BIN), and drives
// Debian's chromium; the WebP files are encoded by the browser's own canvas.
//
//   npm run site:screenshots
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer } from '../e2e/fixtures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '..', '..', 'backend', 'src', 'site', 'assets');
const dist = process.env.STATIC_DIR ?? resolve(here, '..', 'dist');
/** Each file stays under this (the test in `site/assets.rs` holds them under 80 KB). */
const MOST_BYTES = 72 * 1024;

const SHOTS = [
  // The board's week, wide enough for seven days of cards.
  { name: 'board', email: 'manager@example.com', path: '/schedule', ready: '[data-testid="shift"]', viewport: { width: 1440, height: 900 }, scale: 1, widths: [720, 1440] },
  // The home of an employee, on a phone at twice its pixels.
  { name: 'phone', email: 'barista@example.com', path: '/home', ready: 'main h1, main h2', viewport: { width: 390, height: 844 }, scale: 2, widths: [320, 640] },
];

async function login(url, email) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // The demo store is made at start-up: ready once its people can sign in.
    const res = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo1234' }),
    }).catch(() => null);
    if (res?.ok) return (await res.json()).data.token;
    if (Date.now() > deadline) throw new Error(`${email} could not sign in`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** `png` as WebP `width` pixels wide, at the best quality that stays under MOST_BYTES. */
async function webp(page, png, width) {
  for (const quality of [0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5]) {
    const dataUrl = await page.evaluate(
      async ({ source, width, quality }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${source}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = Math.round((image.height * width) / image.width);
        const context = canvas.getContext('2d');
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: png.toString('base64'), width, quality },
    );
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('this browser does not encode WebP');
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (bytes.length <= MOST_BYTES) return { bytes, quality };
  }
  throw new Error(`no quality keeps a ${width} px picture under ${MOST_BYTES} bytes`);
}

async function main() {
  const server = await startServer({ env: { SEED_DEMO: 'true' }, staticDir: dist });
  const browser = await launchBrowser();
  try {
    for (const shot of SHOTS) {
      const token = await login(server.url, shot.email);
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.scale, colorScheme: 'light', locale: 'en-US', isMobile: shot.scale > 1, hasTouch: shot.scale > 1 });
      await context.addInitScript((t) => {
        // Signed in as the app leaves a browser after signing in.
        if (!localStorage.getItem('token')) localStorage.setItem('token', JSON.stringify(t));
      }, token);
      const page = await context.newPage();
      await page.goto(`${server.url}${shot.path}`);
      await page.locator(shot.ready).first().waitFor({ timeout: 30_000 });
      await page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
      // Let the transitions and the labour figures settle.
      await page.waitForTimeout(1500);
      const png = await page.screenshot({ type: 'png' });
      const blank = await context.newPage();
      for (const width of shot.widths) {
        const { bytes, quality } = await webp(blank, png, width);
        const file = resolve(out, `${shot.name}-${width}.webp`);
        writeFileSync(file, bytes);
        console.log(`${file}: ${bytes.length} bytes at quality ${quality}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
