// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

/** A key as the code names it: plural forms share their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    // Event type names such as `store.updated` look like keys but are not; the generated API
    // types quote them in the server's descriptions.
    if (name === 'events.ts' || name === 'schema.ts') return [];
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const en = new Set(keys(resources.en.translation as Tree).map(base));
const NAMESPACES = Object.keys(resources.en.translation);

describe('translation catalogues', () => {
  for (const lng of ['es', 'de', 'fa'] as const) {
    it(`${lng} has exactly the keys of en`, () => {
      const other = new Set(keys(resources[lng].translation as Tree).map(base));
      expect([...en].filter((k) => !other.has(k))).toEqual([]);
      expect([...other].filter((k) => !en.has(k))).toEqual([]);
    });
  }

  it('holds every key the code names', () => {
    const pattern = new RegExp(`['\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]+)['\`]`, 'g');
    const missing: string[] = [];
    for (const file of sources(join(__dirname, '..'))) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (key && !en.has(key) && !key.endsWith('.')) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
