// Nodes behind a real load balancer (HAProxy, `lib/haproxy.mjs`), and a rolling restart under
// load. For W8 (the team chat) and W2 (small stores), with clients that reconnect and rejoin
// with `since` as the app does (`lib/lb.mjs`):
//   a) one node, clients connected to it directly;
//   b) the same node behind HAProxy;
//   c) three nodes behind HAProxy;
//   d) the three nodes again while each in turn gets SIGTERM, drains, exits and is started
//      again on its port, the next one only once HAProxy sees the last one up.
// Prints one table (a column per setting) and writes it to RESULTS-lb.md with the machine it
// ran on; only a full run (not QUICK, no ONLY) rewrites the file.
//
//   scripts/bench-lb.sh              (installs HAProxy and builds the release server first)
//   QUICK=1 ONLY=W8 node lb.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Balancer } from './lib/haproxy.mjs';
import { chat, drive, smallStores } from './lib/lb.mjs';
import { fmt, loadNow, machine } from './lib/report.mjs';
import { Cluster } from './lib/targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.QUICK === '1';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Nodes behind the balancer in c) and d). */
const NODES = 3;
/** Load before the first node is stopped, and after the last is back, in seconds. */
const WARM = QUICK ? 2 : 5;
/** Between a node back in HAProxy's rotation and the next one's SIGTERM, in seconds. */
const SETTLE = QUICK ? 1 : 3;

const plan = [
  ['W8', chat(QUICK ? 100 : 500), { rate: 50, seconds: QUICK ? 5 : 20 }],
  ['W2', smallStores(QUICK ? 20 : 200), { rate: 200, seconds: QUICK ? 3 : 10 }],
].filter(([name]) => !only || only.includes(name));

const columns = [
  'a) 1 node, direct',
  'b) 1 node, HAProxy',
  `c) ${NODES} nodes, HAProxy`,
  `d) ${NODES} nodes, HAProxy, rolling restart`,
];
const results = new Map(); // figure -> { column -> value }
const notes = [];
const loads = [];

async function measure(column, cluster, balancer, base, during = null) {
  for (const [name, workload, shape] of plan) {
    const t0 = Date.now();
    const noted = notes.length;
    const options = during ? { rate: shape.rate, seconds: 0, during, tail: WARM } : shape;
    const r = await drive(cluster, balancer, base, workload, options);
    for (const [k, v] of Object.entries(r.figures)) {
      if (!results.has(k)) results.set(k, {});
      results.get(k)[column] = v;
    }
    console.log(`${column} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s, load ${loadNow()})`);
    for (const [k, v] of Object.entries(r.figures)) console.log(`  ${k}: ${fmt(v)}`);
    const refusals = [...r.codes].map(([c, n]) => `${c} ${n}`).join(', ');
    if (refusals) notes.push(`${column}, ${workload.label}: answers refused by code: ${refusals}.`);
    if (r.restarts.length) {
      const each = r.restarts.map((x, i) => `node ${i + 1} drained and exited in ${fmt(x.drainMs)} ms, ready again ${fmt(x.startMs)} ms later, in HAProxy's rotation ${fmt(x.upMs)} ms after that`);
      notes.push(`${column}, ${workload.label}: ${each.join('; ')}.`);
    }
    for (const n of notes.slice(noted)) console.log(`  ${n}`);
    await sleep(1000);
  }
  loads.push(`${column}: ${loadNow()}`);
}

/** Each node in turn: SIGTERM, drain, exit, start again on its port, back in the rotation. */
function rolling(cluster, balancer) {
  return async (restarts) => {
    await sleep(WARM * 1000);
    for (let i = 0; i < cluster.nodes.length; i++) {
      const r = await cluster.restart(i);
      const t = performance.now();
      await balancer.waitUp([i]);
      restarts.push({ ...r, upMs: performance.now() - t });
      await sleep(SETTLE * 1000);
    }
  };
}

async function withCluster(n, use) {
  const cluster = new Cluster(n);
  await cluster.start();
  const balancer = new Balancer(cluster.nodes);
  try {
    await balancer.start();
    await use(cluster, balancer);
  } finally {
    await balancer.stop().catch(() => {});
    await cluster.stop();
  }
}

const before = machine(here);
console.log(`machine: ${before.cores} cores (${before.model}), load ${before.load}, commit ${before.commit}`);

await withCluster(1, async (cluster, balancer) => {
  await measure(columns[0], cluster, null, cluster.nodes[0].base);
  await measure(columns[1], cluster, balancer, balancer.base);
});
await withCluster(NODES, async (cluster, balancer) => {
  await measure(columns[2], cluster, balancer, balancer.base);
  await measure(columns[3], cluster, balancer, balancer.base, rolling(cluster, balancer));
});

const table = [
  `Run of ${new Date().toISOString()} at commit ${before.commit}, one repetition.`,
  '',
  `Machine: ${before.cores} cores (${before.model}). Load average before the run: ${before.load}; after each setting: ${loads.join('; ')}.`,
  `Busiest processes before the run: ${before.top}.`,
  `The load generator, HAProxy, Postgres and every node share the same ${before.cores} cores: with ${NODES} nodes six busy processes take turns, so rates and latencies are floors; CPU per delivery is the figure that carries over.`,
  '',
  `| figure | ${columns.join(' | ')} |`,
  `|---|${columns.map(() => '---').join('|')}|`,
  ...[...results.entries()].map(([k, v]) => `| ${k} | ${columns.map((c) => (c in v ? fmt(v[c]) : '–')).join(' | ')} |`),
  '',
  ...notes.map((n) => `- ${n}`),
].join('\n');

console.log(`\n${table}`);
if (!QUICK && !only) {
  const path = join(here, 'RESULTS-lb.md');
  const head = readFileSync(path, 'utf8').split('<!-- results -->')[0];
  writeFileSync(path, `${head}<!-- results -->\n\n${table}\n`);
  console.log(`\nwritten to ${path}`);
}
