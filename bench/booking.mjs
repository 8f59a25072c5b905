// Client booking under a rush: 1,000 clients reserving across the 50 sessions of one event
// within 10 seconds, against the release server and a real Postgres. The event runs 50
// fifteen-minute sessions in one room of 20 places, worked by one employee of its role, so
// 1,000 places exist; CLIENTS (default 1,000) reservations are sent over SPREAD_MS (default
// 10,000 ms), each to a random session, at most CONCURRENCY (default 64) in flight. Prints
// reservations a second, the p50 and p99 of `reserveEvent` (accepted and refused), how many
// were refused as full, and checks in the database that no session holds more than its
// capacity (every session's held and confirmed places, read back). Writes bench/RESULTS-booking.md.
//
//   scripts/bench-booking.sh   (builds the release server first)
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
process.env.BACKEND_BIN ??= join(repo, 'target', 'release', 'backend');
const { startServer, ownerWithStore, employeeJoined, call } = await import('../frontend/e2e/fixtures.mjs');

const CLIENTS = Number(process.env.CLIENTS || 1000);
const SPREAD_MS = Number(process.env.SPREAD_MS || 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 64);
const SESSIONS = 50;
const CAPACITY = 20;
const MINUTES = 15;
const ZONE = 'Europe/Berlin';

/** `YYYY-MM-DD` and epoch ms of 08:00 in Berlin, `days` from today. */
function berlinMorning(days) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + days * 86_400_000);
  for (const offset of [1, 2]) {
    const ms = Date.parse(`${date}T08:00:00+0${offset}:00`);
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(ms);
    if (hour === '08') return { date, start: ms };
  }
  throw new Error('no 08:00 in Berlin');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = await startServer({ env: { PUBLIC_RATE_PER_MINUTE: '100000000', RUST_LOG: 'error' }, staticDir: '/nonexistent' });
try {
  const owner = await ownerWithStore(server, { email: 'booking-owner@example.com', role: 'Stylist' });
  await employeeJoined(server, owner, { email: 'stylist@example.com', firstName: 'Sia' });
  await call(server.url, 'toggleBookingFeature', { store: owner.storeId, bookingEnabled: true }, owner.token);
  const { date, start } = berlinMorning(20);
  const end = start + SESSIONS * MINUTES * 60_000;
  const { event } = await call(
    server.url,
    'addEvent',
    { store: owner.storeId, event: { title: 'Rush', role: owner.roleId, start, end, sessionDuration: MINUTES, capacity: CAPACITY, maxRoomsPerSession: 1 } },
    owner.token,
  );
  await call(server.url, 'updateEvent', { store: owner.storeId, event: { ...event, isActive: true } }, owner.token);
  const times = Array.from({ length: SESSIONS }, (_, i) => start + i * MINUTES * 60_000);

  const latencies = [];
  const outcomes = { accepted: 0, full: 0, other: 0 };
  let next = 0;
  const began = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= CLIENTS) return;
      const due = began + (i * SPREAD_MS) / CLIENTS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const session = times[Math.floor(Math.random() * SESSIONS)];
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/reserveEvent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          eventURL: event.url,
          name: `Client ${i}`,
          email: `client${i}@example.com`,
          phonenumber: '+49 151 2345678',
          reservationSlot: { date, session },
        }),
      });
      const body = await res.json();
      latencies.push(performance.now() - t0);
      if (res.ok) outcomes.accepted += 1;
      else if (body.code === 'slot_full') outcomes.full += 1;
      else {
        outcomes.other += 1;
        if (outcomes.other <= 3) console.error(res.status, body);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - began) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  // Every session's held and confirmed places, from the database the server used.
  const sessions = await (await fetch(`${server.url}/api/v1/stores/${owner.storeId}/booking/sessions?from=${start - 1}&to=${end + 1}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  })).json();
  const counts = sessions.data.sessions.map((s) => s.bookedClients.filter((c) => c.status === 1 || c.state === 'upcoming').length);
  const overbooked = counts.filter((n) => n > CAPACITY).length;
  const held = counts.reduce((a, b) => a + b, 0);
  const rows = [
    ['clients', CLIENTS],
    ['sessions x capacity', `${SESSIONS} x ${CAPACITY}`],
    ['elapsed', `${seconds.toFixed(2)} s`],
    ['reservations a second (answered)', (CLIENTS / seconds).toFixed(1)],
    ['accepted', outcomes.accepted],
    ['refused, full', outcomes.full],
    ['other answers', outcomes.other],
    ['reserveEvent p50', `${pct(sorted, 50).toFixed(2)} ms`],
    ['reserveEvent p99', `${pct(sorted, 99).toFixed(2)} ms`],
    ['places held after the rush', held],
    ['sessions over capacity', overbooked],
  ];
  const table = ['| Figure | Value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
  console.log(table);
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  writeFileSync(
    join(here, 'RESULTS-booking.md'),
    `# Booking under a rush\n\n\`scripts/bench-booking.sh\`, ${new Date().toISOString()}, ${machine}.\n\n${table}\n`,
  );
  if (overbooked > 0 || held !== outcomes.accepted) {
    console.error(`overbooked sessions: ${overbooked}; places held ${held}, accepted ${outcomes.accepted}`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
