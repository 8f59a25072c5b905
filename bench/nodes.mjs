// Several nodes: our server as 1, 2 and 4 processes on one Postgres, driven through all of
// them (lib/nodes.mjs: N1 durable edits, N2 deliveries across nodes, N3 one store edited
// through two nodes), and the ceiling of LISTEN/NOTIFY measured directly (lib/notify.mjs: N4)
// beside the same fan-out on NATS (N5, at NATS_URL, default nats://127.0.0.1:4222; left out
// when none answers there).
// Prints one table (a column per node count) and writes it to RESULTS-nodes.md with the
// machine it ran on.
//
//   scripts/bench-nodes.sh                 (builds the release binary unless BACKEND_BIN is set)
//   NODES=1,2 ONLY=N3 QUICK=1 node nodes.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cluster } from './lib/targets.mjs';
import { n1, n2, n3 } from './lib/nodes.mjs';
import { n4, n5 } from './lib/notify.mjs';
import { fmt, machine } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.QUICK === '1';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const counts = (process.env.NODES || '1,2,4').split(',').map(Number);
const secs = QUICK ? 2 : 5;

const plan = [
  ['N1', () => true, (c) => n1(c, { stores: QUICK ? 20 : 200, perStore: 2, seconds: secs, placement: 'home' })],
  ['N1', (n) => n > 1, (c) => n1(c, { stores: QUICK ? 20 : 200, perStore: 2, seconds: secs, placement: 'spread' })],
  ['N2', () => true, (c) => n2(c, { stores: QUICK ? 20 : 200, rates: QUICK ? [200] : [200, 400, 800, 1600], seconds: secs })],
  ['N3', () => true, (c) => n3(c, { inFlight: 64, through: Math.min(c.nodes.length, 2), seconds: secs })],
  ['N3', () => true, (c) => n3(c, { inFlight: 8, through: Math.min(c.nodes.length, 2), seconds: secs })],
  ['N3', (n) => n > 2, (c) => n3(c, { inFlight: 64, through: c.nodes.length, seconds: secs })],
];

const columns = counts.map((n) => `${n} node${n > 1 ? 's' : ''}`);
const results = new Map(); // figure -> { column -> value }
function record(column, figures) {
  for (const [k, v] of Object.entries(figures)) {
    if (!results.has(k)) results.set(k, {});
    results.get(k)[column] = v;
  }
}

const before = machine(here);
console.log(`machine: ${before.cores} cores (${before.model}), load ${before.load}, commit ${before.commit}`);
const loads = [];

for (const [i, n] of counts.entries()) {
  if (only && !plan.some(([name]) => only.includes(name))) break;
  const cluster = new Cluster(n);
  await cluster.start();
  try {
    for (const [name, applies, run] of plan) {
      if ((only && !only.includes(name)) || !applies(n)) continue;
      const t0 = Date.now();
      const figures = await run(cluster);
      record(columns[i], figures);
      console.log(`${n} node(s) ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()[0].toFixed(2)})`);
      for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${fmt(v)}`);
    }
  } finally {
    await cluster.stop();
  }
  loads.push(`${columns[i]}: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

let ceiling = {};
if (!only || only.includes('N4')) {
  const t0 = Date.now();
  ceiling = await n4({
    senders: 4,
    rates: QUICK ? [1000, 4000] : [1000, 2000, 4000, 8000, 12000, 16000, 24000, 32000],
    seconds: QUICK ? 1 : 3,
    benchSeconds: QUICK ? 2 : 5,
  });
  console.log(`N4 (${((Date.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()[0].toFixed(2)})`);
  for (const [k, v] of Object.entries(ceiling)) console.log(`  ${k}: ${fmt(v)}`);
  loads.push(`after N4: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

if (!only || only.includes('N5')) {
  const t0 = Date.now();
  const server = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  try {
    const figures = await n5({
      server,
      rates: QUICK ? [1000, 4000] : [1000, 2000, 4000, 8000, 16000, 32000, 64000],
      seconds: QUICK ? 1 : 3,
    });
    Object.assign(ceiling, figures);
    console.log(`N5 (${((Date.now() - t0) / 1000).toFixed(1)} s, load ${loadavg()[0].toFixed(2)})`);
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${fmt(v)}`);
    loads.push(`after N5: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } catch (e) {
    console.log(`N5 left out: no NATS at ${server} (${e.message})`);
  }
}

const after = machine(here);
const table = [
  `Run of ${new Date().toISOString()} at commit ${before.commit}, one repetition.`,
  '',
  `Machine: ${before.cores} cores (${before.model}). Load average before the run: ${before.load}; after each node count: ${loads.join('; ')}.`,
  `Busiest processes before the run: ${before.top}.`,
  `The load generator and Postgres run on the same ${before.cores} cores as every node: with 4 nodes, six busy processes share them, so the rates are floors and CPU per edit is the figure that carries over.`,
  '',
  `| figure | ${columns.join(' | ')} |`,
  `|---|${columns.map(() => '---').join('|')}|`,
  ...[...results.entries()].map(([k, v]) => `| ${k} | ${columns.map((c) => (c in v ? fmt(v[c]) : '–')).join(' | ')} |`),
  '',
  '| LISTEN/NOTIFY and NATS on this machine | value |',
  '|---|---|',
  ...Object.entries(ceiling).map(([k, v]) => `| ${k} | ${fmt(v)} |`),
].join('\n');

console.log(`\n${table}`);
if (!QUICK && !only && counts.join() === '1,2,4') {
  const path = join(here, 'RESULTS-nodes.md');
  const head = readFileSync(path, 'utf8').split('<!-- results -->')[0];
  writeFileSync(path, `${head}<!-- results -->\n\n${table}\n`);
  console.log(`\nwritten to ${path}`);
}
