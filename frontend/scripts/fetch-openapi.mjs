// Saves the OpenAPI document of a running server (BACKEND_URL, default http://127.0.0.1:8080)
// as the source of the generated API types.
import { writeFileSync } from 'node:fs';

const base = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';
const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json();
writeFileSync(new URL('../src/modules/api/openapi.json', import.meta.url), `${JSON.stringify(doc, null, 4)}\n`);
console.log(`saved the OpenAPI document of ${base}`);
