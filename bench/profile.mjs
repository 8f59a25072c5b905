// Where our server's time goes under the workloads whose targets are missed (not part of the
// tests; `scripts/bench-profile.sh`). Needs `perf` with access to the server's process.
//
// - cpu-W1, cpu-W2, cpu-W5, cpu-W8: the workload as `run.mjs` runs it (W1 at 25,000
//   deliveries/s to 1,000 sockets, W2's 200 stores, W5's 4 KB edits, W8's team chat of 500
//   members at 50 messages/s) while `perf record` samples the server;
//   prints its CPU per delivery and the samples by kind (the kernel's TCP, its scheduling and
//   wake-ups, system call entry, our code, the runtime, the allocator, copies).
// - one-edit: one edit to a store watched by 1,000 sockets, ten times, while `perf` records the
//   server's system calls on its sockets (`-k CLOCK_MONOTONIC`, the clock of the generator's
//   `performance.now()`), and splits each edit's time: the edit read to the commit's answer
//   (with the round trips to Postgres counted), that answer to the first frame out, the first
//   to the last of the 1,000 frames written, and the last written to the last received.
// - one-message: the same split for one chat message to W8's 500 members, and its
//   acknowledgement; each message tells one member (another sender posted before it), as
//   W8's do.
//
// PROFILE=cpu-W1,one-edit picks; PERF_FREQ (default 1999) samples a second.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markerOf, now } from './lib/eio.mjs';
import { chatRoom, w8 } from './lib/chat.mjs';
import { Ours } from './lib/targets.mjs';
import { editors, percentile, receivers, w1, w2, w5 } from './lib/workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const chosen = (process.env.PROFILE || 'cpu-W1,cpu-W2,cpu-W5,cpu-W8,one-edit,one-message').split(',');
const FREQ = process.env.PERF_FREQ || '1999';
const scratch = mkdtempSync(join(tmpdir(), 'clockto-profile-'));

/** `perf record` on `pid` until `stop()`, which resolves once the data file is written. */
function record(pid, args, file) {
  const perf = spawn('perf', ['record', '-q', '-o', file, ...args, '-p', String(pid)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => perf.once('exit', r));
  return {
    started: sleep(1000),
    async stop() {
      perf.kill('SIGINT');
      await exited;
    },
  };
}

/** What a sampled symbol is, by its name and the object it is in. */
function kindOf(dso, sym) {
  if (dso.includes('kernel')) {
    // Without a PMU (a virtual machine), perf samples on a timer, which cannot fire while
    // interrupts are off: the time of such sections (wake-ups, epoll's callbacks, the
    // network's deferred work) is counted where interrupts come back on.
    if (/^_raw_spin_unlock_irq/.test(sym)) return 'kernel: sections with interrupts off (wake-ups, epoll callbacks)';
    if (/tcp|^ip_|ipv4|skb|__dev_queue|loopback|net_rx|__netif|napi|sock_|__sys_send|__sys_recv|inet_|nf_|csum|copy_user|rep_movs|_copy_(to|from)_iter/.test(sym)) return 'kernel: sockets and TCP/IP (loopback)';
    if (/schedule|wake|futex|switch_to|task_|enqueue|dequeue|update_curr|update_load|pick_next|select_task|ttwu|idle|hrtimer|clock/.test(sym)) return 'kernel: scheduling, wake-ups, timers';
    if (/^ep_|epoll|eventfd/.test(sym)) return 'kernel: epoll and eventfd';
    if (/syscall|entry_|exit_to_user|do_syscall|syscall_return|__x64_sys|fdget|fput|rw_verify/.test(sym)) return 'kernel: system call entry and exit';
    return 'kernel: other';
  }
  if (/libpq/.test(dso) || /^(pq|PQ)[A-Z]/.test(sym)) return 'libpq';
  if (/je_|jemalloc|malloc|free|realloc|calloc|^_rjem|[rsd]allocx/.test(sym)) return 'allocator';
  if (/memcpy|memmove|memset|memcmp/.test(sym)) return 'copies (memcpy and kin)';
  if (/serde|json|ryu|itoa/.test(sym)) return 'JSON';
  if (/btree|BTreeMap|String as core::clone/.test(sym)) return 'maps and strings cloned and dropped (serde_json objects among them)';
  if (/tokio|mio::|futures|parking_lot|crossbeam|std::sync|std::thread/.test(sym)) return 'runtime (tokio, channels, locks)';
  if (/actix|h1::|http::|bytestring|bytes::/.test(sym)) return 'actix (HTTP, WebSocket codec)';
  if (/diesel|postgres/.test(sym)) return 'diesel';
  if (/backend::/.test(sym)) return 'our code';
  if (/libc\.so|ld-linux/.test(dso)) return 'libc, other';
  return 'other';
}

/** The samples of a `perf record` file by kind, each with its symbols, busiest first. */
function summarise(file) {
  const text = execFileSync('perf', ['report', '-i', file, '--stdio', '--no-children', '--sort', 'dso,sym', '-t', '|', '-q'], {
    encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rows = text.split('\n').map((l) => l.split('|').map((f) => f.trim())).filter((f) => f.length >= 3 && f[0].endsWith('%'))
    .map(([pct, dso, sym]) => ({ pct: Number(pct.replace('%', '')), dso, sym: sym.replace(/^\[[.k]\]\s*/, '') }));
  const kinds = new Map();
  for (const r of rows) {
    const k = kindOf(r.dso, r.sym);
    const kind = kinds.get(k) ?? { pct: 0, symbols: [] };
    kind.pct += r.pct;
    kind.symbols.push(r);
    kinds.set(k, kind);
  }
  return [...kinds].sort((a, b) => b[1].pct - a[1].pct);
}

async function cpuProfile(name, run) {
  const target = new Ours();
  await target.start();
  const file = join(scratch, `${name.split(':')[0]}.data`);
  try {
    const perf = record(target.pid, ['-F', FREQ], file);
    await perf.started;
    const figures = await run(target);
    await perf.stop();
    const kinds = summarise(file);
    console.log(`\n## ${name}`);
    for (const [k, v] of Object.entries(figures)) if (/CPU|kernel|p50|p99|deliveries\/s/.test(k)) console.log(`  ${k}: ${Number(v).toFixed(2)}`);
    console.log('  samples by kind, with the busiest symbols of each:');
    for (const [k, { pct, symbols }] of kinds) {
      if (pct < 0.5) continue;
      console.log(`    ${pct.toFixed(1).padStart(5)} %  ${k}`);
      for (const r of symbols.slice(0, pct >= 5 ? 4 : 0)) console.log(`             ${r.pct.toFixed(1).padStart(4)} %  ${r.sym.slice(0, 100)}`);
    }
  } finally {
    await target.stop();
  }
}

/** inode -> { local, remote } ports of this network namespace's IPv4 TCP sockets. */
function tcpSockets() {
  const out = new Map();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    out.set(f[9], { local: parseInt(f[1].split(':')[1], 16), remote: parseInt(f[2].split(':')[1], 16) });
  }
  return out;
}

/** The server's socket descriptors: fd -> the peer's port. */
function serverFds(pid) {
  const sockets = tcpSockets();
  const fds = new Map();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let link;
    try {
      link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const inode = link.match(/^socket:\[(\d+)\]$/)?.[1];
    const s = inode && sockets.get(inode);
    if (s) fds.set(Number(fd), s.remote);
  }
  return fds;
}

/** `perf script`'s system call events: { at (ms, monotonic), tid, enter, call, fd, ret }. */
function syscallEvents(file) {
  const text = execFileSync('perf', ['script', '-i', file, '-F', 'tid,time,event,trace'], {
    encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'],
  });
  const events = [];
  for (const line of text.split('\n')) {
    const m = line.match(/^\s*(\d+)\s+([\d.]+):\s+syscalls:sys_(enter|exit)_(\w+):\s*(.*)$/);
    if (!m) continue;
    const [, tid, at, dir, call, rest] = m;
    const fd = rest.match(/fd: (0x[0-9a-f]+)/)?.[1];
    events.push({ at: Number(at) * 1000, tid, enter: dir === 'enter', call, fd: fd ? parseInt(fd, 16) : null, ret: dir === 'exit' ? parseInt(rest, 16) : null });
  }
  // An exit carries only the result: give it its call's descriptor.
  const open = new Map();
  for (const e of events) {
    if (e.enter) open.set(e.tid, e);
    else e.fd = open.get(e.tid)?.fd ?? null;
  }
  return events;
}

/**
 * Sends `count` changes one at a time through `sender` (`send(m)` resolves with the answer)
 * while `perf` records the server's system calls on its sockets, and splits each change's
 * time from its send to the last of the `readers` having it (`lastAt(m)`, 0 until then).
 */
async function traceOne(target, { title, sender, readers, send, lastAt, count, before }) {
  const ports = serverFds(target.pid);
  const senderPort = sender.ws._socket.localPort;
  const readerPorts = new Set(readers.map((c) => c.ws._socket.localPort));
  const kindOfFd = (fd) => {
    const port = ports.get(fd);
    if (port === 5432) return 'pg';
    if (port === senderPort) return 'sender';
    if (readerPorts.has(port)) return 'reader';
    return null;
  };
  // performance.now() and CLOCK_MONOTONIC differ by a constant.
  const offset = Number(process.hrtime.bigint()) / 1e6 - now();
  const file = join(scratch, 'one.data');
  const calls = ['sendto', 'write', 'writev', 'recvfrom', 'read'];
  const perf = record(target.pid, ['-k', 'CLOCK_MONOTONIC', ...calls.flatMap((c) => ['-e', `syscalls:sys_enter_${c}`, '-e', `syscalls:sys_exit_${c}`])], file);
  await perf.started;
  const sent = [];
  for (let i = 0; i < count; i++) {
    if (before) {
      await before(i);
      await sleep(200);
    }
    const at = now();
    const answer = send(i);
    const acked = answer.then(() => now());
    const until = now() + 2000;
    while (lastAt(i) === 0 && now() < until) await sleep(5);
    const ack = await acked;
    await sleep(200);
    sent.push({ at: at + offset, ack: ack + offset, last: (lastAt(i) || NaN) + offset });
  }
  await perf.stop();
  const events = syscallEvents(file).filter((e) => kindOfFd(e.fd) !== null);
  const rows = [];
  for (const { at, ack, last } of sent) {
    const inChange = events.filter((e) => e.at >= at && e.at <= at + 190);
    const read = inChange.find((e) => !e.enter && kindOfFd(e.fd) === 'sender' && e.ret > 0);
    const frames = inChange.filter((e) => e.enter && kindOfFd(e.fd) === 'reader' && e.call !== 'recvfrom' && e.call !== 'read');
    if (!read || frames.length === 0) continue;
    const first = frames[0].at;
    const pgWrites = inChange.filter((e) => e.enter && kindOfFd(e.fd) === 'pg' && e.at >= read.at && e.at <= first && (e.call === 'sendto' || e.call === 'write'));
    const pgAnswers = inChange.filter((e) => !e.enter && kindOfFd(e.fd) === 'pg' && e.ret > 0 && e.at >= read.at && e.at <= first);
    const committed = pgAnswers.length ? pgAnswers[pgAnswers.length - 1].at : read.at;
    const statement = pgWrites.length ? pgWrites[0].at : read.at;
    rows.push({
      readAfterSend: read.at - at,
      toStatement: statement - read.at,
      inPostgres: committed - statement,
      commit: committed - read.at,
      roundTrips: pgWrites.length,
      toFirstFrame: first - committed,
      fanOut: frames[frames.length - 1].at - first,
      frames: frames.length,
      sockets: new Set(frames.map((e) => e.fd)).size,
      threads: new Set(frames.map((e) => e.tid)).size,
      lastReceived: last - frames[frames.length - 1].at,
      total: last - at,
      ack: ack - at,
    });
  }
  const med = (k) => percentile(rows.map((r) => r[k]), 50).toFixed(2);
  console.log(`\n## ${title} (${rows.length} traced; medians)`);
  console.log(`  sent by the generator -> read by the server: ${med('readAfterSend')} ms`);
  console.log(`  read -> the commit's last answer from Postgres: ${med('commit')} ms, ${med('roundTrips')} statements sent`);
  console.log(`    of it, read -> the first statement sent: ${med('toStatement')} ms; first statement sent -> last answer: ${med('inPostgres')} ms`);
  console.log(`  commit answered -> first frame written: ${med('toFirstFrame')} ms`);
  console.log(`  first -> last frame written (${med('frames')} writes to ${med('sockets')} sockets, from ${med('threads')} threads): ${med('fanOut')} ms`);
  console.log(`  last frame written -> the last socket has it (the generator reading ${readers.length} sockets): ${med('lastReceived')} ms`);
  console.log(`  sent -> the last socket has it: ${med('total')} ms; sent -> acknowledged: ${med('ack')} ms`);
}

async function oneEdit({ sockets = 1000, edits = 10 } = {}) {
  const target = new Ours();
  await target.start();
  try {
    const [store] = await target.stores(1);
    const lastAt = new Map();
    const watching = await receivers(target, store, sockets, {
      collect: (raw, at) => {
        const m = markerOf(raw);
        lastAt.set(m, Math.max(lastAt.get(m) ?? 0, at));
      },
    });
    const [editor] = await editors(target, 1);
    // Warm: the store's actor, its working set and the pool's connections.
    let marker = 1_000_000;
    for (let i = 0; i < 3; i++) await editor.call(...target.edit(store, marker++));
    await sleep(500);
    const base = marker;
    await traceOne(target, {
      title: `one edit to ${sockets} sockets`,
      sender: editor,
      readers: watching,
      send: (i) => editor.call(...target.edit(store, base + i)),
      lastAt: (i) => lastAt.get(base + i) ?? 0,
      count: edits,
    });
    editor.close();
    for (const c of watching) c.close();
  } finally {
    await target.stop();
  }
}

async function oneMessage({ members = 500, messages = 10 } = {}) {
  const target = new Ours();
  await target.start();
  try {
    const lastAt = new Map();
    const room = await chatRoom(target, members, (m, at) => lastAt.set(m, Math.max(lastAt.get(m) ?? 0, at)));
    // Warm: the store's actor, its working set, the pool's connections and the readers'
    // notifications of the first unread message.
    for (let m = 1_000_000; m < 1_000_003; m++) await room.send(m);
    await sleep(500);
    const base = 2_000_000;
    // One sender, so its socket is the one the trace reads the message from. Before each,
    // another sender posts (untraced): as in W8, where senders take turns, each traced
    // message then tells that one of it (a `message` notification, queued for push).
    const sender = room.sender(base);
    await traceOne(target, {
      title: `one chat message to ${members} members`,
      sender,
      readers: room.sockets.filter((c) => c !== sender),
      before: (i) => room.send(base + i * 10 + 1),
      send: (i) => room.send(base + i * 10),
      lastAt: (i) => lastAt.get(base + i * 10) ?? 0,
      count: messages,
    });
    room.close();
  } finally {
    await target.stop();
  }
}

try {
  for (const p of chosen) {
    if (p === 'cpu-W1') await cpuProfile('cpu-W1: 1,000 sockets, 25,000 deliveries/s', (t) => w1(t, { n: 1000, rates: [25], seconds: 5, referenceRate: 25 }));
    else if (p === 'cpu-W2') await cpuProfile('cpu-W2: 200 stores, 200 edits/s', (t) => w2(t, { stores: 200, editsPerSecond: 200, seconds: 5 }));
    else if (p === 'cpu-W5') await cpuProfile('cpu-W5: 100 sockets, 200 edits/s of 4 KB', (t) => w5(t, { n: 100, rate: 200, seconds: 10 }));
    else if (p === 'cpu-W8') await cpuProfile('cpu-W8: team chat, 500 members, 50 messages/s', (t) => w8(t, { members: 500, rate: 50, seconds: 10 }));
    else if (p === 'one-edit') await oneEdit();
    else if (p === 'one-message') await oneMessage();
    else throw new Error(`unknown profile ${p}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
