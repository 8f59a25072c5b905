// A person's archive and the deletion of their account, at the size of a year's work: one
// employee with DAYS (default 365) days of three published shifts each (about 1,100 shifts),
// MESSAGES (default 300) team messages and a time-off request a week, in a store of TEAM
// (default 20) co-workers. Prints the bytes of `GET /api/v1/me/archive` and the p50 / p95 of
// READS (default 20) reads of it one after another, then the time `deleteAccount` takes (every
// record forgotten in its store's commit, the account emptied, the sessions ended) beside what
// the owner's termination of a co-worker with the same year of shifts takes. Writes
// bench/RESULTS-privacy.md.
//
//   BACKEND_BIN=target/release/backend node bench/privacy.mjs
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
process.env.BACKEND_BIN ??= join(repo, 'target', 'release', 'backend');
const { startServer, ownerWithStore, employeeJoined, employeeId, call } = await import('../frontend/e2e/fixtures.mjs');

const DAYS = Number(process.env.DAYS || 365);
const MESSAGES = Number(process.env.MESSAGES || 300);
const TEAM = Number(process.env.TEAM || 20);
const READS = Number(process.env.READS || 20);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n) => `${n.toFixed(1)} ms`;

async function get(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
}

const server = await startServer({ env: { RUST_LOG: 'error' }, staticDir: '/nonexistent' });
try {
  const owner = await ownerWithStore(server, { email: 'privacy-bench-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'privacy-bench-ana@example.com', firstName: 'Ana' });
  for (let i = 0; i < TEAM - 1; i += 1) {
    await employeeJoined(server, owner, { email: `privacy-bench-${i}@example.com`, firstName: `Co${i}` });
  }
  const anaId = await employeeId(server, owner, ana.email);
  // Ben has the same year of work, and is terminated by the owner: what deleting costs beside
  // what the store's own termination of a record costs.
  const ben = await employeeJoined(server, owner, { email: 'privacy-bench-ben@example.com', firstName: 'Ben' });
  const benId = await employeeId(server, owner, ben.email);
  const tomorrow = Math.ceil(Date.now() / DAY) * DAY;

  /** A year of shifts for `assigned`: three a day from tomorrow, made 365 at a time, then published. */
  async function yearOfShifts(assigned) {
    const ids = [];
    for (const hour of [6, 10, 14]) {
      for (let from = 0; from < DAYS; from += 365) {
        const starts = Array.from({ length: Math.min(365, DAYS - from) }, (_, d) => tomorrow + (from + d) * DAY + hour * HOUR);
        const made = await call(
          server.url,
          'createShift',
          { storeId: owner.storeId, title: `Shift ${hour}`, start: starts[0], end: starts[0] + 3 * HOUR, role: owner.roleId, assigned, repeat: starts.slice(1) },
          owner.token,
        );
        ids.push(...made.shifts.map((s) => s.id));
      }
    }
    for (let i = 0; i < ids.length; i += 200) {
      await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: ids.slice(i, i + 200) }, owner.token);
    }
    return ids.length;
  }
  await yearOfShifts(anaId);
  const bensShifts = await yearOfShifts(benId);
  const conversations = await (await get(`${server.url}/api/v1/stores/${owner.storeId}/conversations`, ana.token)).json();
  const team = conversations.data.find((c) => c.kind === 'team');
  for (let i = 0; i < MESSAGES; i += 1) {
    await call(server.url, 'sendMessage', { store: owner.storeId, conversationId: team.id, content: `message ${i} from Ana` }, ana.token);
  }
  for (let w = 0; w < 52; w += 1) {
    const start = tomorrow + (400 + w * 7) * DAY;
    await call(server.url, 'requestTimeOff', { store: owner.storeId, start, end: start + DAY - 1, entireDay: true, description: `week ${w}` }, ana.token);
  }

  // The archive, read one after another.
  const times = [];
  let bytes = 0;
  let counted;
  for (let i = 0; i < READS; i += 1) {
    const t0 = performance.now();
    const res = await get(`${server.url}/api/v1/me/archive`, ana.token);
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = body.byteLength;
    if (!counted) {
      const doc = JSON.parse(new TextDecoder().decode(body));
      counted = { shifts: doc.stores[0].shifts.length, messages: doc.stores[0].messagesSent.length, requests: doc.stores[0].requests.length };
    }
  }
  times.sort((a, b) => a - b);

  // Deleting the account: one store to forget her in, with her year of shifts to release.
  const t0 = performance.now();
  await call(server.url, 'deleteAccount', { confirmation: ana.email }, ana.token);
  const deletion = performance.now() - t0;
  const t1 = performance.now();
  await call(server.url, 'terminateEmployee', { storeId: owner.storeId, employeeId: benId }, owner.token);
  const termination = performance.now() - t1;
  const gone = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${ana.token}` } });
  if (gone.status !== 401) throw new Error(`the session outlived the deletion: ${gone.status}`);

  const lines = [
    '# Privacy: the archive and deleting an account',
    '',
    `Server: a ${basename(dirname(process.env.BACKEND_BIN))} build; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB; ${new Date().toISOString()}.`,
    '',
    `One employee with ${counted.shifts} published shifts, ${counted.messages} messages sent and ${counted.requests} requests, in a store of ${TEAM} employees.`,
    '',
    '| Figure | Value |',
    '|---|---|',
    `| archive size | ${(bytes / 1024).toFixed(0)} KiB |`,
    `| archive read p50 (${READS} reads) | ${ms(pct(times, 50))} |`,
    `| archive read p95 | ${ms(pct(times, 95))} |`,
    `| deleteAccount (forget her in the store, release her ${counted.shifts} upcoming shifts, empty the account, end her sessions) | ${ms(deletion)} |`,
    `| for comparison: terminateEmployee of a co-worker with ${bensShifts} upcoming shifts | ${ms(termination)} |`,
    '',
    'Both release every upcoming shift in one commit and tell the co-workers who could work each one that it waits in the pool, which is most of their time.',
    '',
  ];
  const out = lines.join('\n');
  console.log(out);
  writeFileSync(join(here, 'RESULTS-privacy.md'), out);
} finally {
  await server.stop();
}
