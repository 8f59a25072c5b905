// W8 and W2 through a load balancer, with clients that reconnect and rejoin as the app does
// (`members.mjs`), and what can go wrong when nodes come and go counted: every acknowledged
// message or edit must be stored once (read back from the database) and reach every member of
// its store once (what each client applied, replays after a rejoin included).
//
// A send whose socket closed, or that a draining node refused, is sent again by its client
// once it is connected (the app keeps the text and sends it again), and counts as retried;
// one not acknowledged within GIVE_UP_MS counts as never acknowledged.
import { now, markerOf as titleMarker, openMany } from './eio.mjs';
import { SENDERS, markerOf as messageMarker, message, teamChat } from './chat.mjs';
import { Connections, Member } from './members.mjs';
import { dbUrl, psql } from './targets.mjs';
import { percentile, smallStoreSize } from './workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A send not acknowledged after this long, retries included, is given up. */
const GIVE_UP_MS = 30_000;
/** How long deliveries may still arrive after the last acknowledgement. */
const DRAIN_MS = 10_000;
/** Editors' sockets of W2 (8 calls each at most in flight). */
const W2_EDITORS = 16;

/** The largest of `values` (too many to spread into Math.max), NaN for none. */
function largest(values) {
  return values.length ? values.reduce((a, v) => (v > a ? v : a), -Infinity) : NaN;
}

/** Opens `members`, 50 at a time. */
const openAll = (members) => openMany(members.length, 50, (i) => members[i].open());

/** Counts of each message stored, by marker, from rows of `marker|count`. */
function counted(rows) {
  const stored = new Map();
  for (const line of rows.trim().split('\n').filter(Boolean)) {
    const [m, n] = line.split('|').map(Number);
    stored.set(m, n);
  }
  return stored;
}

/**
 * W8's chat: `members` members of one store in its team conversation, the first SENDERS of
 * them posting `w8:<m>`. Message m is the m-th of the run, every member's m-th slot.
 */
export function chat(members) {
  return {
    label: `W8 chat ${members} readers`,
    async open(cluster, base, connections, onChange) {
      const { storeId, conversationId, tokens } = await teamChat(cluster, members);
      const room = tokens.map((t) => new Member(base, t, storeId, connections, onChange));
      await openAll(room);
      return {
        rooms: [room],
        roomOf: () => room,
        slot: (m) => m,
        markerOf: messageMarker,
        sender: (m) => room[m % SENDERS],
        // A retry posts the same text, as the app's user sends it again.
        request: (m) => message('store', storeId, conversationId, m),
        stored: () => counted(psql(dbUrl(cluster.db), `SELECT substring(content from 4), count(*) FROM messages
          WHERE conversation_id = '${conversationId}' AND content LIKE 'w8:%' GROUP BY content`)),
        close: () => room.forEach((c) => c.close()),
      };
    },
  };
}

/**
 * W2's small stores: `count` stores of 5 to 25 members each (the owner's sockets), edits
 * going round the stores from W2_EDITORS editors' sockets. Edit m is store m mod count's
 * (m / count)-th.
 */
export function smallStores(count) {
  return {
    label: `W2 ${count} stores`,
    async open(cluster, base, connections, onChange) {
      const stores = await cluster.stores(count);
      const rooms = stores.map((s, i) => Array.from({ length: smallStoreSize(i) },
        () => new Member(base, cluster.token, s.storeId, connections, onChange)));
      await openAll(rooms.flat());
      const editors = Array.from({ length: W2_EDITORS }, () => new Member(base, cluster.token, null, connections));
      await openAll(editors);
      const ids = stores.map((s) => `'${s.storeId}'`).join(',');
      return {
        rooms,
        roomOf: (m) => rooms[m % count],
        slot: (m) => Math.floor(m / count),
        markerOf: titleMarker,
        sender: (m) => editors[m % editors.length],
        // A retry's title carries its attempt: an edit the server had applied when its
        // answer was lost would otherwise be repeated unseen (the same value stores no change).
        request: (m, attempt) => cluster.edit(stores[m % count], m, attempt ? { title: `b:${m} retry ${attempt}` } : {}),
        // Every change of the stores' shifts, by the marker in its title (the outbox keeps
        // each committed version).
        stored: () => counted(psql(dbUrl(cluster.db), `SELECT m, count(*) FROM (
            SELECT (regexp_match(data::text, '"title": "b:([0-9]+)'))[1]::bigint AS m
            FROM store_events WHERE store_id IN (${ids})) e WHERE m > 0 GROUP BY m`)),
        close: () => {
          for (const c of [...rooms.flat(), ...editors]) c.close();
        },
      };
    },
  };
}

/**
 * Runs `workload` against `cluster` with its clients connecting to `base` (a node, or the
 * balancer): sends at `rate` per second for `seconds`, and while `during()` runs (the rolling
 * restart) and `tail` seconds after it. Returns the figures and the checks.
 */
export async function drive(cluster, balancer, base, workload, { rate, seconds, during = null, tail = 0 }) {
  const connections = new Connections();
  const sentAt = [];
  const latencies = [];
  let delivered = 0;
  let twice = 0;
  // Per member, the markers it applied (by slot: the room's how-manieth send it was).
  const got = new Map();
  let run = null;
  const onChange = (raw, at, member) => {
    const m = run.markerOf(raw);
    // Other changes: W8's members also get a notification of each message, their own.
    if (m < 1 || sentAt[m] === undefined) return;
    const slot = run.slot(m);
    let marks = got.get(member) ?? new Uint8Array(64);
    if (slot >= marks.length) {
      const grown = new Uint8Array(Math.max(slot + 1, marks.length * 2));
      grown.set(marks);
      marks = grown;
    }
    got.set(member, marks);
    if (marks[slot]) {
      twice += 1;
      return;
    }
    marks[slot] = 1;
    delivered += 1;
    latencies.push(at - sentAt[m]);
  };
  run = await workload.open(cluster, base, connections, onChange);

  const acked = [];
  const ackMs = [];
  const codes = new Map();
  let retried = 0;
  let givenUp = 0;
  async function send(m) {
    const first = now();
    sentAt[m] = first;
    for (let attempt = 0; ; attempt++) {
      const answer = await run.sender(m).call(...run.request(m, attempt));
      if (answer?.data) {
        acked.push(m);
        ackMs.push(now() - first);
        if (attempt > 0) retried += 1;
        return;
      }
      const code = answer?.code ?? 'none';
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (now() - first > GIVE_UP_MS) {
        givenUp += 1;
        return;
      }
      // A closed socket: its close is seen on the next turn of the event loop, and `call`
      // then waits for the reconnection. A refusal waits a moment.
      await sleep(code === 'closed' ? 5 : 50 + Math.random() * 100);
    }
  }

  const cpu0 = cluster.cpuMs();
  const lbCpu0 = balancer ? balancer.cpuMs() : 0;
  const start = now();
  const restarts = [];
  let duringDone = during === null;
  let duringError = null;
  if (during) {
    during(restarts).catch((e) => {
      duringError = e;
    }).finally(() => {
      duringDone = true;
    });
  }
  let tailFrom = duringDone ? start : Infinity;
  const sends = [];
  let sent = 0;
  for (;;) {
    const elapsed = (now() - start) / 1000;
    if (duringDone && tailFrom === Infinity) tailFrom = now();
    if (elapsed >= seconds && duringDone && (now() - tailFrom) / 1000 >= tail) break;
    const due = Math.floor(elapsed * rate) + 1;
    while (sent < due) {
      sent += 1;
      sends.push(send(sent));
    }
    await sleep(2);
  }
  const sendSeconds = (now() - start) / 1000;
  await Promise.all(sends);
  if (duringError) throw duringError;
  const expected = acked.reduce((sum, m) => sum + run.roomOf(m).length, 0);
  const drainUntil = now() + DRAIN_MS;
  while ((delivered < expected || connections.down > 0) && now() < drainUntil) await sleep(20);
  const cpu = cluster.cpuMs() - cpu0;
  const lbCpu = balancer ? balancer.cpuMs() - lbCpu0 : 0;

  // Every acknowledged send stored once, and none stored twice (a retry of a send that had
  // been committed when its acknowledgement was lost would be).
  const stored = run.stored();
  const ackedSet = new Set(acked);
  let lost = 0;
  let storedTwice = 0;
  for (const m of acked) {
    const n = stored.get(m) ?? 0;
    if (n === 0) lost += 1;
    if (n > 1) storedTwice += 1;
  }
  let storedUnacknowledged = 0;
  for (const m of stored.keys()) if (!ackedSet.has(m)) storedUnacknowledged += 1;
  // Deliveries missing: each acknowledged send's members that never applied it.
  let missing = 0;
  for (const m of acked) {
    for (const member of run.roomOf(m)) if (!got.get(member)?.[run.slot(m)]) missing += 1;
  }
  run.close();

  const label = workload.label;
  const sockets = run.rooms.reduce((a, r) => a + r.length, 0);
  const outages = connections.outages;
  return {
    figures: {
      [`${label}: sockets`]: sockets,
      [`${label}: sends acknowledged/s`]: acked.length / sendSeconds,
      [`${label}: deliveries/s`]: delivered / sendSeconds,
      [`${label}: delivery p50 ms`]: percentile(latencies, 50),
      [`${label}: delivery p99 ms`]: percentile(latencies, 99),
      [`${label}: delivery max ms`]: largest(latencies),
      [`${label}: ack p99 ms`]: percentile(ackMs, 99),
      [`${label}: longest send to acknowledgement, ms`]: largest(ackMs),
      [`${label}: server CPU µs/delivery (all nodes)`]: (cpu * 1000) / Math.max(1, delivered),
      ...(balancer && { [`${label}: HAProxy CPU µs/delivery`]: (lbCpu * 1000) / Math.max(1, delivered) }),
      [`${label}: answers refused (before a retry)`]: [...codes.values()].reduce((a, n) => a + n, 0),
      [`${label}: sends retried`]: retried,
      [`${label}: sends never acknowledged`]: givenUp,
      [`${label}: reconnections`]: outages.length,
      [`${label}: longest without a connection, ms`]: outages.length ? largest(outages) : 0,
      [`${label}: without a connection p50 ms`]: outages.length ? percentile(outages, 50) : 0,
      [`${label}: rejoins answered resync`]: connections.resyncs,
      [`${label}: acknowledged, not stored`]: lost,
      [`${label}: stored twice`]: storedTwice,
      [`${label}: stored, never acknowledged`]: storedUnacknowledged,
      [`${label}: deliveries missing`]: missing,
      [`${label}: deliveries applied twice (a second version)`]: twice,
      [`${label}: versions received again (dropped as the app does)`]: connections.repeated,
    },
    codes,
    restarts,
  };
}
