// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const here = join(__dirname);

describe('generated API types', () => {
  it('match the committed OpenAPI document (run `npm run gen:api` after changing it)', async () => {
    const doc = JSON.parse(readFileSync(join(here, 'openapi.json'), 'utf8'));
    const generated = astToString(await openapiTS(doc));
    const committed = readFileSync(join(here, 'schema.ts'), 'utf8');
    const body = (text: string) => text.slice(text.indexOf('export'));
    expect(body(committed)).toBe(body(generated));
  });
});
