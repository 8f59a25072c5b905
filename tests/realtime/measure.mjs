// Measures the realtime server (not a test): memory with 1,000 idle sockets, and the time from
// an edit call to its broadcast reaching 100 sockets.
//
//   node measure.mjs                       # the debug build
//   BACKEND_BIN=../../target/release/backend node measure.mjs
//
// Environment: IDLE (default 1000), RECEIVERS (100), EDITS (300).
import { readFileSync } from 'node:fs';
import { Cluster, serverBinary } from './lib/server.mjs';
import { createTeam, data } from './lib/api.mjs';
import { connect, join } from './lib/socket.mjs';

const IDLE = Number(process.env.IDLE || 1000);
const RECEIVERS = Number(process.env.RECEIVERS || 100);
const EDITS = Number(process.env.EDITS || 300);

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)[1]);
  return kb / 1024;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function inBatches(n, size, make) {
  const out = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

const cluster = await Cluster.start();
try {
  const team = await createTeam(cluster);
  const server = cluster.server;
  const pid = server.proc.pid;
  console.log(`server: ${serverBinary}`);
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssMiB(pid);

  // Idle sockets: connected over WebSocket and joined to the store.
  const idle = await inBatches(IDLE, 100, async (i) => {
    const s = await connect(server, team.everyone[i % 4].token, { transports: ['websocket'] });
    await join(s, team.storeId);
    return s;
  });
  await new Promise((r) => setTimeout(r, 1000));
  const withIdle = rssMiB(pid);
  console.log(
    `memory: ${baseline.toFixed(1)} MiB at rest, ${withIdle.toFixed(1)} MiB with ${IDLE} idle ` +
      `joined sockets (${(((withIdle - baseline) * 1024) / IDLE).toFixed(1)} KiB per socket)`,
  );
  for (const s of idle) s.close();
  await new Promise((r) => setTimeout(r, 500));

  // Broadcast latency: an edit over HTTP until its change reached every receiver.
  const receivers = await inBatches(RECEIVERS, 50, async (i) => {
    const s = await connect(server, team.managers[i % 2].token, { transports: ['websocket'] });
    await join(s, team.storeId);
    return s;
  });
  // The edit measured is a shift edit, as managers make them on the board.
  const role = await data(server, 'createRole', { store: team.storeId, roleData: { title: 'Staff', color: '#336699' } }, team.owner.token);
  const start = Date.now() + 3 * 24 * 3600_000;
  const created = await data(server, 'createShift', { storeId: team.storeId, title: 'Shift', start, end: start + 4 * 3600_000, role: role.id }, team.owner.token);
  const shiftId = created.shifts[0].id;
  const latencies = [];
  for (let i = 0; i < EDITS; i++) {
    let pending = receivers.length;
    let done;
    const allArrived = new Promise((r) => (done = r));
    const seen = new Set();
    const onChange = (s) => () => {
      if (!seen.has(s)) {
        seen.add(s);
        if (--pending === 0) done();
      }
    };
    const handlers = receivers.map((s) => {
      const h = onChange(s);
      s.once('change', h);
      return h;
    });
    const started = process.hrtime.bigint();
    await data(server, 'updateShift', { storeId: team.storeId, shiftId, updatedShift: { title: `Shift ${i}` } }, team.owner.token);
    await allArrived;
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    receivers.forEach((s, j) => s.off('change', handlers[j]));
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `shift edit (HTTP updateShift) to broadcast at ${RECEIVERS} sockets over ${EDITS} edits: ` +
      `median ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  for (const s of receivers) s.close();
} finally {
  await cluster.stop();
}
