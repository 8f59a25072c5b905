// The workloads of several nodes: our server as `n` processes on one Postgres (a `Cluster`
// of `targets.mjs`), driven through all of them. Each returns named figures.
//
//   N1 durable edits over many stores, each store edited through one node (`home`) or its
//      editors spread over the nodes (`spread`: what a load balancer without affinity does);
//   N2 deliveries, each store's watchers on other nodes than its editor, at stepped rates;
//   N3 one store edited through two nodes at once: edits/s and the stale reloads.
//
// Besides the rates, each reports the stale reloads (`clockto_stale_reloads_total`), the
// commit attempts (`clockto_commit_batch_size_count`; those that commit send one
// `NOTIFY store_events` each, so NOTIFYs are about attempts less stale reloads), and the CPU
// of every node and of Postgres, per edit or per delivery.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client, now, markerOf, numberField, openMany } from './eio.mjs';
import { cpuMs } from './targets.mjs';
import { percentile } from './workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Calls a socket has running at most (the server refuses more than 16). */
const PER_SOCKET = 8;

let markers = 1_000_000_000;
const sentAt = new Map();

/** CPU ms used so far by each Postgres process on the machine (other databases' work
 * included), by pid. */
function postgresCpuMs() {
  const used = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm === 'postgres') used.set(pid, cpuMs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return used;
}

/** CPU ms the Postgres processes used between two readings: a process that exited meanwhile
 * is left out (its last share is lost, so this is a floor), one that started counts whole. */
function postgresCpuBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** What the counters and CPU clocks read now, to subtract from a later reading. */
async function reading(cluster) {
  return {
    at: now(),
    cpu: cluster.nodes.map((n) => cpuMs(n.pid)),
    pg: postgresCpuMs(),
    stale: await cluster.metric('clockto_stale_reloads_total'),
    batches: await cluster.metric('clockto_commit_batch_size_count'),
  };
}

function since(before, after) {
  return {
    seconds: (after.at - before.at) / 1000,
    cpu: after.cpu.reduce((a, v, i) => a + v - before.cpu[i], 0),
    pg: postgresCpuBetween(before.pg, after.pg),
    stale: after.stale - before.stale,
    batches: after.batches - before.batches,
  };
}

/** `count` sockets on the node `nodeOf(i)`, signed in as the cluster's owner. */
function sockets(cluster, count, nodeOf, onChange) {
  return openMany(count, 50, async (i) => {
    const c = new Client(cluster.nodes[nodeOf(i)].base, {
      token: cluster.token,
      onChange: onChange ? (raw, at) => onChange(i, raw, at) : undefined,
    });
    await c.connect();
    return c;
  });
}

/**
 * Editors run `inFlight` calls in a loop for `seconds`, each on its own store and node
 * (`plan(w)` gives `{ store, node }`), over sockets of at most PER_SOCKET calls.
 */
async function durable(cluster, workers, seconds) {
  // Sockets per node, shared by that node's workers PER_SOCKET at a time.
  const byNode = cluster.nodes.map(() => []);
  for (const [w, { node }] of workers.entries()) byNode[node].push(w);
  const socketOf = new Map();
  for (const [node, ws] of byNode.entries()) {
    const n = Math.ceil(ws.length / PER_SOCKET);
    const made = await sockets(cluster, n, () => node);
    ws.forEach((w, k) => socketOf.set(w, made[k % n]));
  }
  const latencies = [];
  let done = 0;
  let refused = 0;
  const codes = new Map();
  const before = await reading(cluster);
  const until = now() + seconds * 1000;
  const doneByNode = cluster.nodes.map(() => 0);
  await Promise.all(workers.map(async ({ store, node }, w) => {
    const socket = socketOf.get(w);
    while (now() < until) {
      const t = now();
      const [name, payload] = cluster.edit(store, markers++);
      const answer = await socket.call(name, payload);
      latencies.push(now() - t);
      if (answer && answer.data) {
        done++;
        doneByNode[node]++;
      } else {
        refused++;
        const code = answer?.code ?? 'none';
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
  }));
  const used = since(before, await reading(cluster));
  for (const s of new Set(socketOf.values())) s.close();
  return { done, doneByNode, refused, codes, latencies, used };
}

/**
 * N1: durable edits over `count` stores with `perStore` editors each. `home`: every editor
 * of store i on node i mod n; `spread`: editor k of store i on node (i + k) mod n.
 */
export async function n1(cluster, { stores: count, perStore, seconds, placement }) {
  const stores = await cluster.stores(count);
  const n = cluster.nodes.length;
  const workers = [];
  for (let k = 0; k < perStore; k++) {
    for (let i = 0; i < count; i++) {
      workers.push({ store: stores[i], node: placement === 'home' ? i % n : (i + k) % n });
    }
  }
  const r = await durable(cluster, workers, seconds);
  const label = `N1 ${count} stores, ${perStore} editors each, ${placement}`;
  if (r.codes.size) console.log(`  ${label}: refusals ${[...r.codes].map(([c, k]) => `${c}: ${k}`).join(', ')}`);
  return {
    [`${label}: durable edits/s`]: r.done / r.used.seconds,
    [`${label}: ack p50 ms`]: percentile(r.latencies, 50),
    [`${label}: ack p99 ms`]: percentile(r.latencies, 99),
    [`${label}: refused`]: r.refused,
    [`${label}: stale reloads per 100 edits`]: (100 * r.used.stale) / Math.max(1, r.done),
    [`${label}: edits per commit attempt`]: r.done / Math.max(1, r.used.batches),
    [`${label}: NOTIFYs per edit`]: Math.max(0, r.used.batches - r.used.stale) / Math.max(1, r.done),
    [`${label}: server CPU µs/edit (all nodes)`]: (r.used.cpu * 1000) / Math.max(1, r.done),
    [`${label}: Postgres CPU µs/edit`]: (r.used.pg * 1000) / Math.max(1, r.done),
  };
}

/**
 * N3: one store, `inFlight` editors spread evenly over the first `through` nodes.
 */
export async function n3(cluster, { inFlight, through, seconds }) {
  const [store] = await cluster.stores(1);
  const workers = Array.from({ length: inFlight }, (_, w) => ({ store, node: w % through }));
  const r = await durable(cluster, workers, seconds);
  const label = `N3 one store through ${through} node(s), ${inFlight} in flight`;
  const codes = [...r.codes].map(([c, k]) => `${c}: ${k}`).join(', ');
  if (codes) console.log(`  ${label}: refusals ${codes}`);
  return {
    [`${label}: durable edits/s`]: r.done / r.used.seconds,
    [`${label}: ack p50 ms`]: percentile(r.latencies, 50),
    [`${label}: ack p99 ms`]: percentile(r.latencies, 99),
    [`${label}: refused`]: r.refused,
    // Even shares would be 1 / through: a node that keeps losing the race has far less.
    [`${label}: share of edits through the least served node, %`]:
      (100 * Math.min(...r.doneByNode.slice(0, through))) / Math.max(1, r.done),
    [`${label}: stale reloads/s`]: r.used.stale / r.used.seconds,
    [`${label}: stale reloads per 100 edits`]: (100 * r.used.stale) / Math.max(1, r.done),
    [`${label}: edits per commit attempt`]: r.done / Math.max(1, r.used.batches),
    [`${label}: NOTIFYs per edit`]: Math.max(0, r.used.batches - r.used.stale) / Math.max(1, r.done),
    [`${label}: server CPU µs/edit (all nodes)`]: (r.used.cpu * 1000) / Math.max(1, r.done),
  };
}

/**
 * N2: `count` stores with 5 to 25 watchers each (as W2). Store i is edited through node
 * i mod n and watched only through the other nodes (through node 0 when n = 1), so every
 * delivery crosses Postgres: the outbox row, `NOTIFY`, the other node's outbox read. Edits go
 * to the stores in turn at each of `rates` (edits/s) for `seconds`; order is checked per
 * socket. The highest rate delivering 99 % within p99 ≤ 100 ms is the sustained one.
 */
export async function n2(cluster, { stores: count, rates, seconds }) {
  const stores = await cluster.stores(count);
  const n = cluster.nodes.length;
  const editorOf = (i) => i % n;
  let delivered = 0;
  let outOfOrder = 0;
  let latencies = [];
  let first = markers;
  // Over all steps: a delivery later than its step's drain is late, not lost.
  const origin = markers;
  let allDelivered = 0;
  let allExpected = 0;
  const groups = [];
  for (let i = 0; i < count; i++) {
    const size = 5 + ((i * 7) % 21);
    const others = n === 1 ? [0] : [...Array(n).keys()].filter((k) => k !== editorOf(i));
    const last = new Array(size).fill(0);
    const watchers = await sockets(cluster, size, (j) => others[j % others.length], (j, raw, at) => {
      const version = numberField(raw, 'version');
      if (version <= last[j]) outOfOrder++;
      last[j] = version;
      const m = markerOf(raw);
      if (m >= origin) allDelivered++;
      if (m < first) return;
      const t = sentAt.get(m);
      if (t !== undefined) latencies.push(at - t);
      delivered++;
    });
    for (const w of watchers) {
      const joined = await w.join(stores[i].storeId);
      if (!joined.data) throw new Error(`join refused: ${JSON.stringify(joined)}`);
    }
    groups.push(watchers);
  }
  const watching = groups.reduce((a, g) => a + g.length, 0);
  // Editors' sockets: enough per node for the fastest rate's calls in flight.
  const editors = await Promise.all(cluster.nodes.map((_, k) => sockets(cluster, 16, () => k)));
  let turn = 0;
  const figures = {};
  let sustained = 0;
  for (const rate of rates) {
    delivered = 0;
    latencies = [];
    first = markers;
    const before = await reading(cluster);
    const start = now();
    const total = rate * seconds;
    let expected = 0;
    let refused = 0;
    const codes = new Map();
    const acks = [];
    for (let sent = 0; sent < total;) {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const i = sent % count;
        const m = markers++;
        sentAt.set(m, now());
        const [name, payload] = cluster.edit(stores[i], m);
        const pool = editors[editorOf(i)];
        const watchers = groups[i].length;
        acks.push(pool[turn++ % pool.length].call(name, payload).then((a) => {
          if (a && a.data) return;
          // Refused: nothing to deliver.
          refused++;
          expected -= watchers;
          codes.set(a?.code ?? 'none', (codes.get(a?.code ?? 'none') ?? 0) + 1);
        }));
        expected += groups[i].length;
        sent++;
      }
      await sleep(2);
    }
    const elapsed = (now() - start) / 1000;
    const drainUntil = now() + 5000;
    while (delivered < expected && now() < drainUntil) await sleep(10);
    await Promise.all(acks);
    allExpected += expected;
    const used = since(before, await reading(cluster));
    const p99 = percentile(latencies, 99);
    const ok = delivered >= 0.99 * expected && p99 <= 100 && refused === 0;
    const label = `N2 ${count} stores (${watching} sockets) @${rate} edits/s`;
    if (codes.size) console.log(`  ${label}: refusals ${[...codes].map(([c, k]) => `${c}: ${k}`).join(', ')}`);
    figures[`${label}: deliveries/s`] = delivered / elapsed;
    figures[`${label}: p50 ms`] = percentile(latencies, 50);
    figures[`${label}: p99 ms`] = p99;
    figures[`${label}: late (after 5 s) or missing`] = expected - delivered;
    figures[`${label}: refused edits`] = refused;
    figures[`${label}: server CPU µs/delivery (all nodes)`] = (used.cpu * 1000) / Math.max(1, delivered);
    figures[`${label}: Postgres CPU µs/delivery`] = (used.pg * 1000) / Math.max(1, delivered);
    figures[`${label}: load average (1 min)`] = loadavg()[0];
    if (ok) sustained = Math.max(sustained, delivered / elapsed);
    for (const m of sentAt.keys()) if (m < first) sentAt.delete(m);
    await sleep(1000);
    if (!ok) break;
  }
  figures[`N2 ${count} stores: sustained deliveries/s (99 % within p99 ≤ 100 ms)`] = sustained;
  const lateUntil = now() + 15000;
  while (allDelivered < allExpected && now() < lateUntil) await sleep(50);
  figures[`N2 ${count} stores: deliveries lost (all steps, after 15 s more)`] = allExpected - allDelivered;
  figures[`N2 ${count} stores: deliveries out of order or twice`] = outOfOrder;
  for (const g of [...groups, ...editors]) for (const c of g) c.close();
  return figures;
}
