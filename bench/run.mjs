// Runs every workload on our server and on the two Node socket.io peers (bare, and with `pg`
// committing each edit), alternating them, REPS times each, and prints one table (median and
// range per figure, ours / each peer), then writes it to RESULTS.md with the machine it ran on.
//
//   scripts/bench.sh            (builds the release binary and installs the packages first)
//   REPS=1 QUICK=1 node run.mjs (a short run to try the harness)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ours, Peer, PgPeer } from './lib/targets.mjs';
import { w1, w2, w3, w4, w5, w6, instructions, percentile, W3_SHAPES } from './lib/workloads.mjs';
import { floorOf, limitFigures, measureLimits } from './lib/limits.mjs';
import { w7 } from './lib/clock.mjs';
import { w8 } from './lib/chat.mjs';
import { fmt, machine } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const REPS = Number(process.env.REPS || 3);
const QUICK = process.env.QUICK === '1';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const servers = (process.env.TARGETS || 'ours,peer,pgpeer').split(',');
const peers = ['peer', 'pgpeer'];
const w3Shapes = W3_SHAPES.map((s) => ({ ...s, stores: QUICK ? Math.min(s.stores, 20) : s.stores }));

// The workloads every server runs come first, ours alone after them, so that each server
// reaches a workload compared across servers with the same history behind it. W8 after our
// W3, W6 and W7 (a server of ours through two minutes of clock rushes and storms of durable
// edits, the peers through none) was measured against peers that had run less.
const plan = [
  ['W4', true, (t) => w4(t, { steps: QUICK ? [1000] : [1000, 5000, 10000], storm: QUICK ? 1000 : 5000 })],
  ['W1', true, (t) => w1(t, { n: 100, rates: [100, 250, 500, 1000, 2000], seconds: QUICK ? 1 : 3, referenceRate: 250 })],
  ['W1', true, (t) => w1(t, { n: 1000, rates: [10, 25, 50, 100, 200], seconds: QUICK ? 1 : 3, referenceRate: 25 })],
  ['W2', true, (t) => w2(t, { stores: QUICK ? 20 : 200, editsPerSecond: 200, seconds: QUICK ? 2 : 5 })],
  ['W5', true, (t) => w5(t, { n: 100, rate: 200, seconds: QUICK ? 2 : 10 })],
  ['W8', true, (t) => w8(t, { members: 500, rate: 50, seconds: QUICK ? 10 : 30 })],
  ...w3Shapes.map((shape) => ['W3', false, (t) => w3(t, { ...shape, seconds: QUICK ? 2 : 5 })]),
  ['W6', false, (t) => w6(t, { employees: 200, shifts: 2000, concurrency: 32, seconds: QUICK ? 2 : 5 })],
  ['W7', false, (t) => w7(t, { stores: 1, perStore: 500, seconds: QUICK ? 10 : 60 })],
  ['W7', false, (t) => w7(t, { stores: 200, perStore: 25, seconds: QUICK ? 10 : 60 })],
];

const results = new Map(); // figure -> { ours: [], peer: [], pgpeer: [] }
function record(target, figures) {
  for (const [k, v] of Object.entries(figures)) {
    if (!results.has(k)) results.set(k, { ours: [], peer: [], pgpeer: [] });
    results.get(k)[target].push(v);
  }
}

const before = machine(here);
console.log(`machine: ${before.cores} cores (${before.model}), load ${before.load}, commit ${before.commit}`);

// What a perfect server would reach on this machine, measured once, before the workloads.
const t0 = Date.now();
const limits = await measureLimits({ quick: QUICK, batches: w3Shapes });
const limitRows = Object.entries(limitFigures(limits));
console.log(`limits (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
for (const [k, v] of limitRows) console.log(`  ${k}: ${fmt(v)}`);

for (let rep = 1; rep <= REPS; rep++) {
  for (const Target of [Ours, Peer, PgPeer]) {
    const target = new Target();
    if (!servers.includes(target.name)) continue;
    await target.start();
    try {
      for (const [name, both, run] of plan) {
        if (only && !only.includes(name)) continue;
        if (!both && target.name !== 'ours') continue;
        const t0 = Date.now();
        const figures = await run(target);
        record(target.name, figures);
        console.log(`rep ${rep} ${target.name} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${fmt(v)}`);
      }
    } finally {
      await target.stop();
    }
  }
}

// Instructions per delivery: each server once more, under callgrind, on a fixed short run.
if (!only || only.includes('WI')) {
  for (const Target of [Ours, Peer, PgPeer]) {
    const target = new Target({ counting: true });
    if (!servers.includes(target.name)) continue;
    await target.start();
    try {
      const t0 = Date.now();
      const figures = await instructions(target);
      record(target.name, figures);
      console.log(`callgrind ${target.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${fmt(v)}`);
    } finally {
      await target.stop();
    }
  }
}

function cell(values) {
  if (values.length === 0) return '–';
  const med = percentile(values, 50);
  if (values.length === 1) return fmt(med);
  return `${fmt(med)} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
}

const median = (name, who) => percentile(results.get(name)?.[who] ?? [], 50);
const ratio = (name, peer) => {
  const r = results.get(name)[peer].length ? median(name, 'ours') / median(name, peer) : NaN;
  return Number.isFinite(r) ? r.toFixed(2) : '–';
};
const legend = [];
function perfect(name) {
  const floor = floorOf(limits, name);
  if (!floor) return '– | –';
  if (!legend.includes(floor.how)) legend.push(floor.how);
  const r = median(name, 'ours') / floor.value;
  return `${fmt(floor.value)} | ${Number.isFinite(r) ? r.toFixed(2) : '–'}`;
}
const rows = [...results.entries()].map(([name, v]) =>
  `| ${name} | ${cell(v.ours)} | ${peers.map((p) => `${cell(v[p])} | ${ratio(name, p)}`).join(' | ')} | ${perfect(name)} |`);

const find = (prefix) => [...results.keys()].find((k) => k.startsWith(prefix));
function target(label, name, test, against = 'peer') {
  if (!name || !results.has(name)) return `| ${label} | not measured |`;
  const ours = median(name, 'ours');
  const peer = median(name, against);
  const [met, shown] = test(ours, peer);
  return `| ${label} | ${met ? 'met' : 'MISSED'}: ${shown} |`;
}
const targets = [
  target('W1 sustained deliveries ≥ 3× peer (1,000 sockets)', find('W1 n=1000 sustained'), (o, p) => [o >= 3 * p, `${fmt(o)} vs ${fmt(p)} (${(o / p).toFixed(2)}×)`]),
  target('W1 sustained deliveries ≥ 3× peer (100 sockets)', find('W1 n=100 sustained'), (o, p) => [o >= 3 * p, `${fmt(o)} vs ${fmt(p)} (${(o / p).toFixed(2)}×)`]),
  target('W1 CPU per delivery ≤ ¼ of peer', find('W1 n=1000 CPU'), (o, p) => [o <= p / 4, `${fmt(o)} vs ${fmt(p)} µs (${(o / p).toFixed(2)}×)`]),
  target('W1 p99 at 25,000 deliveries/s ≤ ⅓ of peer', find('W1 n=1000 p99'), (o, p) => [o <= p / 3, `${fmt(o)} vs ${fmt(p)} ms (${(o / p).toFixed(2)}×)`]),
  target('W1 one edit reaches 1,000 sockets within its commit + 5 ms', find('W1 one edit to all'), (o) => {
    const commit = median(find('W1 one edit to a store nobody'), 'ours');
    return [o <= commit + 5, `${fmt(o)} ms, commit (acknowledged with nobody watching) ${fmt(commit)} ms`];
  }),
  target('W1 instructions per delivery ≤ ¼ of bare peer (callgrind)', find('W1 instructions'), (o, p) => [o <= p / 4, `${fmt(o)} vs ${fmt(p)} (${(o / p).toFixed(2)}×)`]),
  target('W2 CPU per delivery ≤ bare peer', find('W2 CPU'), (o, p) => [o <= p, `${fmt(o)} vs ${fmt(p)} µs (${(o / p).toFixed(2)}×)`]),
  target('W2 instructions per delivery ≤ bare peer (callgrind)', find('W2 20 stores instructions'), (o, p) => [o <= p, `${fmt(o)} vs ${fmt(p)} (${(o / p).toFixed(2)}×)`]),
  target('W2 p50 ≤ pg peer', find('W2 p50'), (o, p) => [o <= p, `${fmt(o)} vs ${fmt(p)} ms (${(o / p).toFixed(2)}×)`], 'pgpeer'),
  target('W5 others p99 with a slow reader ≤ pg peer', find('W5 others p99 ms with a slow'), (o, p) => [o <= p, `${fmt(o)} vs ${fmt(p)} ms (${(o / p).toFixed(2)}×)`], 'pgpeer'),
  target('W5 a stuck reader costs at most its queue bound (4 MiB)', find('W5 RSS growth'), (o) => [o <= 4, `${fmt(o)} MiB`]),
  target('W3 ≥ 2,000 durable edits/s for one store', find('W3 1 store(s) durable'), (o) => [o >= 2000, `${fmt(o)}/s`]),
  target('W3 200 stores together commit at least what one store does alone', find('W3 200 store(s) durable'), (o) => {
    const one = median(find('W3 1 store(s) durable'), 'ours');
    return [o >= one, `${fmt(o)} vs ${fmt(one)}/s`];
  }),
  target('W6 week board p50 ≤ 5 ms with one client', find('W6 p50 ms, one'), (o) => [o <= 5, `${fmt(o)} ms`]),
  target('W6 week board ≥ 1,500 requests/s at concurrency 32', find('W6 week board'), (o) => [o >= 1500, `${fmt(o)}/s`]),
  target('W4 memory at 10,000 sockets ≤ ½ of peer', find('W4 RSS MiB at 10000'), (o, p) => [o <= p / 2, `${fmt(o)} vs ${fmt(p)} MiB (${(o / p).toFixed(2)}×)`]),
  target('W7 clock-in acknowledgement p99 < 50 ms, 500 employees of one store in 60 s', find('W7 500 clock-ins over 1 store(s) in 60 s ack p99'), (o) => [o < 50, `${fmt(o)} ms`]),
  // Ours commits every message before it is delivered; the peer keeps nothing.
  target('W8 chat delivery p99 < 100 ms (committed first), 500 readers, 50 messages/s', find('W8 chat 500 readers 50 msg/s delivery p99'), (o, p) => [o < 100, `${fmt(o)} ms (peer, storing nothing: ${fmt(p)} ms)`]),
  target('W8 no message lost', find('W8 chat 500 readers 50 msg/s deliveries missing'), (o) => [o === 0, `${fmt(o)} missing`]),
];

const after = machine(here);
const table = [
  `Run of ${new Date().toISOString()} at commit ${before.commit}, ${REPS} repetition(s) per server, alternating.`,
  '',
  `Machine: ${before.cores} cores (${before.model}). Load average before the run: ${before.load}; after: ${after.load}.`,
  `Busiest processes before the run: ${before.top}.`,
  'The load generator runs on the same machine and shares its cores with the server under test.',
  '',
  '| figure | ours: median (range) | bare peer: median (range) | ours / bare | pg peer: median (range) | ours / pg | perfect server on this machine | ours / perfect |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `The perfect server is measured once, before any server under test starts (\`scripts/bench-limits.sh\` alone; Postgres's \`synchronous_commit\` ${limits.synchronousCommit}). A latency adds its parts as independent draws from each part's measured times. Ours / perfect is the distance from the limit: above 1 for times, CPU and memory, below 1 for rates. The column's figures are composed so:`,
  '',
  ...legend.map((how) => `- ${how}.`),
  '',
  '| limit measured | value |',
  '|---|---|',
  ...limitRows.map(([k, v]) => `| ${k} | ${fmt(v)} |`),
  '',
  '| target | result |',
  '|---|---|',
  ...targets,
].join('\n');

console.log(`\n${table}`);
if (!QUICK && !only && servers.length === 3) {
  const path = join(here, 'RESULTS.md');
  const head = readFileSync(path, 'utf8').split('<!-- results -->')[0];
  writeFileSync(path, `${head}<!-- results -->\n\n${table}\n`);
  console.log(`\nwritten to ${path}`);
}
