import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/**
 * Rubik is shown only when it is already at hand as the page first draws (`font-display:
 * optional`); otherwise the page keeps the system font for that visit and Rubik, fetched
 * meanwhile, is there from the next one. A swap of faces after the first paint would move
 * the board, and fetching the face ahead of the scripts would hold a slow phone's scripts
 * back by its 35 KB. (One variable face serves every weight: 35 KB for Latin where the
 * regular, medium and bold faces were 57 KB in three requests.) The faces are imported by
 * the startup stylesheet, whose imports are inlined by PostCSS, so the rule is a PostCSS one.
 */
const optionalFonts = {
  postcssPlugin: 'clockto-optional-fonts',
  Declaration: {
    'font-display': (decl: { value: string }) => {
      decl.value = 'optional';
    },
  },
};

/**
 * What the page needs first goes ahead of the app's scripts in index.html:
 *
 * - the stylesheet, which draws the startup frame (`modules/app/styles/startup.css`, with
 *   Rubik's faces), written into the page: the page paints as soon as it arrives, where a
 *   linked file would cost a slow phone another round trip first. (It is the page's only
 *   stylesheet: the rest of the app's styles are styled-components'. The server's content
 *   security policy admits the page's `<style>` elements by their hashes.)
 * - what runs ahead of the app (`src/start.ts`: the startup frame's mode, the reads of a
 *   signed-in start), built as an entry of its own: a few kilobytes without React, run as soon
 *   as they arrive, so the API is asked while the app's scripts are still on their way. The app
 *   imports the same module, so it runs once. (Module scripts run in the order of their tags.)
 */
function startFirst(): Plugin {
  const html = fileURLToPath(new URL('./index.html', import.meta.url));
  const entry = fileURLToPath(new URL('./src/start.ts', import.meta.url));
  return {
    name: 'clockto-start-first',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: html, start: entry } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(page, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === entry);
        if (!chunk) throw new Error('src/start.ts was not built as an entry');
        const links = page.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        const styles = links.map((tag) => {
          const href = /href="\/([^"]+)"/.exec(tag)?.[1];
          const asset = href ? bundle?.[href] : undefined;
          if (asset?.type !== 'asset') throw new Error(`index.html links a stylesheet the build did not make: ${tag}`);
          const css = String(asset.source).trim();
          if (css.includes('</style')) throw new Error(`${href} cannot be written into the page`);
          return `<style>${css}</style>`;
        });
        const rest = links.reduce((p, tag) => p.replace(tag, ''), page);
        const app = rest.indexOf('<script type="module"');
        if (app < 0) throw new Error('index.html has no app script to put the start before');
        const first = [...styles, `<script type="module" crossorigin src="/${chunk.fileName}"></script>`];
        return `${rest.slice(0, app)}${first.join('\n    ')}\n    ${rest.slice(app)}`;
      },
    },
  };
}

/**
 * The first load's scripts in few files. A phone on a slow network pays a round trip for each
 * file, and over HTTP/1.1 the browser asks for six at a time, the early reads among them; left
 * to itself the bundler cut the first load into fifteen files (modules shared by the two entries
 * and the first screens in chunks of one or two kilobytes). So the modules the start script
 * imports are one file, everything else the app imports at start is one more, and the modules
 * the lazily loaded screens share (dialogs, tabs, small helpers) are a third; a screen's own
 * modules stay in its chunk. Every module stays in exactly one chunk, so module state (atoms,
 * caches) is never duplicated.
 */
function firstLoadChunks() {
  const src = fileURLToPath(new URL('./src/', import.meta.url));
  const startEntry = `${src}start.ts`;
  const appEntry = `${src}main.tsx`;
  type Info = { importedIds: readonly string[] } | null;
  const closures = new Map<string, Set<string>>();
  /** The modules `entry` imports statically, directly or not (dynamic imports left out). */
  const staticClosure = (entry: string, info: (id: string) => Info) => {
    let seen = closures.get(entry);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of info(id)?.importedIds ?? []) stack.push(next);
    }
    closures.set(entry, seen);
    return seen;
  };
  const inClosure = (entry: string, name: string) => (id: string, ctx: { getModuleInfo: (id: string) => Info }) =>
    staticClosure(entry, (m) => ctx.getModuleInfo(m)).has(id) ? name : null;
  /** Our modules that two or more screens import, and which bring no library of their own. */
  const sharedByScreens = (id: string, ctx: { getModuleInfo: (id: string) => Info }) => {
    const info = (m: string) => ctx.getModuleInfo(m);
    const atStart = (m: string) => staticClosure(startEntry, info).has(m) || staticClosure(appEntry, info).has(m);
    if (!id.startsWith(src) || atStart(id)) return null;
    for (const dep of staticClosure(id, info)) if (!dep.startsWith(src) && !atStart(dep)) return null;
    return 'screens-shared';
  };
  // The start script's modules are taken first: the app's group would otherwise take them as
  // its own dependencies, and the start script would wait for the whole app.
  return {
    groups: [
      { name: inClosure(startEntry, 'start-core'), priority: 3 },
      { name: inClosure(appEntry, 'app'), priority: 2 },
      { name: sharedByScreens, minShareCount: 2, priority: 1 },
    ],
  };
}

/**
 * The hashed assets also written compressed at the codecs' best, `<file>.br` (brotli 11) and
 * `<file>.gz` (gzip 9), for the server to send as they are (`asset` in the backend's
 * `startup.rs`): the app's scripts come a sixth smaller than compressed as they are sent,
 * which a server cannot afford to do at its best on every answer. A compressed copy no smaller
 * than the file is not written.
 */
function precompressed(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'clockto-precompressed',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const out = dir ?? 'dist';
      const files = Object.values(bundle).filter((f) => f.fileName.startsWith('assets/') && /\.(js|css|svg|json)$/.test(f.fileName));
      await Promise.all(
        files.map(async (f) => {
          const source = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipped(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(join(out, `${f.fileName}.br`), br);
          if (gz.length < source.length) await writeFile(join(out, `${f.fileName}.gz`), gz);
        }),
      );
    },
  };
}

/** The backend the dev server forwards API and socket traffic to. */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    startFirst(),
    precompressed(),
    // The installable app: its manifest, and a service worker that keeps the built shell
    // (index.html and the hashed assets) so the app opens offline. The worker is registered
    // from the app's code (`modules/pwa`): the server's policy admits no inline script. A new
    // version waits until the user reloads from the update prompt.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      filename: 'sw.js',
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Clockto',
        short_name: 'Clockto',
        description: 'Shift scheduling and time tracking for your team',
        lang: 'en',
        // The manifest's texts are English (the name is the same in every language).
        dir: 'ltr',
        // The app's home (`/` is the public landing page the server renders): an installed
        // app opens on the user's screen, or sign-in.
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        // The default theme's primary colour and page background (modules/ui/theme).
        theme_color: '#0969da',
        background_color: '#f6f8fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.{png,svg}', 'push-sw.js'],
        // The app's screens are one page: a navigation offline gets the cached index.html,
        // but never the API's or the socket's addresses, nor stored files, nor the public
        // pages the server renders (the landing page at `/`, pricing, contact, the blog's
        // posts, feeds and sitemap; the editors' `/posts/admin` screens are the app's), which
        // the app's shell would hide. Workbox matches these against the path and its query.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/socket\.io\//,
          /^\/uploads\//,
          /^\/health$/,
          /^\/(\?.*)?$/,
          /^\/(pricing|contact-us)\/?(\?.*)?$/,
          /^\/posts(?!\/admin(?:[/?]|$))([/?].*)?$/,
          /^\/(sitemap\.xml|robots\.txt)$/,
          /^\/site\//,
        ],
        // Web Push handlers (public/push-sw.js).
        importScripts: ['push-sw.js'],
        // The first worker takes the open page at once; later ones wait for the prompt.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/socket.io': { target: backend, ws: true },
      // The public pages the server renders, and their files (`/` stays the app's here).
      '/pricing': backend,
      '/contact-us': backend,
      '/site/': backend,
    },
  },
  css: { postcss: { plugins: [optionalFonts] } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 800,
    rolldownOptions: { experimental: { chunkOptimization: { mergeCommonChunks: false } }, output: { codeSplitting: firstLoadChunks() } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
