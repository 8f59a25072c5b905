// N4: the ceiling of Postgres LISTEN/NOTIFY on this machine, measured directly with `pg`, in a
// database of its own. `senders` connections send `SELECT pg_notify(channel, payload)`, each its
// own transaction as every commit of ours is, at stepped rates; 1, 2 and 4 listening
// connections (one per node, as ours keeps) time each notification from its send to its
// arrival. The payload is shaped as ours: `<storeId>:<version>` (45 bytes). A step holds when
// the senders keep up, every listener hears 99 % within the drain and p99 ≤ 100 ms; the
// highest such step is the sustained rate.
//
// Beside it, pgbench counts what NOTIFY costs a commit: transactions per second of a write
// alone, and of the same write with a `pg_notify` (Postgres takes one lock for the whole
// cluster while a notifying transaction commits, so these commits queue behind each other).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { now } from './eio.mjs';
import { adminUrl, dbUrl, psql } from './targets.mjs';
import { percentile } from './workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CHANNEL = 'bench_notify';

async function connect(url, n) {
  return Promise.all(Array.from({ length: n }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c;
  }));
}

/** One listener count: stepped rates until one does not hold. */
async function ladder(url, { listeners: count, senders: sendersCount, rates, seconds }) {
  const listeners = await connect(url, count);
  const senders = await connect(url, sendersCount);
  const store = randomUUID();
  let sentAt = new Map();
  let heard = new Array(count).fill(0);
  let latencies = [];
  listeners.forEach((l, k) => {
    l.on('notification', (msg) => {
      const at = now();
      const t = sentAt.get(Number(msg.payload.slice(37)));
      if (t === undefined) return;
      heard[k]++;
      latencies.push(at - t);
    });
  });
  for (const l of listeners) await l.query(`LISTEN ${CHANNEL}`);
  const steps = [];
  let seq = 1;
  for (const rate of rates) {
    sentAt = new Map();
    heard = new Array(count).fill(0);
    latencies = [];
    const total = rate * seconds;
    const start = now();
    let sent = 0;
    let answered = 0;
    let failed = 0;
    const pending = [];
    while (sent < total) {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const id = seq++;
        sentAt.set(id, now());
        pending.push(senders[sent % senders.length]
          .query('SELECT pg_notify($1, $2)', [CHANNEL, `${store}:${id}`])
          .then(() => { answered++; }, () => { failed++; }));
        sent++;
      }
      await sleep(1);
    }
    await Promise.all(pending);
    const sendSeconds = (now() - start) / 1000;
    const drainUntil = now() + 3000;
    while (Math.min(...heard) < total && now() < drainUntil) await sleep(10);
    const elapsed = (now() - start) / 1000;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const keptUp = sendSeconds <= seconds * 1.1 && failed === 0;
    const ok = keptUp && Math.min(...heard) >= 0.99 * total && p99 <= 100;
    steps.push({
      rate,
      sentPerSecond: answered / sendSeconds,
      heardPerSecond: heard.reduce((a, b) => a + b, 0) / count / elapsed,
      p50,
      p99,
      ok,
      load: loadavg()[0],
    });
    console.log(`  N4 ${count} listener(s) @${rate}/s: sent ${(answered / sendSeconds).toFixed(0)}/s, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, heard ${Math.min(...heard)}/${total}${ok ? '' : ' (does not hold)'}`);
    await sleep(500);
    if (!ok) break;
  }
  for (const c of [...listeners, ...senders]) await c.end();
  return steps;
}

/** Transactions per second of a pgbench script over `clients` connections for `seconds`. */
function pgbench(url, script, clients, seconds) {
  const dir = mkdtempSync(join(tmpdir(), 'clockto-notify-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const out = execFileSync('pgbench', ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const m = out.match(/tps = ([\d.]+)/);
    return m ? Number(m[1]) : NaN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function n4({ listenerCounts = [1, 2, 4], senders = 4, rates, seconds, benchSeconds = 5 }) {
  const db = `clockto_bench_notify_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  psql(adminUrl, `CREATE DATABASE ${db}`);
  const url = dbUrl(db);
  const figures = {};
  try {
    for (const listeners of listenerCounts) {
      const steps = await ladder(url, { listeners, senders, rates, seconds });
      const held = steps.filter((s) => s.ok);
      const best = held.at(-1);
      const label = `N4 NOTIFY, ${senders} senders, ${listeners} listener(s)`;
      figures[`${label}: sustained notifications/s`] = best ? best.sentPerSecond : 0;
      figures[`${label}: p50 ms at it`] = best ? best.p50 : NaN;
      figures[`${label}: p99 ms at it`] = best ? best.p99 : NaN;
      const over = steps.find((s) => !s.ok);
      if (over) {
        figures[`${label}: first rate not held (offered/s)`] = over.rate;
        figures[`${label}: sent/s there`] = over.sentPerSecond;
        figures[`${label}: p99 ms there`] = over.p99;
      }
      figures[`${label}: load average (1 min)`] = steps.at(-1)?.load ?? NaN;
    }
    // What a notification costs a durable commit: one row written per transaction, with and
    // without `pg_notify`, 16 clients (a node's pool) on rows of their own; and the NOTIFY
    // alone with nothing written.
    psql(url, 'CREATE TABLE bench_rows (id int PRIMARY KEY, v bigint NOT NULL); INSERT INTO bench_rows SELECT g, 0 FROM generate_series(1, 1000) g');
    const write = '\\set id random(1, 1000)\nBEGIN;\nUPDATE bench_rows SET v = v + 1 WHERE id = :id;\n';
    const listener = (await connect(url, 1))[0];
    await listener.query(`LISTEN ${CHANNEL}`);
    figures['N4 pgbench 16 clients: commits/s, one row each'] = pgbench(url, `${write}COMMIT;\n`, 16, benchSeconds);
    figures['N4 pgbench 16 clients: commits/s, one row and a NOTIFY each (1 listener)'] = pgbench(url, `${write}SELECT pg_notify('${CHANNEL}', '${randomUUID()}:' || :id);\nCOMMIT;\n`, 16, benchSeconds);
    figures['N4 pgbench 16 clients: commits/s, one row each, its NOTIFY after the commit in a transaction of its own (1 listener)'] = pgbench(url, `${write}COMMIT;\nSELECT pg_notify('${CHANNEL}', '${randomUUID()}:' || :id);\n`, 16, benchSeconds);
    figures['N4 pgbench 16 clients: NOTIFY alone per second (1 listener)'] = pgbench(url, `SELECT pg_notify('${CHANNEL}', '${randomUUID()}:1');\n`, 16, benchSeconds);
    await listener.end();
  } finally {
    psql(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
  return figures;
}
