// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallName, CallOutput } from './types';

const here = join(__dirname);

describe('generated API types', () => {
  it('match the committed OpenAPI document (run `npm run gen:api` after changing it)', async () => {
    const doc = JSON.parse(readFileSync(join(here, 'openapi.json'), 'utf8'));
    const generated = astToString(await openapiTS(doc));
    const committed = readFileSync(join(here, 'schema.ts'), 'utf8');
    const body = (text: string) => text.slice(text.indexOf('export'));
    expect(body(committed)).toBe(body(generated));
  });

  it('give every call a typed answer', () => {
    // Checked by the compiler: a call whose `data` the document leaves open would be named here.
    type Untyped = { [N in CallName]: unknown extends CallOutput<N> ? N : never }[CallName];
    expectTypeOf<Untyped>().toEqualTypeOf<never>();
    const doc = JSON.parse(readFileSync(join(here, 'openapi.json'), 'utf8')) as {
      paths: Record<string, { post?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
    };
    const open = Object.entries(doc.paths)
      .filter(([, item]) => item.post)
      .filter(([, item]) => {
        const schema = item.post?.responses['200']?.content?.['application/json']?.schema as
          | { properties?: { data?: object } }
          | undefined;
        return !schema?.properties?.data || Object.keys(schema.properties.data).length === 0;
      })
      .map(([path]) => path);
    expect(open).toEqual([]);
  });
});
