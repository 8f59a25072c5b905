// The workloads. Each takes a started target and returns named figures; the runner repeats
// them on both servers and tabulates.
import http from 'node:http';
import { Client, now, markerOf, numberField, openMany } from './eio.mjs';
import { rssMiB, startMeter } from './targets.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let markers = 1;
/** Send times by marker; markers are unique across a whole run. */
const sentAt = new Map();

/** `n` sockets joined to `store`, each change handed to `sink.collect(raw, at)`. */
export async function receivers(target, store, n, sink, parallel = 200) {
  return openMany(n, parallel, async () => {
    const c = new Client(target.base, {
      token: target.token,
      onChange: (raw, at) => sink.collect(raw, at),
    });
    await c.connect();
    const joined = await c.join(store.storeId);
    if (!joined.data) throw new Error(`join refused: ${JSON.stringify(joined)}`);
    return c;
  });
}

/** The editor's connections: edits go round them, since one connection may have at most 16
 * calls unanswered ("too_many_calls"). */
export function editors(target, n = 8) {
  return openMany(n, n, async () => {
    const c = new Client(target.base, { token: target.token });
    return c.connect();
  });
}

/** How long to wait for the last deliveries: a server under callgrind runs ~50x slower. */
const drainMs = (target) => (target.counting ? 120_000 : 3000);

/**
 * Sends edits at `rate` per second for `seconds`, and waits for the deliveries to drain.
 * Returns latencies (ms), deliveries, their bytes (the Socket.IO frame's text, as sent),
 * expected deliveries, server CPU ms used and, under callgrind, instructions.
 */
async function drive(target, store, editors, sink, sockets, rate, seconds, { extra } = {}) {
  const latencies = [];
  const first = markers;
  let delivered = 0;
  let bytes = 0;
  sink.collect = (raw, at) => {
    const m = markerOf(raw);
    if (m >= first) {
      const t = sentAt.get(m);
      if (t !== undefined) {
        latencies.push(at - t);
        delivered++;
        bytes += raw.length;
      }
    }
  };
  const meter = await startMeter(target);
  const start = now();
  let sent = 0;
  const total = Math.round(rate * seconds);
  const acks = [];
  while (sent < total) {
    const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
    while (sent < due) {
      const m = markers++;
      sentAt.set(m, now());
      const [name, payload] = target.edit(store, m, extra);
      acks.push(editors[sent % editors.length].call(name, payload));
      sent++;
    }
    await sleep(2);
  }
  const sendEnd = now();
  const expected = total * sockets;
  const drainUntil = now() + drainMs(target);
  while (delivered < expected && now() < drainUntil) await sleep(10);
  const { cpu, system, instructions } = meter.stop();
  const answers = await Promise.all(acks);
  const refused = answers.filter((a) => !a || !a.data).length;
  return {
    latencies,
    delivered,
    bytes,
    expected,
    cpu,
    system,
    instructions,
    refused,
    sendSeconds: (sendEnd - start) / 1000,
  };
}

/** W1: fan-out to `n` sockets of one store at stepped rates until delivery falls behind. */
export async function w1(target, { n, rates, seconds, referenceRate }) {
  const [store] = await target.stores(1);
  const sink = { collect: () => {} };
  const clients = await receivers(target, store, n, sink);
  const editing = await editors(target);
  const figures = {};
  let sustained = 0;
  for (const rate of rates) {
    const r = await drive(target, store, editing, sink, n, rate, seconds);
    const p99 = percentile(r.latencies, 99);
    const perSecond = r.delivered / r.sendSeconds;
    const ok = r.delivered >= 0.99 * r.expected && p99 <= 100 && r.refused === 0;
    if (ok) sustained = Math.max(sustained, perSecond);
    if (rate === referenceRate) {
      figures[`W1 n=${n} p50 ms @${rate * n}/s`] = percentile(r.latencies, 50);
      figures[`W1 n=${n} p99 ms @${rate * n}/s`] = p99;
      figures[`W1 n=${n} CPU µs/delivery @${rate * n}/s`] = (r.cpu * 1000) / Math.max(1, r.delivered);
      figures[`W1 n=${n} of it in the kernel, µs/delivery`] = (r.system * 1000) / Math.max(1, r.delivered);
    }
    if (!ok) break;
  }
  figures[`W1 n=${n} sustained deliveries/s (p99 ≤ 100 ms)`] = sustained;
  if (n >= 1000) {
    // One edit, all sockets: time until the last socket has it, beside the same edit's
    // acknowledgement in a store nobody watches (its commit, and the call's round trip).
    const [quiet] = await target.stores(1);
    const commits = [];
    const times = [];
    // The load generator's CPU while the edit goes out: it reads the 1,000 frames on the
    // cores the server writes them from.
    const generator = [];
    for (let i = 0; i < 10; i++) {
      const t = now();
      await editing[0].call(...target.edit(quiet, markers++));
      commits.push(now() - t);
      const used = process.cpuUsage();
      const r = await drive(target, store, editing, sink, n, 1, 1);
      const { user, system } = process.cpuUsage(used);
      times.push(Math.max(...r.latencies));
      generator.push((user + system) / 1000);
      await sleep(100);
    }
    figures[`W1 one edit to all ${n} sockets, ms`] = percentile(times, 50);
    figures['W1 one edit to a store nobody watches: acknowledgement, ms'] = percentile(commits, 50);
    figures[`W1 the load generator's CPU while one edit reaches ${n} sockets, ms`] =
      percentile(generator, 50);
  }
  for (const c of editing) c.close();
  for (const c of clients) c.close();
  return figures;
}

/** How many sockets watch store `i` of W2: 5 to 25. */
export const smallStoreSize = (i) => 5 + ((i * 7) % 21);

/** W2: 200 stores with 5 to 25 sockets each, edits spread over all stores; order checked. */
export async function w2(target, { stores: count, editsPerSecond, seconds }) {
  const stores = await target.stores(count);
  let delivered = 0;
  let bytes = 0;
  let outOfOrder = 0;
  const latencies = [];
  const groups = [];
  for (let i = 0; i < stores.length; i++) {
    const size = smallStoreSize(i);
    const last = new Array(size).fill(0);
    const clients = await openMany(size, 50, async (k) => {
      const c = new Client(target.base, {
        token: target.token,
        onChange: (raw, at) => {
          const version = numberField(raw, 'version');
          if (version <= last[k]) outOfOrder++;
          last[k] = version;
          const m = markerOf(raw);
          const t = sentAt.get(m);
          if (t !== undefined) latencies.push(at - t);
          delivered++;
          bytes += raw.length;
        },
      });
      await c.connect();
      await c.join(stores[i].storeId);
      return c;
    });
    groups.push(clients);
  }
  const senders = await editors(target);
  const sockets = groups.reduce((a, g) => a + g.length, 0);
  const meter = await startMeter(target);
  const start = now();
  const total = editsPerSecond * seconds;
  let expected = 0;
  const acks = [];
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((now() - start) / 1000) * editsPerSecond) + 1);
    while (sent < due) {
      const i = sent % stores.length;
      const m = markers++;
      sentAt.set(m, now());
      const [name, payload] = target.edit(stores[i], m);
      acks.push(senders[sent % senders.length].call(name, payload));
      expected += groups[i].length;
      sent++;
    }
    await sleep(2);
  }
  const elapsed = (now() - start) / 1000;
  const until = now() + drainMs(target);
  while (delivered < expected && now() < until) await sleep(10);
  const answers = await Promise.all(acks);
  const { cpu, system, instructions } = meter.stop();
  for (const c of senders) c.close();
  for (const g of groups) for (const c of g) c.close();
  return {
    [`W2 ${count} stores (${sockets} sockets) deliveries/s`]: delivered / elapsed,
    'W2 p50 ms': percentile(latencies, 50),
    'W2 p99 ms': percentile(latencies, 99),
    'W2 CPU µs/delivery': (cpu * 1000) / Math.max(1, delivered),
    'W2 of it in the kernel, µs/delivery': (system * 1000) / Math.max(1, delivered),
    'W2 edits refused': answers.filter((a) => !a || !a.data).length,
    'W2 deliveries missing after the drain': expected - delivered,
    'W2 deliveries out of order': outOfOrder,
    'W2 bytes per delivery': bytes / Math.max(1, delivered),
    ...(target.counting && { [`W2 ${count} stores instructions/delivery (callgrind)`]: instructions / Math.max(1, delivered) }),
  };
}

/** W3's shapes in a full run: edits in flight, spread over that many stores. */
export const W3_SHAPES = [{ stores: 1, inFlight: 64 }, { stores: 200, inFlight: 200 }];

/** W3: durable edits per second with every edit committed before its acknowledgement. */
export async function w3(target, { stores: count, inFlight, seconds }) {
  const stores = await target.stores(count);
  // A connection may have 16 calls unanswered at once ("too_many_calls"): 8 each at most.
  const connections = Math.max(Math.min(count, 200), Math.ceil(inFlight / 8));
  const sockets = await openMany(connections, 50, async () => {
    const c = new Client(target.base, { token: target.token });
    await c.connect();
    return c;
  });
  const latencies = [];
  let done = 0;
  let refused = 0;
  const until = now() + seconds * 1000;
  const start = now();
  async function worker(w) {
    const store = stores[w % stores.length];
    const socket = sockets[w % sockets.length];
    while (now() < until) {
      const m = markers++;
      const t = now();
      const [name, payload] = target.edit(store, m);
      const answer = await socket.call(name, payload);
      latencies.push(now() - t);
      if (answer && answer.data) done++;
      else refused++;
    }
  }
  await Promise.all(Array.from({ length: inFlight }, (_, w) => worker(w)));
  const elapsed = (now() - start) / 1000;
  for (const s of sockets) s.close();
  return {
    [`W3 ${count} store(s) durable edits/s`]: done / elapsed,
    [`W3 ${count} store(s) ack p50 ms`]: percentile(latencies, 50),
    [`W3 ${count} store(s) ack p99 ms`]: percentile(latencies, 99),
    [`W3 ${count} store(s) refused`]: refused,
  };
}

/** W4: resident memory with idle sockets, and the rate of a connection storm. */
export async function w4(target, { steps, storm }) {
  const [store] = await target.stores(1);
  const sink = { collect: () => {} };
  await sleep(500);
  const base = rssMiB(target.pid);
  const figures = {};
  const all = [];
  for (const n of steps) {
    const more = await receivers(target, store, n - all.length, sink, 500);
    all.push(...more);
    await sleep(1500);
    figures[`W4 RSS MiB at ${n} idle sockets`] = rssMiB(target.pid);
    figures[`W4 KiB per idle socket at ${n}`] = ((rssMiB(target.pid) - base) * 1024) / n;
  }
  for (const c of all) c.close();
  await sleep(2000);
  const t = now();
  const stormed = await receivers(target, store, storm, sink, 1000);
  figures[`W4 storm: ${storm} connections accepted per second`] = storm / ((now() - t) / 1000);
  for (const c of stormed) c.close();
  await sleep(1000);
  return figures;
}

/** The tasks that make an edit of W5 about 4 KB. */
const tasks = Array.from({ length: 40 }, (_, i) => ({ title: `task ${i} `.padEnd(90, '.') }));

/** W5: one socket stops reading while edits with a 4 KB payload flow. */
export async function w5(target, { n, rate, seconds }) {
  const [store] = await target.stores(1);
  const sink = { collect: () => {} };
  const clients = await receivers(target, store, n, sink);
  const editing = await editors(target);
  const baseline = await drive(target, store, editing, sink, n, rate, seconds, { extra: { tasks } });
  const rss0 = rssMiB(target.pid);
  const [slow] = await receivers(target, store, 1, sink);
  slow.pauseReading();
  const withSlow = await drive(target, store, editing, sink, n, rate, seconds, { extra: { tasks } });
  const rss1 = rssMiB(target.pid);
  for (const c of editing) c.close();
  slow.close();
  for (const c of clients) c.close();
  return {
    'W5 others p99 ms without a slow reader': percentile(baseline.latencies, 99),
    'W5 others p99 ms with a slow reader': percentile(withSlow.latencies, 99),
    'W5 RSS growth MiB while a reader is stuck': rss1 - rss0,
    'W5 bytes per delivery': baseline.bytes / Math.max(1, baseline.delivered),
  };
}

/**
 * Instructions per delivery, counted by callgrind (`target.counting`) on a fixed short run of
 * the W1, W5 and W2 shapes: a count that does not depend on what else the cores are doing.
 * Slow rates, since the server runs about fifty times slower under callgrind.
 */
export async function instructions(target) {
  const n = 200;
  const [store] = await target.stores(1);
  const sink = { collect: () => {} };
  const clients = await receivers(target, store, n, sink);
  const editing = await editors(target);
  const perDelivery = (r) => r.instructions / Math.max(1, r.delivered);
  const fan = await drive(target, store, editing, sink, n, 2, 5);
  const large = await drive(target, store, editing, sink, n, 1, 5, { extra: { tasks } });
  for (const c of editing) c.close();
  for (const c of clients) c.close();
  const small = await w2(target, { stores: 20, editsPerSecond: 10, seconds: 5 });
  const name = Object.keys(small).find((k) => k.includes('instructions'));
  return {
    [`W1 instructions/delivery (${n} sockets, callgrind)`]: perDelivery(fan),
    [`W5 instructions/delivery (${n} sockets, 4 KB edits, callgrind)`]: perDelivery(large),
    [name]: small[name],
  };
}

/**
 * W6: the week board of a store with 200 employees and 2,000 shifts, read as the board reads
 * it (`scope=all`, `Accept-Encoding: br, gzip` as a browser sends): one client alone, then
 * `concurrency` clients, then `concurrency` clients revalidating with `If-None-Match` (a
 * reload with the week in the browser's cache). Bytes are counted as sent.
 */
export async function w6(target, { employees, shifts, concurrency, seconds }) {
  const [store] = await target.stores(1);
  // Next week, Sunday to Sunday in UTC (the bench stores' zone and week start).
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const weekStart = today.getTime() + (7 - today.getUTCDay()) * 24 * 3600_000;
  const weekEnd = weekStart + 7 * 24 * 3600_000;
  target.seedWeek(store, employees, shifts, weekStart);
  const url = `${target.base}/api/v1/stores/${store.storeId}/shifts?start=${weekStart}&end=${weekEnd}&scope=all`;
  const headers = { authorization: `Bearer ${target.token}`, 'accept-encoding': 'br, gzip' };
  const check = await fetch(url, { headers });
  const body = await check.json();
  if (check.status !== 200 || body.data.length < shifts * 0.9) {
    throw new Error(`week read returned ${check.status} with ${body.data?.length} shifts`);
  }
  const etag = check.headers.get('etag');
  // node:http with keep-alive: lighter on the shared cores than fetch.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let bytes = 0;
  let answers = 0;
  const get = (extra = {}, expect = 200) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { ...headers, ...extra } }, (res) => {
          res.on('data', (d) => {
            bytes += d.length;
          });
          res.on('end', () => {
            answers += 1;
            res.statusCode === expect ? resolve() : reject(new Error(`${res.statusCode}`));
          });
        })
        .on('error', reject);
    });
  async function phase(clients, secs, extra, expect) {
    const latencies = [];
    bytes = 0;
    answers = 0;
    const until = now() + secs * 1000;
    const start = now();
    async function worker() {
      while (now() < until) {
        const t = now();
        await get(extra, expect);
        latencies.push(now() - t);
      }
    }
    await Promise.all(Array.from({ length: clients }, worker));
    const elapsed = (now() - start) / 1000;
    return { latencies, rate: latencies.length / elapsed, bytes: bytes / Math.max(answers, 1) };
  }
  const one = await phase(1, Math.max(1, seconds / 2), {}, 200);
  const many = await phase(concurrency, seconds, {}, 200);
  const figures = {
    'W6 bytes per answer (br or gzip)': many.bytes,
    'W6 p50 ms, one client': percentile(one.latencies, 50),
    [`W6 week board (${employees} employees, ${body.data.length} shifts) requests/s`]: many.rate,
    'W6 p50 ms': percentile(many.latencies, 50),
    'W6 p99 ms': percentile(many.latencies, 99),
  };
  if (etag) {
    const same = await phase(concurrency, Math.max(1, seconds / 2), { 'if-none-match': etag }, 304);
    figures['W6 unchanged week (304) requests/s'] = same.rate;
    figures['W6 unchanged week (304) p99 ms'] = percentile(same.latencies, 99);
  }
  agent.destroy();
  return figures;
}
