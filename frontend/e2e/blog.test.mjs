// The blog in Debian's chromium: an editor writes a post in Spanish in the web app (its
// Markdown rendered beside it as it is typed), gives it a cover and publishes it; a visitor
// on a phone finds it in the list, reads it, likes it once (a second like changes nothing),
// is counted as its reader, and comments; the comment shows once the editor approves it. The
// post's HTML carries its meta tags, Open Graph and JSON-LD without running a script; once
// the speech worker has narrated it, the visitor's page shows the player and it plays; the
// pages pass axe and fit the phone, in Spanish and in Persian (right to left).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, mailedCode, overflows, PHONE, DESKTOP, screenshot, useServerAndBrowser, violations } from './fixtures.mjs';
import { png } from '../../tests/fixtures/png.mjs';

const EDITOR = 'editor@clockto.test';
const WORKER = process.env.SPEECH_WORKER;
if (!WORKER) throw new Error('SPEECH_WORKER must name the speech worker (scripts/speech-setup.sh prints it)');
const TITLE = 'Planificar la semana sin sorpresas';
const SLUG = 'planificar-la-semana-sin-sorpresas';

let server;
let browser;
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { env: { BLOG_EDITOR_EMAILS: EDITOR, SPEECH_WORKER: WORKER } },
);

/** An editor's confirmed account (no store: the blog's editors are the site's). */
async function editorAccount() {
  const started = Date.now();
  const { token } = await call(server.url, 'signup', { email: EDITOR, password: 'secret123', firstName: 'Elena', lastName: 'Editora' });
  const code = await mailedCode(server.mailDir, EDITOR, started - 1000);
  await call(server.url, 'confirmEmail', { code }, token);
  return token;
}

/** A browser context signed in to the app with `token`, as the app leaves a browser. */
async function signedInContext(token, options) {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(t));
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  return context;
}

/** A phone's context of a visitor, recording what the page's policy refused and its errors. */
async function visitorPhone(locale = 'es-ES') {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale });
  const problems = [];
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (/content.security.policy|refused/i.test(message.text())) problems.push(message.text());
  });
  return { context, problems };
}

let editorToken;
let editorPage;

test('an editor writes a post in Spanish with a live preview, a cover, and publishes it', async () => {
  editorToken = await editorAccount();
  const context = await signedInContext(editorToken, { viewport: DESKTOP });
  editorPage = await context.newPage();
  const page = editorPage;
  await page.goto(`${server.url}/posts/admin`);
  await page.getByRole('heading', { level: 1, name: 'Blog posts' }).waitFor();
  await page.getByText('No posts yet.').waitFor();
  await page.getByTestId('new-post').click();
  await page.waitForURL(/\/posts\/admin\/list\/detail$/);
  await page.getByTestId('post-language').selectOption('es');
  await page.getByTestId('post-title').fill(TITLE);
  await page.getByTestId('post-abstract').fill('Cómo un encargado planifica la semana de su equipo en diez minutos.');
  await page.getByTestId('post-tags').fill('Turnos, Equipos');
  await page.getByTestId('post-content').fill('Planificar **cada semana** ahorra horas.\n\n## Tres pasos\n\n1. Mira la disponibilidad.\n2. Carga la plantilla.\n3. Publica.\n\n<script>alert(1)</script>');
  // The server's rendering shows beside the text, without the script.
  await page.getByTestId('post-preview').locator('strong', { hasText: 'cada semana' }).waitFor();
  assert.equal(await page.getByTestId('post-preview').locator('script').count(), 0);
  await page.getByTestId('post-conclusion').fill('Empieza hoy.');
  await page.getByTestId('post-cover').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: png(1600, 800) });
  await page.getByRole('img', { name: 'The cover picture' }).waitFor();
  await page.getByTestId('save-post').click();
  await page.waitForURL(/\/posts\/admin\/list\/detail\?id=/);
  await page.getByTestId('post-state').getByText('Draft').waitFor();
  assert.equal(await page.getByTestId('post-slug').inputValue(), SLUG);
  // A draft is not on the blog.
  assert.equal((await fetch(`${server.url}/posts/${SLUG}?lang=es`)).status, 404);
  await page.getByTestId('publish-post').click();
  await page.getByTestId('post-state').getByText('Published').waitFor();
  await page.getByTestId('view-post').waitFor();
  await screenshot(page, 'blog-editor-desktop', { fullPage: false });
  await page.goto(`${server.url}/posts/admin/list`);
  await page.getByTestId('post').getByText(TITLE).waitFor();
});

test("the post's HTML carries its meta tags without running a script", async () => {
  const res = await fetch(`${server.url}/posts/${SLUG}?lang=es`);
  assert.equal(res.status, 200);
  const html = await res.text();
  for (const needle of [
    '<html lang="es" dir="ltr">',
    `<title>${TITLE}</title>`,
    '<meta name="description" content="Cómo un encargado planifica la semana de su equipo en diez minutos.">',
    `<link rel="canonical" href="${server.url}/posts/${SLUG}?lang=es">`,
    '<meta property="og:type" content="article">',
    `<meta property="og:title" content="${TITLE}">`,
    '<meta property="og:locale" content="es_ES">',
    `<meta property="og:image" content="${server.url}/api/v1/files/`,
    '<script type="application/ld+json">',
    '"@type":"BlogPosting"',
    `"headline":"${TITLE}"`,
    '<link rel="alternate" type="application/atom+xml"',
  ]) {
    assert.ok(html.includes(needle), `${needle} is not in the page`);
  }
  assert.ok(!html.includes('<script>alert(1)</script>'));
  const feed = await (await fetch(`${server.url}/posts/feed/es`)).text();
  assert.ok(feed.includes(`<title>${TITLE}</title>`));
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  assert.ok(sitemap.includes(`<loc>${server.url}/posts/${SLUG}?lang=es</loc>`));
});

test('a visitor on a phone reads it, likes it once, comments, and sees the comment once approved', async () => {
  const { context, problems } = await visitorPhone();
  const page = await context.newPage();
  await page.goto(`${server.url}/posts`);
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  await page.locator('#posts').getByRole('link', { name: TITLE }).click();
  await page.waitForURL(new RegExp(`/posts/${SLUG}\\?lang=es$`));
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  assert.equal(await overflows(page), false, 'the post is wider than the phone');
  // Counted as its reader once the page is shown.
  await page.locator('[data-seen]', { hasText: '1' }).waitFor();

  const like = page.getByRole('button', { name: 'Me gusta esta entrada' });
  await like.click();
  await page.locator('[data-likes]', { hasText: '1' }).waitFor();
  const liked = page.getByRole('button', { name: 'Te gusta esta entrada' });
  assert.equal(await liked.getAttribute('aria-pressed'), 'true');
  await liked.click();
  // A second like changes nothing, however often, and after a reload too.
  await page.waitForTimeout(500);
  assert.equal(await page.locator('[data-likes]').innerText(), '1');
  await page.reload();
  assert.equal(await page.locator('[data-likes]').innerText(), '1');
  assert.equal(await page.locator('[data-seen]').innerText(), '1');
  assert.equal(await page.getByRole('button', { name: 'Te gusta esta entrada' }).getAttribute('aria-pressed'), 'true');

  // A person reads before writing: the page's ticket needs a few seconds.
  await page.waitForTimeout(3500);
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Correo electrónico (nunca se muestra)').fill('lucia@example.com');
  await page.getByLabel('Comentario', { exact: true }).fill('¡Muy útil, gracias!');
  await page.getByRole('button', { name: 'Enviar comentario' }).click();
  await page.getByText('¡Gracias! Tu comentario aparecerá cuando un editor lo apruebe.').waitFor();
  assert.equal(await page.locator('.comment').count(), 0, 'shown before it is approved');
  await screenshot(page, 'blog-post-phone', { fullPage: false });

  // The editor approves it.
  const editor = editorPage;
  await editor.goto(`${server.url}/posts/admin/list`);
  await editor.getByTestId('post').getByText('1 comment waiting').waitFor();
  await editor.getByRole('link', { name: TITLE }).click();
  await editor.getByTestId('post-comment').getByText('¡Muy útil, gracias!').waitFor();
  await editor.getByTestId('post-comment').getByText('lucia@example.com').waitFor();
  await editor.getByTestId('approve-comment').click();
  await editor.getByTestId('post-comment').getByText('Shown').waitFor();

  await page.reload();
  await page.locator('.comment', { hasText: '¡Muy útil, gracias!' }).waitFor();
  assert.ok(!(await page.content()).includes('lucia@example.com'), 'the address is never shown');
  assert.deepEqual(problems, []);
  await context.close();
});

test("once narrated, the visitor's page shows the player and it plays", async () => {
  // The speech worker loads its models, then reads the post aloud in the background.
  let audio = null;
  const deadline = Date.now() + 180_000;
  while (!audio) {
    assert.ok(Date.now() < deadline, 'the post was not narrated in 3 minutes');
    const res = await fetch(`${server.url}/api/v1/posts/by-slug/${SLUG}?lang=es`);
    audio = (await res.json()).data.audio;
    if (!audio) await new Promise((r) => setTimeout(r, 500));
  }
  assert.ok(audio.duration > 0);
  const { context, problems } = await visitorPhone();
  const page = await context.newPage();
  await page.goto(`${server.url}/posts/${SLUG}?lang=es`);
  const player = page.locator('section.listen audio');
  await player.waitFor();
  assert.equal(await player.getAttribute('src'), audio.url);
  // Played (muted, as a page may play without a gesture): it runs, and knows its length.
  const played = await player.evaluate(async (element) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => {
      const check = () => (element.currentTime > 0.3 ? resolve() : setTimeout(check, 50));
      check();
    });
    element.pause();
    return { duration: element.duration, currentTime: element.currentTime, error: element.error?.code ?? null };
  });
  assert.equal(played.error, null);
  assert.ok(Number.isFinite(played.duration) && played.duration > 0, `duration ${played.duration}`);
  assert.ok(Math.abs(played.duration - audio.duration) <= 1, `plays ${played.duration} s, shows ${audio.duration} s`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the blog pages pass axe and fit the phone in Spanish and Persian', async () => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  const found = [];
  for (const [path, lang, dir] of [
    ['/posts?lang=es', 'es', 'ltr'],
    [`/posts/${SLUG}?lang=es`, 'es', 'ltr'],
    ['/posts?lang=fa', 'fa', 'rtl'],
  ]) {
    await page.goto(`${server.url}${path}`);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await page.getAttribute('html', 'dir'), dir);
    if (await overflows(page)) found.push(`${path}: wider than the phone`);
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  await screenshot(page, 'blog-list-fa-phone', { fullPage: false });
  const editor = await signedInContext(editorToken, { viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
  const admin = await editor.newPage();
  for (const path of ['/posts/admin/list', '/posts/admin/list/detail']) {
    await admin.goto(`${server.url}${path}`);
    await admin.getByRole('heading', { level: 1 }).waitFor();
    if (await overflows(admin)) found.push(`${path}: wider than the phone`);
    for (const v of await violations(admin)) found.push(`${path}: ${v}`);
  }
  assert.deepEqual(found, []);
  await editor.close();
  await context.close();
});

test("the app's service worker leaves the blog's pages to the server and opens the editors' screens itself", async () => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  for (const path of ['/posts', `/posts/${SLUG}?lang=es`, '/posts/feed/es']) {
    const res = await page.goto(`${server.url}${path}`);
    assert.equal(await page.locator('#root').count(), 0, `${path} is the app's shell`);
    assert.equal(res.status(), 200, path);
  }
  await page.goto(`${server.url}/posts/admin`);
  // Signed out, the app sends its editors' screen to the login.
  await page.waitForURL(/\/login$/);
  await context.close();
});
