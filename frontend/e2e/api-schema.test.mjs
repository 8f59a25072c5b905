// The OpenAPI document the typed client was generated from is the one the server serves.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer } from './fixtures.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test('the committed OpenAPI document matches the server (else run: npm run gen:api:fetch)', async () => {
  const served = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
  const committed = JSON.parse(readFileSync(new URL('../src/modules/api/openapi.json', import.meta.url), 'utf8'));
  assert.deepEqual(committed, served);
});
