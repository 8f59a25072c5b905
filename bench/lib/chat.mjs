// W8: the team chat at a large store's size. 500 members, each on their own socket, read the
// store's team conversation while ten of them post 50 messages a second. Reports the delivery
// latency from send to every reader, the send acknowledgement, messages that never arrived,
// and the server's CPU per delivery. Ours seeds the members in SQL (see `people.mjs`); the
// bare peer broadcasts the same messages to a room with no database behind it; the pg peer
// commits each first.
import { Client, now, openMany } from './eio.mjs';
import { seedMembers } from './people.mjs';
import { api, cpuMs, dbUrl, psql } from './targets.mjs';
import { percentile } from './workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Members who post; every member reads. */
export const SENDERS = 10;

/** The store, its members' tokens and its team conversation, on either server. */
async function setUp(target, members) {
  if (target.name !== 'ours') {
    const storeId = crypto.randomUUID();
    return { storeId, conversationId: crypto.randomUUID(), tokens: Array(members).fill(target.token) };
  }
  return teamChat(target, members);
}

/** A new store of ours with `members` members seeded, and its team conversation. */
export async function teamChat(target, members) {
  const { storeId } = await api(target.base, 'createBusiness', {
    name: 'Chat at scale', type: 'retail and consumer', timezoneReference: 'UTC', logo: '',
  }, target.token);
  const people = seedMembers(target, storeId, members, { label: 'w8' });
  const conversationId = psql(
    dbUrl(target.db),
    `SELECT id FROM conversations WHERE store_id = '${storeId}' AND kind = 'team'`,
  ).trim();
  return { storeId, conversationId, tokens: people.map((p) => p.token) };
}

/** The marker of a message change: the number in its content, `"content":"w8:<n>"`. */
export function markerOf(raw) {
  if (!raw.includes('"message.created"')) return -1;
  const i = raw.indexOf('"content":"w8:');
  if (i < 0) return -1;
  return Number.parseInt(raw.slice(i + 14, i + 26), 10);
}

/**
 * `members` sockets of one store joined to its team conversation, each message change handed
 * to `onMessage(marker, at)`. `send(m)` posts `w8:<m>` from the `m % SENDERS`th member and
 * resolves with the acknowledgement.
 */
export async function chatRoom(target, members, onMessage) {
  const { storeId, conversationId, tokens } = await setUp(target, members);
  const sockets = await openMany(members, 100, async (i) => {
    const c = new Client(target.base, {
      token: tokens[i],
      onChange: (raw, at) => {
        const m = markerOf(raw);
        if (m >= 0) onMessage(m, at);
      },
    });
    await c.connect();
    const joined = await c.join(storeId);
    if (!joined.data) throw new Error(`join refused: ${JSON.stringify(joined)}`);
    return c;
  });
  const storeKey = target.name === 'ours' ? 'store' : 'storeId';
  return {
    sockets,
    sender: (m) => sockets[m % SENDERS],
    send: (m) => sockets[m % SENDERS].call(...message(storeKey, storeId, conversationId, m)),
    close: () => sockets.forEach((c) => c.close()),
  };
}

/** The call posting message `m` (`w8:<m>`) to the conversation. */
export function message(storeKey, storeId, conversationId, m) {
  return ['sendMessage', { [storeKey]: storeId, conversationId, content: `w8:${m}` }];
}

export async function w8(target, { members, rate, seconds }) {
  const sentAt = [];
  const latencies = [];
  const got = new Uint32Array(Math.ceil(rate * seconds) + 1);
  // Each message's first reader: the send, the commit and the first frame written, without
  // the wait behind the other 499 frames.
  const first = [];
  let delivered = 0;
  const room = await chatRoom(target, members, (m, at) => {
    const t = sentAt[m];
    if (t === undefined) return;
    latencies.push(at - t);
    if (got[m] === 0) first.push(at - t);
    got[m] += 1;
    delivered += 1;
  });
  const total = Math.round(rate * seconds);
  const acks = [];
  const cpu0 = cpuMs(target.pid);
  // The load generator's own CPU: reading 500 frames a message, it shares the two cores.
  const generator0 = process.cpuUsage();
  const start = now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
    while (sent < due) {
      const m = sent;
      const t = now();
      sentAt[m] = t;
      acks.push(room.send(m).then((a) => ({ ok: !!(a && a.data), ms: now() - t })));
      sent += 1;
    }
    await sleep(2);
  }
  const expected = total * members;
  const drainUntil = now() + 5000;
  while (delivered < expected && now() < drainUntil) await sleep(10);
  const cpu = cpuMs(target.pid) - cpu0;
  const generator = process.cpuUsage(generator0);
  const answers = await Promise.all(acks);
  room.close();
  const label = `W8 chat ${members} readers ${rate} msg/s`;
  return {
    [`${label} delivery p50 ms`]: percentile(latencies, 50),
    [`${label} delivery p99 ms`]: percentile(latencies, 99),
    [`${label} first reader p50 ms`]: percentile(first, 50),
    [`${label} send ack p50 ms`]: percentile(answers.map((a) => a.ms), 50),
    [`${label} send ack p99 ms`]: percentile(answers.map((a) => a.ms), 99),
    [`${label} deliveries missing`]: expected - delivered,
    [`${label} sends refused`]: answers.filter((a) => !a.ok).length,
    [`${label} CPU µs/delivery`]: (cpu * 1000) / Math.max(1, delivered),
    [`${label} the load generator's µs of CPU a delivery`]:
      (generator.user + generator.system) / Math.max(1, delivered),
  };
}
