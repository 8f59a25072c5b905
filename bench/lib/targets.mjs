// The servers under test: ours (the release binary on a fresh database), the bare peer (the
// reference Node socket.io server, no database) and the pg peer (Node socket.io committing
// each edit to a fresh database on the same Postgres with `pg` before it answers). Each target starts, reports its pid, and sets up
// stores to edit; an edit is a `call` of `updateShift` carrying a `b:<n>` title marker.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
// The release binary of `scripts/bench.sh`'s build (which honours CARGO_TARGET_DIR).
const binary = process.env.BACKEND_BIN ||
  join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'release', 'backend');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on at the moment. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function psql(url, sql) {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atqc', sql], { encoding: 'utf8' });
}

export function dbUrl(name) {
  return `${adminUrl.replace(/\/[^/]*$/, '')}/${name}`;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

/** CPU time a process has used in user space and in the kernel, in ms. */
export function cpuSplitMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid) {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/**
 * Starts a server process, under callgrind when `counting` (instrumentation off until a meter
 * turns it on, so start-up is not counted and runs at a tolerable speed).
 */
function launch(command, args, options, counting) {
  if (!counting) return spawn(command, args, options);
  const out = join(counting.dir, 'callgrind.out');
  return spawn('valgrind', [
    '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, command, ...args,
  ], options);
}

/** Where a target run under callgrind keeps its counts, or null when it is not. */
function countingIn(on) {
  return on ? { dir: mkdtempSync(join(tmpdir(), 'clockto-callgrind-')) } : null;
}

/** Counts what a target's process spends between `startMeter` and the meter's `stop`. */
export async function startMeter(target) {
  const counting = target.counting;
  if (counting) {
    execFileSync('callgrind_control', ['--zero', String(target.pid)], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--instr=on', String(target.pid)], { stdio: 'ignore' });
  }
  const cpu0 = cpuSplitMs(target.pid);
  return {
    /**
     * CPU ms used (and of it in the kernel), and instructions executed when the target runs
     * under callgrind (user space only: the kernel's work for its system calls is not in it).
     */
    stop() {
      const cpu1 = cpuSplitMs(target.pid);
      const system = cpu1.system - cpu0.system;
      const cpu = cpu1.user - cpu0.user + system;
      if (!counting) return { cpu, system, instructions: NaN };
      execFileSync('callgrind_control', ['--instr=off', String(target.pid)], { stdio: 'ignore' });
      const before = new Set(readdirSync(counting.dir));
      execFileSync('callgrind_control', ['--dump', String(target.pid)], { stdio: 'ignore' });
      const dump = readdirSync(counting.dir).find((f) => !before.has(f));
      const text = readFileSync(join(counting.dir, dump), 'utf8');
      // `totals:` sums the dump's costs; Ir, the instructions, is its first event.
      const line = text.match(/^totals:\s+(\d+)/m);
      return { cpu, system, instructions: line ? Number(line[1]) : NaN };
    },
  };
}

async function waitFor(check, what, ms = 20000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function api(base, name, body, token) {
  const res = await fetch(`${base}/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Starts one process of our server on the database `db`, listening on `port` or a free one
 * (and serving `/metrics` on `metricsPort` or another free one when `metrics` is set; under
 * callgrind when `counting`); resolves once it is ready. A process that does not get there is
 * stopped, not left behind.
 */
export async function startProcess({
  db, dir, jwtSecret, metrics = false, counting = null, port: fixed = null, metricsPort: fixedMetrics = null,
}) {
  const port = fixed ?? await freePort();
  const metricsPort = metrics ? fixedMetrics ?? await freePort() : null;
  const proc = launch(binary, [], {
    env: {
      ...process.env,
      JWT_SECRET: jwtSecret,
      DATABASE_URL: dbUrl(db),
      BIND: `127.0.0.1:${port}`,
      ...(metricsPort ? { METRICS_BIND: `127.0.0.1:${metricsPort}` } : {}),
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'none'),
      RUST_LOG: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', counting ? 'ignore' : 'inherit'],
  }, counting);
  const base = `http://127.0.0.1:${port}`;
  // Ready: migrated and listening (calls answer 503 until then); callgrind starts slowly.
  const patience = counting ? 300_000 : 20_000;
  await waitFor(async () => (await fetch(`${base}/ready`)).status === 200, 'our server', patience)
    .catch((e) => {
      proc.kill('SIGKILL');
      throw e;
    });
  return {
    proc,
    pid: proc.pid,
    base,
    port,
    metricsPort,
    metrics: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : null,
  };
}

async function stopProcess(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

/** Our server: the release binary on a database of its own. */
export class Ours {
  name = 'ours';

  /** @param {{counting?: boolean}} opts  run the server under callgrind */
  constructor({ counting = false } = {}) {
    this.counting = countingIn(counting);
  }

  async start() {
    this.db = `clockto_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    psql(adminUrl, `CREATE DATABASE ${this.db}`);
    this.dir = mkdtempSync(join(tmpdir(), 'clockto-bench-'));
    // Known to the load generator, which signs the tokens of seeded employees (W7).
    this.jwtSecret = randomUUID() + randomUUID();
    const node = await startProcess({
      db: this.db, dir: this.dir, jwtSecret: this.jwtSecret, counting: this.counting,
    });
    this.proc = node.proc;
    this.pid = node.pid;
    this.base = node.base;
    const email = `bench-${randomUUID()}@example.com`;
    const signed = await api(this.base, 'signup', {
      email, password: 'benchmark123', firstName: 'Bench', lastName: 'Owner',
    });
    this.token = signed.token;
  }

  /** Creates `n` stores, each with a role and one shift to edit. */
  async stores(n) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const store = await api(this.base, 'createBusiness', {
        name: `Bench ${i}`, type: 'retail and consumer', timezoneReference: 'UTC', logo: '',
      }, this.token);
      const { storeId } = store;
      const role = await api(this.base, 'createRole', {
        store: storeId, roleData: { title: 'Staff', color: '#3366ff' },
      }, this.token);
      const start = Date.now() + 7 * 24 * 3600_000;
      const created = await api(this.base, 'createShift', {
        storeId, title: 'b:0', start, end: start + 4 * 3600_000, role: role.id,
      }, this.token);
      out.push({ storeId, shiftId: created.shifts[0].id, roleId: role.id });
    }
    return out;
  }

  /** Seeds `employees` employees and `shifts` published shifts into the week starting at
   * `weekStart` (epoch ms). */
  seedWeek(store, employees, shifts, weekStart) {
    const week = `to_timestamp(${weekStart / 1000})`;
    const url = dbUrl(this.db);
    psql(url, `INSERT INTO employees (id, store_id, email, full_name, role_ids)
      SELECT gen_random_uuid(), '${store.storeId}', 'e' || g || '@bench.example.com', 'Employee ' || g,
             ARRAY['${store.roleId}']::uuid[]
      FROM generate_series(1, ${employees}) g`);
    psql(url, `WITH e AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM employees
                          WHERE store_id = '${store.storeId}' AND user_id IS NULL)
      INSERT INTO shifts (id, store_id, title, start_at, end_at, status, assigned, role_id)
      SELECT gen_random_uuid(), '${store.storeId}', 'Shift ' || g,
             ${week} + (g % 7) * interval '1 day' + (g % 3) * interval '5 hours',
             ${week} + (g % 7) * interval '1 day' + (g % 3) * interval '5 hours' + interval '4 hours',
             'published', e.id, '${store.roleId}'
      FROM generate_series(0, ${shifts - 1}) g JOIN e ON e.n = g % ${employees}`);
  }

  edit(store, marker, extra = {}) {
    return ['updateShift', { storeId: store.storeId, shiftId: store.shiftId, updatedShift: { title: `b:${marker}`, ...extra } }];
  }

  async stop() {
    await stopProcess(this.proc);
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${this.db} WITH (FORCE)`);
    } catch (e) {
      console.error(`could not drop ${this.db}: ${e.message}`);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * `n` processes of our server on one database, as several nodes behind a load balancer: the
 * same JWT secret and data directory (its generated keys), each its own port and `/metrics`.
 * The first migrates the fresh database; the others start once it is ready. `base` and `pid`
 * are the first node's, so the single-server workloads run on it unchanged.
 */
export class Cluster extends Ours {
  constructor(n) {
    super();
    this.size = n;
    this.name = `ours x${n}`;
  }

  async start() {
    this.db = `clockto_bench_nodes_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    psql(adminUrl, `CREATE DATABASE ${this.db}`);
    this.dir = mkdtempSync(join(tmpdir(), 'clockto-bench-'));
    this.jwtSecret = randomUUID() + randomUUID();
    const options = { db: this.db, dir: this.dir, jwtSecret: this.jwtSecret, metrics: true };
    this.options = options;
    this.retiredCpuMs = 0;
    this.nodes = [];
    try {
      this.nodes.push(await startProcess(options));
      const rest = await Promise.allSettled(
        Array.from({ length: this.size - 1 }, () => startProcess(options)),
      );
      for (const r of rest) if (r.status === 'fulfilled') this.nodes.push(r.value);
      const failed = rest.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (e) {
      await this.stop();
      throw e;
    }
    [{ proc: this.proc, pid: this.pid, base: this.base }] = this.nodes;
    const email = `bench-${randomUUID()}@example.com`;
    const signed = await api(this.base, 'signup', {
      email, password: 'benchmark123', firstName: 'Bench', lastName: 'Owner',
    });
    this.token = signed.token;
  }

  /** Sums a metric family over every node's `/metrics` (all its series; 0 where absent). */
  async metric(name) {
    const texts = await Promise.all(this.nodes.map(async (n) => (await fetch(n.metrics)).text()));
    let total = 0;
    for (const text of texts) {
      for (const line of text.split('\n')) {
        if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) {
          total += Number(line.slice(line.lastIndexOf(' ') + 1));
        }
      }
    }
    return total;
  }

  /** CPU ms used so far by every process of the cluster, those restarted away included. */
  cpuMs() {
    return this.nodes.reduce((sum, n) => sum + cpuMs(n.pid), this.retiredCpuMs);
  }

  /**
   * Stops node `i` with SIGTERM (it drains, then exits) and starts it again on the same ports;
   * resolves once it answers `/ready` with 200. Its CPU up to its exit is kept in `cpuMs()`.
   * Returns how long the drain took and how long the new process took to be ready, in ms.
   */
  async restart(i) {
    const old = this.nodes[i];
    const t0 = performance.now();
    const exited = new Promise((r) => old.proc.once('exit', r));
    let used = cpuMs(old.pid);
    old.proc.kill('SIGTERM');
    // Read the CPU clock until the process is gone, so its drain is counted too.
    let gone = false;
    exited.then(() => {
      gone = true;
    });
    while (!gone) {
      try {
        used = cpuMs(old.pid);
      } catch {
        // reaped
      }
      await sleep(20);
    }
    this.retiredCpuMs += used;
    const t1 = performance.now();
    this.nodes[i] = await startProcess({ ...this.options, port: old.port, metricsPort: old.metricsPort });
    if (i === 0) [{ proc: this.proc, pid: this.pid, base: this.base }] = this.nodes;
    return { drainMs: t1 - t0, startMs: performance.now() - t1 };
  }

  async stop() {
    await Promise.all((this.nodes ?? []).map((n) => stopProcess(n.proc)));
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${this.db} WITH (FORCE)`);
    } catch (e) {
      console.error(`could not drop ${this.db}: ${e.message}`);
    }
    rmSync(this.dir, { recursive: true, force: true });
    if (this.counting) rmSync(this.counting.dir, { recursive: true, force: true });
  }
}

/** The reference Node socket.io server (no database). */
export class Peer {
  name = 'peer';

  script = 'server.mjs';

  /** @param {{counting?: boolean}} opts  run the server under callgrind */
  constructor({ counting = false } = {}) {
    this.counting = countingIn(counting);
  }

  env() {
    return {};
  }

  async start() {
    this.proc = launch(process.execPath, [join(here, '..', 'peer', this.script)], {
      env: { ...process.env, ...this.env(), PORT: '0' },
      stdio: ['ignore', 'pipe', this.counting ? 'ignore' : 'inherit'],
    }, this.counting);
    const port = await new Promise((resolve, reject) => {
      this.proc.stdout.on('data', (d) => {
        const m = String(d).match(/listening (\d+)/);
        if (m) resolve(Number(m[1]));
      });
      this.proc.once('exit', () => reject(new Error('peer exited')));
    });
    this.base = `http://127.0.0.1:${port}`;
    this.pid = this.proc.pid;
    this.token = 'none';
  }

  async stores(n) {
    return Array.from({ length: n }, () => ({ storeId: randomUUID(), shiftId: randomUUID() }));
  }

  edit(store, marker, extra = {}) {
    return ['updateShift', { storeId: store.storeId, shiftId: store.shiftId, updatedShift: { title: `b:${marker}`, ...extra } }];
  }

  async stop() {
    this.proc.kill('SIGTERM');
    await new Promise((r) => this.proc.once('exit', r));
    if (this.counting) rmSync(this.counting.dir, { recursive: true, force: true });
  }
}

/** Node socket.io with `pg`: each edit committed (shift row and outbox row, one transaction)
 * on the same Postgres as ours, in a database of its own, before it is answered. */
export class PgPeer extends Peer {
  name = 'pgpeer';

  script = 'server-pg.mjs';

  env() {
    return { DATABASE_URL: dbUrl(this.db) };
  }

  async start() {
    this.db = `clockto_bench_pg_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    psql(adminUrl, `CREATE DATABASE ${this.db}`);
    await super.start();
  }

  async stop() {
    await super.stop();
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${this.db} WITH (FORCE)`);
    } catch (e) {
      console.error(`could not drop ${this.db}: ${e.message}`);
    }
  }
}
