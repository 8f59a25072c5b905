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
//
// N5 runs the same ladder on NATS, the broker a plan past the ceiling would use.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { now } from './eio.mjs';
import { pgbench } from './pgbench.mjs';
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

/** Postgres as the bus: `senders` connections send, each listener is a connection. */
async function postgresBus(url, listenerCount, sendersCount) {
  const listeners = await connect(url, listenerCount);
  const senders = await connect(url, sendersCount);
  let turn = 0;
  return {
    async listen(onMessage) {
      listeners.forEach((l, k) => l.on('notification', (msg) => onMessage(k, msg.payload)));
      for (const l of listeners) await l.query(`LISTEN ${CHANNEL}`);
    },
    send: (payload) => senders[turn++ % senders.length].query('SELECT pg_notify($1, $2)', [CHANNEL, payload]),
    async close() {
      for (const c of [...listeners, ...senders]) await c.end();
    },
  };
}

/** NATS as the bus: one publishing connection, a subscribing connection per listener, on the
 * subject of the store (`store.<id>`) with each listener taking every store (`store.*`). */
async function natsBus(server, listenerCount) {
  const { connect: natsConnect, StringCodec } = await import('nats');
  const codec = StringCodec();
  const publisher = await natsConnect({ servers: server });
  const listeners = await Promise.all(Array.from({ length: listenerCount }, () => natsConnect({ servers: server })));
  return {
    async listen(onMessage) {
      listeners.forEach((l, k) => l.subscribe('store.*', { callback: (_, m) => onMessage(k, codec.decode(m.data)) }));
      await Promise.all(listeners.map((l) => l.flush()));
    },
    send(payload) {
      publisher.publish(`store.${payload.slice(0, 36)}`, codec.encode(payload));
      return null;
    },
    async close() {
      await publisher.flush();
      for (const c of [publisher, ...listeners]) await c.close();
    },
  };
}

/** One bus and listener count: stepped rates until one does not hold. */
async function ladder(bus, { name, listeners: count, rates, seconds }) {
  const store = randomUUID();
  let sentAt = new Map();
  let heard = new Array(count).fill(0);
  let latencies = [];
  await bus.listen((k, payload) => {
    const at = now();
    const t = sentAt.get(Number(payload.slice(37)));
    if (t === undefined) return;
    heard[k]++;
    latencies.push(at - t);
  });
  const steps = [];
  let seq = 1;
  for (const rate of rates) {
    sentAt = new Map();
    heard = new Array(count).fill(0);
    latencies = [];
    const total = rate * seconds;
    const start = now();
    let sent = 0;
    let failed = 0;
    const pending = [];
    while (sent < total) {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const id = seq++;
        sentAt.set(id, now());
        const answer = bus.send(`${store}:${id}`);
        if (answer) pending.push(answer.catch(() => { failed++; }));
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
      sentPerSecond: (sent - failed) / sendSeconds,
      heardPerSecond: heard.reduce((a, b) => a + b, 0) / count / elapsed,
      p50,
      p99,
      ok,
      load: loadavg()[0],
    });
    console.log(`  ${name} ${count} listener(s) @${rate}/s: sent ${((sent - failed) / sendSeconds).toFixed(0)}/s, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, heard ${Math.min(...heard)}/${total}${ok ? '' : ' (does not hold)'}`);
    await sleep(500);
    if (!ok) break;
  }
  await bus.close();
  return steps;
}

/** The figures of a ladder: the highest rate held, and the first one not held. */
function summary(label, steps) {
  const best = steps.filter((s) => s.ok).at(-1);
  const figures = {
    [`${label}: sustained messages/s`]: best ? best.sentPerSecond : 0,
    [`${label}: p50 ms at it`]: best ? best.p50 : NaN,
    [`${label}: p99 ms at it`]: best ? best.p99 : NaN,
  };
  const over = steps.find((s) => !s.ok);
  if (over) {
    figures[`${label}: first rate not held (offered/s)`] = over.rate;
    figures[`${label}: sent/s there`] = over.sentPerSecond;
    figures[`${label}: p99 ms there`] = over.p99;
  }
  figures[`${label}: load average (1 min)`] = steps.at(-1)?.load ?? NaN;
  return figures;
}

export async function n4({ listenerCounts = [1, 2, 4], senders = 4, rates, seconds, benchSeconds = 5 }) {
  const db = `clockto_bench_notify_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  psql(adminUrl, `CREATE DATABASE ${db}`);
  const url = dbUrl(db);
  const figures = {};
  try {
    for (const listeners of listenerCounts) {
      const bus = await postgresBus(url, listeners, senders);
      const steps = await ladder(bus, { name: 'N4 NOTIFY', listeners, rates, seconds });
      Object.assign(figures, summary(`N4 NOTIFY, ${senders} senders, ${listeners} listener(s)`, steps));
    }
    // What a notification costs a durable commit: one row written per transaction, with and
    // without `pg_notify`, 16 clients (a node's pool) on rows of their own; and the NOTIFY
    // alone with nothing written.
    psql(url, 'CREATE TABLE bench_rows (id int PRIMARY KEY, v bigint NOT NULL); INSERT INTO bench_rows SELECT g, 0 FROM generate_series(1, 1000) g');
    const write = '\\set id random(1, 1000)\nBEGIN;\nUPDATE bench_rows SET v = v + 1 WHERE id = :id;\n';
    const listener = (await connect(url, 1))[0];
    await listener.query(`LISTEN ${CHANNEL}`);
    figures['N4 pgbench 16 clients: commits/s, one row each'] = pgbench(url, `${write}COMMIT;\n`, { clients: 16, seconds: benchSeconds }).tps;
    figures['N4 pgbench 16 clients: commits/s, one row and a NOTIFY each (1 listener)'] = pgbench(url, `${write}SELECT pg_notify('${CHANNEL}', '${randomUUID()}:' || :id);\nCOMMIT;\n`, { clients: 16, seconds: benchSeconds }).tps;
    figures['N4 pgbench 16 clients: commits/s, one row each, its NOTIFY after the commit in a transaction of its own (1 listener)'] = pgbench(url, `${write}COMMIT;\nSELECT pg_notify('${CHANNEL}', '${randomUUID()}:' || :id);\n`, { clients: 16, seconds: benchSeconds }).tps;
    figures['N4 pgbench 16 clients: NOTIFY alone per second (1 listener)'] = pgbench(url, `SELECT pg_notify('${CHANNEL}', '${randomUUID()}:1');\n`, { clients: 16, seconds: benchSeconds }).tps;
    await listener.end();
  } finally {
    psql(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
  return figures;
}

/**
 * N5: the same ladder on NATS (a broker such as the plan past the NOTIFY ceiling would use),
 * at `server`: one publisher, 1, 2 and 4 subscribers each taking every store's subject.
 */
export async function n5({ server, listenerCounts = [1, 2, 4], rates, seconds }) {
  const figures = {};
  for (const listeners of listenerCounts) {
    const bus = await natsBus(server, listeners);
    const steps = await ladder(bus, { name: 'N5 NATS', listeners, rates, seconds });
    Object.assign(figures, summary(`N5 NATS, 1 publisher, ${listeners} subscriber(s)`, steps));
  }
  return figures;
}
