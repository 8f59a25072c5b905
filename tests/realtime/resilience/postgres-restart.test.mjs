// Restarting Postgres under load (longer than the test command's tests: run by
// scripts/resilience.sh). The test runs its own private Postgres cluster, never the shared one.
// While the database is down, calls fail with a clear 503 and the server stays up; when it is
// back, service resumes by itself and no acknowledged edit is lost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const DOWN_MS = Number(process.env.RESILIENCE_DOWN_MS || 4000);
const RECOVERY_LIMIT_MS = 30_000;

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const pgBin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return join('/usr/lib/postgresql', versions.at(-1), 'bin');
})();

/** Runs a Postgres tool as the `postgres` user when we are root (initdb refuses root). */
function pgTool(tool, args) {
  const cmd = join(pgBin, tool);
  if (userInfo().uid === 0) {
    return execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  }
  return execFileSync(cmd, args, { stdio: 'pipe' });
}

let dataDir;
let port;
let cluster;
let team;
let shiftId;
let lib;

function pgStart() {
  pgTool('pg_ctl', [
    '-D', dataDir, '-w', '-l', join(dataDir, 'server.log'),
    '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, 'start',
  ]);
}

function pgStop() {
  pgTool('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clockto-pg-'));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dataDir, uid, gid);
  }
  port = await freePort();
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  pgStart();
  process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
  lib = {
    ...(await import('../lib/server.mjs')),
    ...(await import('../lib/api.mjs')),
  };
  cluster = await lib.Cluster.start({ env: { DATABASE_CONNECT_TIMEOUT_MS: '1000' } });
  team = await lib.createTeam(cluster);
  const role = await lib.data(
    cluster.server,
    'createRole',
    { store: team.storeId, roleData: { title: 'Staff', color: '#123456' } },
    team.owner.token,
  );
  const start = Date.now() + 5 * 24 * 3600_000;
  const created = await lib.data(
    cluster.server,
    'createShift',
    { storeId: team.storeId, title: 'Shift', start, end: start + 4 * 3600_000, role: role.id },
    team.owner.token,
  );
  shiftId = created.shifts[0].id;
});

after(async () => {
  try {
    await cluster?.stop();
  } finally {
    try {
      pgStop();
    } catch {
      // already stopped
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a Postgres restart under load: 503 while down, recovery by itself, nothing acknowledged lost', async () => {
  const server = cluster.server;
  let stderr = '';
  server.proc.stderr.on('data', (d) => (stderr += d));
  const results = []; // {at, status, code, title}
  let stop = false;
  const worker = async (w) => {
    for (let n = 0; !stop; n++) {
      const title = `w${w}-${n}`;
      let reply;
      try {
        reply = await lib.call(
          server,
          'updateShift',
          { storeId: team.storeId, shiftId, updatedShift: { title } },
          team.owner.token,
        );
      } catch (e) {
        results.push({ at: Date.now(), status: 0, code: String(e), title });
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      results.push({ at: Date.now(), status: reply.status, code: reply.body.code, title });
      if (reply.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  await new Promise((r) => setTimeout(r, 1000));

  const downAt = Date.now();
  pgStop();
  await new Promise((r) => setTimeout(r, DOWN_MS));
  const upAt = Date.now();
  pgStart();
  const deadline = upAt + RECOVERY_LIMIT_MS;
  while (!results.some((r) => r.at > upAt && r.status === 200) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 1000));
  stop = true;
  await Promise.all(workers);

  const whileDown = results.filter((r) => r.at > downAt + 500 && r.at < upAt);
  assert.ok(whileDown.length > 0, 'calls were made while the database was down');
  const unexpected = whileDown.filter((r) => !(r.status === 503 && r.code === 'service_unavailable'));
  assert.deepEqual(unexpected, [], 'while down, every call is a clear 503');
  const recovered = results.find((r) => r.at > upAt && r.status === 200);
  assert.ok(recovered, 'service resumed by itself');
  console.log(
    `down ${upAt - downAt} ms: ${whileDown.length} calls answered 503; ` +
      `first success ${recovered.at - upAt} ms after Postgres was back; ` +
      `${results.filter((r) => r.status === 200).length} edits acknowledged in all`,
  );
  assert.equal(server.proc.exitCode, null, 'the server is still running');
  assert.ok(!stderr.includes('panicked'), 'nothing panicked');

  const acked = results.filter((r) => r.status === 200).map((r) => r.title);
  const rows = await lib.query(
    cluster.dbUrl,
    `SELECT data->>'title' AS title FROM store_events WHERE store_id = $1 AND kind = 'shift.updated'`,
    [team.storeId],
  );
  const durable = new Set(rows.map((r) => r.title));
  assert.deepEqual(acked.filter((t) => !durable.has(t)), [], 'no acknowledged edit is lost');
});
