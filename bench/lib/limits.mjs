// The physical limits under the workloads: what a perfect server would reach on this machine,
// measured each run beside ours and the peers'. Two floors, each measured without any server:
//
// - the kernel's cost of sending on TCP loopback (`limits/loopback.c`, compiled here with the
//   machine's gcc): one frame's one-way trip, one frame to each of N sockets (CPU of the sender
//   and of an epoll reader, and when each frame arrives), and the memory an epoll server needs
//   for an idle connection;
// - Postgres's commit on the same server and disk (`pgbench`, one round trip a transaction,
//   prepared, with a connection listening as ours always has one): an edit's commit (an outbox
//   INSERT and its `pg_notify`), a chat message's (message, read mark and outbox INSERTs and
//   the `pg_notify`), and a whole batch of edits in one commit.
//
// A latency floor adds the parts an edit goes through (in over loopback, committed, out to the
// sockets) by drawing each part at random from its own measured times: the p50 or p99 of that
// sum is the floor's. What the load generator itself costs is not in any floor.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pgbench } from './pgbench.mjs';
import { adminUrl, dbUrl, psql } from './targets.mjs';
import { percentile, W3_SHAPES } from './workloads.mjs';

const source = join(dirname(fileURLToPath(import.meta.url)), '..', 'limits', 'loopback.c');

/** An edit's delivery and a chat message's, as the workloads send them: W2's bytes per
 * delivery (512; a chat message's is taken to be the same). */
const FRAME = 512;
/** W5's bytes per delivery: an edit carrying 40 tasks. */
const LARGE_FRAME = 4636;
/** W2's stores have 5 to 25 sockets; its median store has 15. */
const W2_STORE = 15;
const W5_SOCKETS = 100;
const IDLE_SOCKETS = 10000;
const CHANNEL = 'bench_limits';
/** Connections left to others (and to Postgres's superusers) when pgbench takes many. */
const RESERVED_CONNECTIONS = 8;

/** The fan-outs measured: W1's two store sizes, W8's 500 members, W2's median store, W5. */
const FANOUTS = [
  { sockets: 1000, size: FRAME, rounds: 100 },
  { sockets: 500, size: FRAME, rounds: 100 },
  { sockets: 100, size: FRAME, rounds: 300 },
  { sockets: W2_STORE, size: FRAME, rounds: 1000 },
  { sockets: W5_SOCKETS, size: LARGE_FRAME, rounds: 300 },
];

function loopback(binary, ...args) {
  const out = execFileSync(binary, args.map(String), { encoding: 'utf8', maxBuffer: 256 << 20 });
  return JSON.parse(out);
}

const fanKey = (sockets, size) => `${sockets}x${size}`;

/** The kernel's part, from the C program. */
function kernel(quick) {
  const dir = mkdtempSync(join(tmpdir(), 'clockto-limits-'));
  try {
    const binary = join(dir, 'loopback');
    execFileSync('gcc', ['-O2', '-o', binary, source]);
    const trips = quick ? 500 : 2000;
    const roundTrip = {};
    const oneWay = {};
    for (const size of [FRAME, LARGE_FRAME]) {
      roundTrip[size] = loopback(binary, 'pingpong', size, trips).roundTripUs.map((us) => us / 1000);
      // Half a round trip: a one-way time could only be reported by a second wake-up.
      oneWay[size] = roundTrip[size].map((ms) => ms / 2);
    }
    const fanouts = {};
    for (const { sockets, size, rounds } of FANOUTS) {
      const r = loopback(binary, 'fanout', sockets, size, quick ? Math.ceil(rounds / 3) : rounds);
      fanouts[fanKey(sockets, size)] = {
        sockets,
        size,
        senderUs: (r.senderUserUs + r.senderSysUs) / r.deliveries,
        senderSysUs: r.senderSysUs / r.deliveries,
        readerUs: (r.readerUserUs + r.readerSysUs) / r.deliveries,
        arrivalMs: r.arrivalUs.map((us) => us / 1000),
        lastArrivalMs: r.lastArrivalUs.map((us) => us / 1000),
      };
    }
    const idle = loopback(binary, 'idle', IDLE_SOCKETS);
    return {
      roundTrip,
      oneWay,
      fanouts,
      idleKiBPerSocket: (idle.rssAfterKiB - idle.rssBeforeKiB) / idle.sockets,
      idleRecordBytes: idle.recordBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Outbox rows of `rows` edits over `stores` stores, committed together, each store's newest
 * version announced once, as one statement (and so one round trip and one commit). */
const batchScript = (rows, stores) => `WITH e AS (INSERT INTO bench_events (store_id, kind, data)
  SELECT g % ${stores}, 'shift.updated', repeat('x', 400) FROM generate_series(1, ${rows}) g RETURNING store_id, id)
SELECT pg_notify('${CHANNEL}', store_id || ':' || max(id)) FROM e GROUP BY store_id;
`;

/** One edit's commit: its outbox row and its announcement. */
const EDIT = `\\set store random(1, 200)
WITH e AS (INSERT INTO bench_events (store_id, kind, data) VALUES (:store, 'shift.updated', repeat('x', 400)) RETURNING store_id, id)
SELECT pg_notify('${CHANNEL}', store_id || ':' || id) FROM e;
`;

/** One chat message's commit: the message, its sender's read mark, its outbox row and its
 * announcement. */
const CHAT = `\\set member random(1, 500)
WITH m AS (INSERT INTO bench_messages (conversation_id, sender, content) VALUES (1, :member, repeat('m', 100)) RETURNING id),
r AS (INSERT INTO bench_reads (conversation_id, member, seen) SELECT 1, :member, id FROM m
      ON CONFLICT (conversation_id, member) DO UPDATE SET seen = excluded.seen),
e AS (INSERT INTO bench_events (store_id, kind, data) SELECT 1, 'message.created', repeat('x', 400) FROM m RETURNING store_id, id)
SELECT pg_notify('${CHANNEL}', store_id || ':' || id) FROM e;
`;

/** Postgres's part, from pgbench in a database of its own on the benchmark's server. */
async function commits(quick, batches) {
  const db = `clockto_bench_limits_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  psql(adminUrl, `CREATE DATABASE ${db}`);
  const url = dbUrl(db);
  const listener = new pg.Client({ connectionString: url });
  try {
    psql(url, `CREATE TABLE bench_events (id bigserial PRIMARY KEY, store_id int NOT NULL, kind text NOT NULL,
                  data text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
                CREATE TABLE bench_messages (id bigserial PRIMARY KEY, conversation_id int NOT NULL,
                  sender int NOT NULL, content text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
                CREATE TABLE bench_reads (conversation_id int, member int, seen bigint NOT NULL,
                  PRIMARY KEY (conversation_id, member));`);
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    const seconds = quick ? 1 : 3;
    const run = (script, clients) => pgbench(url, script, { clients, seconds, latencies: clients === 1, prepared: true });
    const edit = run(EDIT, 1);
    // W3's 64 edits in flight, each its own commit; fewer clients when the shared Postgres
    // has not that many connections free (the figure names how many).
    const free = Number(psql(url, "SELECT current_setting('max_connections')::int - count(*) FROM pg_stat_activity")) -
      RESERVED_CONNECTIONS;
    const clients = Math.max(1, Math.min(64, free));
    const edit64 = { clients, ...run(EDIT, clients) };
    const chat = run(CHAT, 1);
    const batched = batches.map(({ stores, inFlight }) => ({
      stores,
      inFlight,
      ...run(batchScript(inFlight, Math.min(stores, inFlight)), 1),
    }));
    return {
      synchronousCommit: psql(url, 'SHOW synchronous_commit').trim(),
      edit,
      edit64,
      chat,
      batched,
    };
  } finally {
    await listener.end().catch(() => {});
    psql(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

/**
 * Measures both floors (about 25 s; `quick`: about 15). `batches`: W3's shapes as the run sets
 * them up, each committed as one batch.
 */
export async function measureLimits({ quick = false, batches = W3_SHAPES } = {}) {
  return { ...kernel(quick), ...(await commits(quick, batches)) };
}

/** The p-th percentile of the sum of one random draw from each part's samples. */
function combined(parts, p, draws = 50000) {
  const sums = new Float64Array(draws);
  for (let i = 0; i < draws; i++) {
    let s = 0;
    for (const part of parts) s += part[Math.floor(Math.random() * part.length)];
    sums[i] = s;
  }
  return percentile(sums, p);
}

/** The limits as named figures, for printing. */
export function limitFigures(l) {
  const f = {};
  for (const size of [FRAME, LARGE_FRAME]) {
    f[`loopback one-way trip of ${size} B, p50 µs`] = percentile(l.oneWay[size], 50) * 1000;
    f[`loopback one-way trip of ${size} B, p99 µs`] = percentile(l.oneWay[size], 99) * 1000;
  }
  for (const fan of Object.values(l.fanouts)) {
    const label = `one ${fan.size} B frame to each of ${fan.sockets} sockets`;
    f[`${label}: sender CPU µs/delivery`] = fan.senderUs;
    f[`${label}: of it in the kernel, µs/delivery`] = fan.senderSysUs;
    f[`${label}: epoll reader CPU µs/delivery`] = fan.readerUs;
    f[`${label}: sender + reader CPU µs/delivery`] = fan.senderUs + fan.readerUs;
    f[`${label}: delivery p50 ms`] = percentile(fan.arrivalMs, 50);
    f[`${label}: delivery p99 ms`] = percentile(fan.arrivalMs, 99);
    f[`${label}: all delivered, p50 ms`] = percentile(fan.lastArrivalMs, 50);
  }
  f[`idle epoll server: KiB per connection at ${IDLE_SOCKETS} (user space, a ${l.idleRecordBytes}-byte record each)`] = l.idleKiBPerSocket;
  const commit = (label, r) => {
    f[`commit, ${label}: p50 ms`] = percentile(r.latenciesMs, 50);
    f[`commit, ${label}: p99 ms`] = percentile(r.latenciesMs, 99);
    f[`commit, ${label}: commits/s`] = r.tps;
  };
  commit('one edit, 1 client', l.edit);
  f[`commit, one edit, ${l.edit64.clients} clients: commits/s`] = l.edit64.tps;
  commit('one chat message, 1 client', l.chat);
  for (const b of l.batched) {
    f[`commit, ${b.inFlight} edits of ${b.stores} store(s) in one, 1 client: commits/s`] = b.tps;
    f[`commit, ${b.inFlight} edits of ${b.stores} store(s) in one, 1 client: p50 ms`] = percentile(b.latenciesMs, 50);
  }
  return f;
}

const cpuHow = 'CPU per delivery: the sending process\'s CPU (user + system, getrusage) per frame written to N sockets, the kernel\'s loopback work for them included; neither the edit\'s reading nor its commit is in it, nor the epoll reader\'s CPU (printed with the limits), as the server\'s figure does not hold the load generator\'s';
const ackHow = 'Acknowledgements: a loopback round trip + the commit (one edit\'s, or a chat message\'s)';

/**
 * The perfect server's figure for a row of the run's table, or null where there is none:
 * `{ value, how }`, `how` naming its parts for the table's legend.
 */
export function floorOf(l, figure) {
  const fan = (n, size = FRAME) => l.fanouts[fanKey(n, size)];
  const edit = l.edit.latenciesMs;
  const chat = l.chat.latenciesMs;
  let m;
  if ((m = figure.match(/^W1 n=(\d+) p(50|99) ms/)) && fan(Number(m[1]))) {
    return {
      value: combined([l.oneWay[FRAME], edit, fan(Number(m[1])).arrivalMs], Number(m[2])),
      how: 'W1 and W2 latency: the edit in over loopback + one edit\'s commit + its frame\'s arrival among the store\'s sockets (one-way trip, then the sender\'s queue)',
    };
  }
  if ((m = figure.match(/^W1 n=(\d+) CPU µs\/delivery/)) && fan(Number(m[1]))) {
    return { value: fan(Number(m[1])).senderUs, how: cpuHow };
  }
  if ((m = figure.match(/^W1 n=(\d+) of it in the kernel/)) && fan(Number(m[1]))) {
    return { value: fan(Number(m[1])).senderSysUs, how: cpuHow };
  }
  if ((m = figure.match(/^W1 one edit to all (\d+) sockets/)) && fan(Number(m[1]))) {
    return {
      value: combined([l.oneWay[FRAME], edit, fan(Number(m[1])).lastArrivalMs], 50),
      how: 'W1 one edit to all: the edit in + its commit + the time until the last of the sockets has its frame',
    };
  }
  if (figure.startsWith('W1 one edit to a store nobody watches')) {
    return { value: combined([l.roundTrip[FRAME], edit], 50), how: ackHow };
  }
  if ((m = figure.match(/^W2 p(50|99) ms/))) {
    return { value: combined([l.oneWay[FRAME], edit, fan(W2_STORE).arrivalMs], Number(m[1])), how: `W2 latency: as W1's, in a store of ${W2_STORE} sockets (W2's median)` };
  }
  if (figure === 'W2 CPU µs/delivery') return { value: fan(W2_STORE).senderUs, how: cpuHow };
  if (figure === 'W2 of it in the kernel, µs/delivery') return { value: fan(W2_STORE).senderSysUs, how: cpuHow };
  if ((m = figure.match(/^W3 (\d+) store\(s\) (durable edits\/s|ack p50 ms|ack p99 ms)/))) {
    const b = l.batched.find((x) => x.stores === Number(m[1]));
    if (!b) return null;
    const how = `W3: every edit in flight committed as one batch (pgbench, one client committing ${l.batched.map((x) => x.inFlight).join(' or ')} outbox rows at a time with a \`pg_notify\` per store), plus a loopback round trip; committing each edit alone, ${l.edit64.clients} clients reach ${Math.round(l.edit64.tps).toLocaleString('en-US')} commits/s`;
    if (m[2] === 'durable edits/s') {
      return { value: b.inFlight / ((1 / b.tps) + percentile(l.roundTrip[FRAME], 50) / 1000), how };
    }
    return { value: combined([l.roundTrip[FRAME], b.latenciesMs], m[2] === 'ack p50 ms' ? 50 : 99), how };
  }
  if (figure.startsWith('W5 others p99 ms')) {
    return {
      value: combined([l.oneWay[LARGE_FRAME], edit, fan(W5_SOCKETS, LARGE_FRAME).arrivalMs], 99),
      how: `W5: as W1's latency with ${LARGE_FRAME} B frames to ${W5_SOCKETS} sockets; a reader that stops reading costs a perfect server nothing`,
    };
  }
  if ((m = figure.match(/^W4 KiB per idle socket/))) {
    return {
      value: l.idleKiBPerSocket,
      how: `W4: an epoll server's resident memory per connection at ${IDLE_SOCKETS.toLocaleString('en-US')} (a ${l.idleRecordBytes}-byte record each; the kernel's socket memory, on both ends, is not in any process's RSS)`,
    };
  }
  if ((m = figure.match(/^W8 chat (\d+) readers .* delivery p(50|99) ms/)) && fan(Number(m[1]))) {
    return {
      value: combined([l.oneWay[FRAME], chat, fan(Number(m[1])).arrivalMs], Number(m[2])),
      how: 'W8 delivery: the message in + a chat message\'s commit + its frame\'s arrival among the members\' sockets',
    };
  }
  if (figure.match(/^W8 chat .* send ack p99 ms/)) {
    return { value: combined([l.roundTrip[FRAME], chat], 99), how: ackHow };
  }
  if ((m = figure.match(/^W8 chat (\d+) readers .* CPU µs\/delivery/)) && fan(Number(m[1]))) {
    return { value: fan(Number(m[1])).senderUs, how: cpuHow };
  }
  return null;
}
