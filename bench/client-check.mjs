// Checks the benchmarks' cheap client (`lib/eio.mjs`) against the official socket.io-client:
// the same fan-out (one store, 200 sockets, 100 edits at 20 a second) on our server, once with
// each client, alternating. Both must receive every change with the same bytes; the server's
// CPU per delivery should match, and the generator's own CPU per delivery shows what the cheap
// client saves on the shared cores.
//
//   node bench/client-check.mjs   (after `scripts/bench.sh` built the release server)
import { Client, now, markerOf, openMany } from './lib/eio.mjs';
import { OfficialClient } from './lib/official.mjs';
import { Ours, cpuMs } from './lib/targets.mjs';

const SOCKETS = 200;
const EDITS = 100;
const RATE = 20;
const ROUNDS = Number(process.env.ROUNDS || 2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let markers = 1;

async function round(target, store, Kind) {
  const sentAt = new Map();
  const latencies = [];
  let delivered = 0;
  let bytes = 0;
  const onChange = (raw, at) => {
    const t = sentAt.get(markerOf(raw));
    if (t === undefined) return;
    latencies.push(at - t);
    delivered++;
    bytes += raw.length;
  };
  const sockets = await openMany(SOCKETS, 50, async () => {
    const c = new Kind(target.base, { token: target.token, onChange });
    await c.connect();
    await c.join(store.storeId);
    return c;
  });
  const editor = new Client(target.base, { token: target.token });
  await editor.connect();
  await sleep(500);
  const server0 = cpuMs(target.pid);
  const self0 = process.cpuUsage();
  const start = now();
  for (let sent = 0; sent < EDITS; sent++) {
    await sleep(Math.max(0, start + (sent * 1000) / RATE - now()));
    const m = markers++;
    sentAt.set(m, now());
    const [name, payload] = target.edit(store, m);
    editor.call(name, payload);
  }
  const until = now() + 5000;
  while (delivered < EDITS * SOCKETS && now() < until) await sleep(10);
  const server = cpuMs(target.pid) - server0;
  const self = process.cpuUsage(self0);
  editor.close();
  for (const c of sockets) c.close();
  latencies.sort((a, b) => a - b);
  return {
    delivered,
    bytes: bytes / Math.max(1, delivered),
    p50: latencies[Math.floor(latencies.length / 2)],
    serverUs: (server * 1000) / Math.max(1, delivered),
    generatorUs: (self.user + self.system) / Math.max(1, delivered),
  };
}

const target = new Ours();
await target.start();
try {
  const [store] = await target.stores(1);
  const rows = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [label, Kind] of [['lib/eio.mjs', Client], ['socket.io-client', OfficialClient]]) {
      const f = await round(target, store, Kind);
      rows.push(`| ${label} | ${f.delivered} of ${EDITS * SOCKETS} | ${f.bytes.toFixed(1)} | ${f.p50.toFixed(2)} | ${f.serverUs.toFixed(1)} | ${f.generatorUs.toFixed(1)} |`);
    }
  }
  console.log('| client | deliveries | bytes per delivery | p50 ms | server CPU µs/delivery | generator CPU µs/delivery |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await target.stop();
}
