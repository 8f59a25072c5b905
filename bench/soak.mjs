// The soak (`scripts/soak.sh`, not part of the tests): our server on a fresh database under a
// steady mix of traffic from 50 stores for SOAK_MINUTES (default 30), its resident memory
// sampled every 10 s, then an idle tail with every socket closed. Memory must plateau: the
// traffic phase's second half may not grow by more than the bound below. Writes
// `RESULTS-soak.md` after a run of 30 minutes or more.
//
// The mix, per second on average over all stores (SOAK_RATE actions, default 20): board edits
// by each store's manager over the socket (createShift, updateShift, deleteShift,
// publishShifts), the pool (an employee drops a published shift over HTTP, another grabs it,
// the manager approves), time off (requestTimeOff, then approveTimeOff or rejectTimeOff),
// notifications read and marked seen, team chat messages, and the board's week read over
// HTTP. Beside it, sockets churn: employees connect, join their store and leave after 5 to
// 60 s (SOAK_CHURN per second, default 4), and a few Engine.IO polling sessions are opened
// and abandoned, as a closed browser tab leaves them.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Client, openMany } from './lib/eio.mjs';
import { seedMembers } from './lib/people.mjs';
import { Ours, api, cpuMs, dbUrl, freePort, psql } from './lib/targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const MINUTES = env('SOAK_MINUTES', 30);
const IDLE_MINUTES = env('SOAK_IDLE_MINUTES', 6);
const STORES = env('SOAK_STORES', 50);
const EMPLOYEES = env('SOAK_EMPLOYEES', 6);
const RATE = env('SOAK_RATE', 20);
const CHURN = env('SOAK_CHURN', 4);
const SAMPLE_MS = 10_000;
/**
 * The plateau rule: over the traffic phase's second half, the resident memory (median of the
 * last minute's samples against the median of the minute at the phase's middle) may grow by
 * at most this many MiB or this share, whichever is larger. A working set at its size still
 * breathes by a few MiB between samples (batches, buffers, the allocator's free lists); a
 * leak per socket, call or store would add tens of MiB over 15 minutes of this load.
 */
const GROWTH_MIB = 8;
const GROWTH_SHARE = 0.05;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const HOUR = 3600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------
// Counting

const done = new Map(); // action -> count
const failed = new Map(); // "call: code" -> count
function count(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A call over HTTP that answers `{ok, data, code}` rather than throwing. */
async function http(base, name, body, token) {
  try {
    const res = await fetch(`${base}/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return res.status === 200 ? { ok: true, data: json.data } : { ok: false, code: json.code ?? res.status };
  } catch (e) {
    return { ok: false, code: e.code ?? 'network' };
  }
}

/** A call over a socket, answered the same way. */
async function sock(client, name, body) {
  const a = await client.call(name, body);
  return a && a.data !== undefined ? { ok: true, data: a.data } : { ok: false, code: a?.code ?? 'none' };
}

function tally(name, answer) {
  if (answer.ok) count(done, name);
  else count(failed, `${name}: ${answer.code}`);
  return answer;
}

// ---------------------------------------------------------------------------------------
// Set-up

/** A store with its role, employees (seeded in SQL, with the role), team conversation and
 * the manager's socket. */
async function setUpStore(target, i) {
  const { storeId } = await api(target.base, 'createBusiness', {
    name: `Soak ${i}`, type: 'retail and consumer', timezoneReference: 'UTC', logo: '',
  }, target.token);
  const url = dbUrl(target.db);
  const roleId = randomUUID();
  psql(url, `INSERT INTO roles (id, store_id, title, color, swappeable)
             VALUES ('${roleId}', '${storeId}', 'Staff', '#3366ff', true)`);
  const people = seedMembers(target, storeId, EMPLOYEES, { label: `soak${i}` });
  psql(url, `UPDATE employees SET role_ids = ARRAY['${roleId}']::uuid[]
             WHERE store_id = '${storeId}' AND user_id IS NOT NULL`);
  const conversationId = psql(url, `SELECT id FROM conversations WHERE store_id = '${storeId}' AND kind = 'team'`).trim();
  const store = {
    storeId, roleId, conversationId, people, shifts: new Map(), sockets: [], deliveries: 0, busy: 0,
  };
  store.manager = new Client(target.base, { token: target.token, onChange: () => { store.deliveries++; } });
  await store.manager.connect();
  const joined = await store.manager.join(storeId);
  if (!joined.data) throw new Error(`manager join refused: ${JSON.stringify(joined)}`);
  // A published shift per employee to start with, so the pool has something to drop.
  for (const p of people) await createShift(target, store, p);
  await publish(store);
  return store;
}

async function createShift(target, store, person = pick(store.people)) {
  const start = Math.floor((Date.now() + 2 * DAY + Math.random() * 12 * DAY) / HOUR) * HOUR;
  const answer = tally('createShift', await sock(store.manager, 'createShift', {
    storeId: store.storeId, title: 'Soak', start, end: start + 4 * HOUR, role: store.roleId,
    assigned: person.employee,
  }));
  if (answer.ok) {
    for (const s of answer.data.shifts) {
      store.shifts.set(s.id, { id: s.id, start, status: 'draft', assigned: person, dropped: false });
    }
  }
}

async function publish(store) {
  const drafts = [...store.shifts.values()].filter((s) => s.status === 'draft');
  if (drafts.length === 0) return;
  const answer = tally('publishShifts', await sock(store.manager, 'publishShifts', {
    storeId: store.storeId, shifts: drafts.map((s) => s.id),
  }));
  if (answer.ok) for (const s of drafts) s.status = 'published';
}

// ---------------------------------------------------------------------------------------
// The actions

async function boardEdit(target, store) {
  const shifts = [...store.shifts.values()];
  const drafts = shifts.filter((s) => s.status === 'draft');
  const r = Math.random();
  if (drafts.length >= 3) return publish(store);
  if (shifts.length < 12 || (r < 0.35 && shifts.length < 40)) return createShift(target, store);
  const s = pick(shifts.filter((x) => !x.dropped));
  if (!s) return createShift(target, store);
  if (r < 0.75) {
    const start = s.start + (Math.random() < 0.5 ? -HOUR : HOUR);
    const answer = tally('updateShift', await sock(store.manager, 'updateShift', {
      storeId: store.storeId, shiftId: s.id,
      updatedShift: { title: `Soak ${Math.floor(Math.random() * 1000)}`, start, end: start + 4 * HOUR },
    }));
    if (answer.ok) {
      s.start = start;
      if (s.status === 'published') s.status = 'draft'; // a changed announced shift is announced again
    }
    return;
  }
  const answer = tally('deleteShift', await sock(store.manager, 'deleteShift', {
    storeId: store.storeId, shiftId: s.id,
  }));
  if (answer.ok || answer.code === 'not_found' || answer.code === 'shift_not_found') store.shifts.delete(s.id);
}

async function pool(target, store) {
  const now = Date.now();
  const s = pick([...store.shifts.values()].filter((x) => x.status === 'published' && !x.dropped && x.start > now + 3 * HOUR));
  if (!s) return boardEdit(target, store);
  s.dropped = true;
  try {
    const dropped = tally('dropShift', await http(target.base, 'dropShift', { storeId: store.storeId, shift: s.id }, s.assigned.token));
    if (!dropped.ok) return;
    const grabber = pick(store.people.filter((p) => p !== s.assigned));
    const requestId = dropped.data.request.id;
    const grabbed = tally('grabShift', await http(target.base, 'grabShift', { storeId: store.storeId, dropReuestId: requestId }, grabber.token));
    if (!grabbed.ok) return;
    const approve = Math.random() < 0.8;
    const answered = tally(approve ? 'approveGrabShift' : 'rejectGrabShift', await sock(store.manager, approve ? 'approveGrabShift' : 'rejectGrabShift', {
      storeId: store.storeId, dropRequestId: requestId,
    }));
    if (answered.ok && approve) s.assigned = grabber;
    // A rejected grab leaves the shift in the pool: the board no longer edits it.
    if (answered.ok && !approve) store.shifts.delete(s.id);
  } finally {
    s.dropped = false;
  }
}

async function timeOff(target, store) {
  const person = pick(store.people);
  // Far ahead, where no shift of the soak lies: approving opens nothing.
  const day = Math.floor((Date.now() + (60 + Math.random() * 200) * DAY) / DAY) * DAY;
  const asked = tally('requestTimeOff', await http(target.base, 'requestTimeOff', {
    storeId: store.storeId, start: day, end: day + DAY - 1, entireDay: true, description: 'Soak',
  }, person.token));
  if (!asked.ok) return;
  const name = Math.random() < 0.5 ? 'approveTimeOff' : 'rejectTimeOff';
  tally(name, await sock(store.manager, name, { storeId: store.storeId, requestId: asked.data.id }));
}

async function notifications(target, store) {
  const person = Math.random() < 0.8 ? pick(store.people) : { token: target.token };
  try {
    const res = await fetch(`${target.base}/api/v1/stores/${store.storeId}/notifications`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    const body = await res.json();
    if (res.status !== 200) {
      count(failed, `getNotifications: ${body.code ?? res.status}`);
      return;
    }
    count(done, 'getNotifications');
    const ids = [...body.data.private, ...body.data.public].filter((n) => !n.seen).map((n) => n.id).slice(0, 200);
    if (ids.length) {
      tally('markNotificationsSeen', await http(target.base, 'markNotificationsSeen', { storeId: store.storeId, notificationIds: ids }, person.token));
    }
  } catch (e) {
    count(failed, `getNotifications: ${e.code ?? 'network'}`);
  }
}

async function chat(target, store) {
  const content = `soak ${randomUUID()}`;
  const open = store.sockets.filter((c) => c.joined);
  if (open.length && Math.random() < 0.7) {
    tally('sendMessage', await sock(pick(open), 'sendMessage', { store: store.storeId, conversationId: store.conversationId, content }));
  } else {
    tally('sendMessage', await http(target.base, 'sendMessage', { store: store.storeId, conversationId: store.conversationId, content }, pick(store.people).token));
  }
}

async function weekRead(target, store) {
  // The board's week read of this week or one of the next two, as a browser asks it.
  const week = Math.floor(Date.now() / (7 * DAY)) * 7 * DAY + Math.floor(Math.random() * 3) * 7 * DAY;
  try {
    const res = await fetch(`${target.base}/api/v1/stores/${store.storeId}/shifts?start=${week}&end=${week + 7 * DAY}&scope=all`, {
      headers: { authorization: `Bearer ${target.token}`, 'accept-encoding': 'br, gzip' },
    });
    await res.arrayBuffer();
    if (res.status === 200) count(done, 'weekRead');
    else count(failed, `weekRead: ${res.status}`);
  } catch (e) {
    count(failed, `weekRead: ${e.code ?? 'network'}`);
  }
}

/** Actions and their weights. */
const MIX = [
  [boardEdit, 40],
  [pool, 12],
  [timeOff, 8],
  [notifications, 12],
  [chat, 10],
  [weekRead, 18],
];
const WEIGHT = MIX.reduce((a, [, w]) => a + w, 0);
function action() {
  let r = Math.random() * WEIGHT;
  for (const [f, w] of MIX) {
    r -= w;
    if (r < 0) return f;
  }
  return MIX[0][0];
}

// ---------------------------------------------------------------------------------------
// Socket churn

/** Resolves when the traffic is over: churning sockets leave then. */
let trafficOver;
const over = new Promise((r) => { trafficOver = r; });

/** An employee's socket: connects, joins the store, stays 5 to 60 s (or until the traffic is
 * over), leaves. */
async function churnSocket(target, store) {
  const person = pick(store.people);
  const c = new Client(target.base, { token: person.token });
  try {
    await c.connect();
    store.sockets.push(c);
    const joined = await c.join(store.storeId);
    if (!joined.data) count(failed, `join: ${joined.code ?? 'refused'}`);
    else {
      c.joined = true;
      count(done, 'socket joined');
    }
    await Promise.race([sleep(5000 + Math.random() * 55_000), over]);
  } catch (e) {
    count(failed, `socket: ${e.message}`);
  } finally {
    store.sockets = store.sockets.filter((x) => x !== c);
    c.close();
  }
}

/** A polling session as a browser starts it (handshake, CONNECT, one poll), then abandoned. */
async function abandonedPolling(target, store) {
  const url = `${target.base}/socket.io/?EIO=4&transport=polling`;
  try {
    const open = await (await fetch(url)).text();
    const sid = JSON.parse(open.slice(1)).sid;
    await (await fetch(`${url}&sid=${sid}`, {
      method: 'POST', body: `40${JSON.stringify({ token: pick(store.people).token })}`,
    })).text();
    await (await fetch(`${url}&sid=${sid}`)).text();
    count(done, 'polling abandoned');
  } catch (e) {
    count(failed, `polling: ${e.code ?? e.message}`);
  }
}

// ---------------------------------------------------------------------------------------
// Sampling

let metricsBase = null;
async function metrics() {
  if (!metricsBase) return {};
  try {
    const text = await (await fetch(`${metricsBase}/metrics`)).text();
    const value = (name) => {
      const m = text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm'));
      return m ? Number(m[1]) : NaN;
    };
    return {
      sockets: value('clockto_sockets_connected'),
      joined: value('clockto_stores_joined'),
      actors: value('clockto_store_actors'),
      kept: value('clockto_week_answers_kept_bytes'),
    };
  } catch {
    return {};
  }
}

function procStatus(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (k) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? NaN);
  return {
    rss: kib('VmRSS') / 1024,
    anon: kib('RssAnon') / 1024,
    threads: kib('Threads'),
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}

const samples = [];
let phase = 'rest';
let t0 = 0;
async function sample(target) {
  const ops = [...done.values()].reduce((a, b) => a + b, 0);
  const errors = [...failed.values()].reduce((a, b) => a + b, 0);
  const s = {
    t: (performance.now() - t0) / 1000, phase, ...procStatus(target.pid), ...(await metrics()),
    cpu: cpuMs(target.pid) / 1000, ops, errors,
  };
  samples.push(s);
  if (process.env.SOAK_VERBOSE !== '0') {
    console.log(`${fmtT(s.t)} ${s.phase.padEnd(7)} rss ${s.rss.toFixed(1)} MiB, threads ${s.threads}, fds ${s.fds}, `
      + `sockets ${s.sockets ?? '?'}, stores joined ${s.joined ?? '?'}${Number.isFinite(s.actors) ? `, actors ${s.actors}` : ''}, ops ${ops}, errors ${errors}`);
  }
  return s;
}

function fmtT(seconds) {
  const whole = Math.round(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, ' ')}:${String(whole % 60).padStart(2, '0')}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

/** Median RSS of the samples of `phase` within `[from, to]` seconds. */
function rssAround(from, to, which = 'traffic') {
  return median(samples.filter((s) => s.phase === which && s.t >= from && s.t <= to).map((s) => s.rss));
}

/** Least-squares slope of RSS over the samples, MiB per hour. */
function slope(xs) {
  const n = xs.length;
  if (n < 2) return NaN;
  const mt = xs.reduce((a, s) => a + s.t, 0) / n;
  const mr = xs.reduce((a, s) => a + s.rss, 0) / n;
  const num = xs.reduce((a, s) => a + (s.t - mt) * (s.rss - mr), 0);
  const den = xs.reduce((a, s) => a + (s.t - mt) ** 2, 0);
  return (num / den) * 3600;
}

// ---------------------------------------------------------------------------------------
// The run

function machine() {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: here, encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  return {
    cores: cpus().length, model: cpus()[0]?.model ?? 'unknown', memGiB: (totalmem() / 2 ** 30).toFixed(1),
    load: loadavg().map((l) => l.toFixed(2)).join(' '), commit,
  };
}

const before = machine();
const metricsPort = await freePort();
process.env.METRICS_BIND = `127.0.0.1:${metricsPort}`;
metricsBase = `http://127.0.0.1:${metricsPort}`;
const target = new Ours();
await target.start();
t0 = performance.now();
console.log(`soak: ${STORES} stores of ${EMPLOYEES} employees, ${RATE} actions/s, ${CHURN} sockets/s churning, `
  + `${MINUTES} min of traffic, ${IDLE_MINUTES} min idle; server pid ${target.pid}`);
const atStart = await sample(target);

let stores;
let sampler;
try {
  stores = await openMany(STORES, 5, (i) => setUpStore(target, i));
  const afterSetUp = await sample(target);
  console.log(`set up in ${fmtT(afterSetUp.t)}`);
  phase = 'traffic';
  sampler = setInterval(() => { sample(target); }, SAMPLE_MS);
  const trafficStart = (performance.now() - t0) / 1000;
  const until = performance.now() + MINUTES * 60_000;

  // Actions at RATE per second, each store doing one at a time (a manager clicks, waits).
  const actions = (async () => {
    const pending = new Set();
    let next = performance.now();
    while (performance.now() < until) {
      next += 1000 / RATE;
      await sleep(Math.max(0, next - performance.now()));
      const store = pick(stores);
      if (store.busy) {
        count(done, 'skipped (store busy)');
        continue;
      }
      store.busy = 1;
      const p = action()(target, store)
        .catch((e) => count(failed, `action: ${e.message}`))
        .finally(() => { store.busy = 0; pending.delete(p); });
      pending.add(p);
    }
    await Promise.all(pending);
  })();

  // Sockets joining and leaving at CHURN per second; one in ten starts is a polling session
  // that is abandoned.
  const churn = (async () => {
    const living = new Set();
    let next = performance.now();
    while (performance.now() < until) {
      next += 1000 / CHURN;
      await sleep(Math.max(0, next - performance.now()));
      const store = pick(stores);
      const p = (Math.random() < 0.1 ? abandonedPolling(target, store) : churnSocket(target, store))
        .finally(() => living.delete(p));
      living.add(p);
    }
    trafficOver();
    await Promise.all(living);
  })();

  await Promise.all([actions, churn]);
  const trafficEnd = (performance.now() - t0) / 1000;
  phase = 'idle';
  for (const s of stores) s.manager.close();
  console.log(`traffic over at ${fmtT(trafficEnd)}; idle for ${IDLE_MINUTES} min, every socket closed`);
  await sleep(IDLE_MINUTES * 60_000);
  clearInterval(sampler);
  sampler = null;
  const last = await sample(target);
  // Optionally, how much of what is held at rest the allocator could give back: glibc's
  // malloc_trim(0) called in the server with gdb (it hands free pages of every arena back).
  let trimmed = null;
  if (process.env.SOAK_TRIM_CHECK === '1') {
    try {
      execSync(`gdb -p ${target.pid} -batch -ex 'call (int) malloc_trim(0)'`, { stdio: 'ignore', timeout: 60_000 });
      await sleep(1000);
      trimmed = procStatus(target.pid);
    } catch (e) {
      console.error(`malloc_trim check failed: ${e.message}`);
    }
  }

  // ---- Verdict
  const traffic = samples.filter((s) => s.phase === 'traffic');
  const span = trafficEnd - trafficStart;
  const mid = trafficStart + span / 2;
  const warm = trafficStart + Math.min(300, span / 6);
  const atWarm = rssAround(warm - 30, warm + 30);
  const atMid = rssAround(mid - 30, mid + 30);
  const atEnd = rssAround(trafficEnd - 60, trafficEnd);
  const peak = Math.max(...traffic.map((s) => s.rss));
  const growth = atEnd - atMid;
  const bound = Math.max(GROWTH_MIB, GROWTH_SHARE * atMid);
  const plateau = growth <= bound;
  const secondHalf = traffic.filter((s) => s.t >= mid);
  const rate = slope(secondHalf);
  const opsTotal = [...done.entries()].filter(([k]) => !k.startsWith('skipped')).reduce((a, [, v]) => a + v, 0);
  const errorsTotal = [...failed.values()].reduce((a, b) => a + b, 0);

  const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
  const summary = [
    `| point | RSS MiB |`,
    `|---|---|`,
    `| at rest after start | ${f1(atStart.rss)} |`,
    `| after setting up ${STORES} stores | ${f1(afterSetUp.rss)} |`,
    `| after warm-up (${fmtT(warm - trafficStart)} of traffic) | ${f1(atWarm)} |`,
    `| middle of the traffic | ${f1(atMid)} |`,
    `| end of the traffic (median of the last minute) | ${f1(atEnd)} |`,
    `| peak during the traffic | ${f1(peak)} |`,
    `| after ${IDLE_MINUTES} min idle, every socket closed | ${f1(last.rss)} |`,
  ].join('\n');
  const verdict = `${plateau ? 'PLATEAU' : 'GROWING'}: RSS grew ${f1(growth)} MiB over the second half of the traffic `
    + `(bound ${f1(bound)} MiB: ${GROWTH_MIB} MiB or ${GROWTH_SHARE * 100}% of the middle, whichever is larger); `
    + `least-squares slope over that half ${f1(rate)} MiB/hour.`;
  const idle = `After the idle tail: ${f1(last.rss)} MiB, ${f1(last.rss - atEnd)} MiB against the end of the traffic, `
    + `${f1(last.rss - atStart.rss)} MiB above the server at rest after start; threads ${last.threads}, fds ${last.fds}`
    + `${Number.isFinite(last.actors) ? `, store actors ${last.actors}` : ''}.`
    + (trimmed ? ` Then glibc's malloc_trim(0), called in the server: ${f1(trimmed.rss)} MiB (anon ${f1(last.anon)} -> ${f1(trimmed.anon)}).` : '');
  const counts = [...done.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  const errors = [...failed.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  const perMinute = samples.filter((s, i) => i === 0 || i === samples.length - 1 || s.phase !== samples[i - 1].phase
    || Math.floor(s.t / 60) !== Math.floor(samples[i - 1].t / 60));
  const table = [
    '| t (min:s) | phase | RSS MiB | anon MiB | threads | fds | sockets | stores joined | store actors | actions done | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...perMinute.map((s) => `| ${fmtT(s.t)} | ${s.phase} | ${f1(s.rss)} | ${f1(s.anon)} | ${s.threads} | ${s.fds} | ${s.sockets ?? 'n/a'} | ${s.joined ?? 'n/a'} | ${Number.isFinite(s.actors) ? s.actors : 'n/a'} | ${s.ops} | ${s.errors} |`),
  ].join('\n');
  const after = machine();
  const report = [
    `Run of ${new Date().toISOString()} at commit ${before.commit} (server: ${process.env.BACKEND_BIN || 'target/release/backend'}${process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''}).`,
    '',
    `Machine: ${before.cores} cores (${before.model}), ${before.memGiB} GiB. Load average before: ${before.load}; after: ${after.load}. The load generator shares the machine.`,
    '',
    `Load: ${STORES} stores of ${EMPLOYEES} employees and a manager, ${MINUTES} min of traffic at ${RATE} actions/s `
      + `and ${CHURN} socket starts/s, then ${IDLE_MINUTES} min idle. ${opsTotal} actions done (${(opsTotal / span).toFixed(1)}/s), `
      + `${errorsTotal} refused; server CPU ${f1(last.cpu)} s.`,
    '',
    `Done: ${counts}.`,
    '',
    `Refused: ${errors}.`,
    '',
    `**${verdict}**`,
    '',
    idle,
    '',
    summary,
    '',
    'Samples (every 10 s; one a minute shown):',
    '',
    table,
  ].join('\n');
  console.log(`\n${report}`);
  if (MINUTES >= 30 || process.env.SOAK_WRITE === '1') {
    const path = join(here, 'RESULTS-soak.md');
    let head = '# Soak results\n\nWritten by `scripts/soak.sh` (see `README.md`).\n\n';
    try {
      head = readFileSync(path, 'utf8').split('<!-- results -->')[0];
    } catch {
      // first run
    }
    writeFileSync(path, `${head}<!-- results -->\n\n${report}\n`);
    console.log(`\nwritten to ${path}`);
  }
  if (process.env.SOAK_SAMPLES) writeFileSync(process.env.SOAK_SAMPLES, JSON.stringify(samples));
  process.exitCode = plateau ? 0 : 1;
} finally {
  if (sampler) clearInterval(sampler);
  for (const s of stores ?? []) {
    s.manager.close();
    for (const c of s.sockets) c.close();
  }
  await target.stop();
}
