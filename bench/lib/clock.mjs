// W7: a shift change rush on the time clock. Employees whose shifts start now clock in over
// their own sockets, spread over a window; each store's manager watches the live board. The
// employees, their sessions and shifts are seeded in SQL before any store actor loads them,
// and their tokens are signed here with the server's JWT secret (no sign-in per employee).
import { randomUUID } from 'node:crypto';
import { Client, now, openMany } from './eio.mjs';
import { seedMembers } from './people.mjs';
import { api } from './targets.mjs';
import { percentile } from './workloads.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Seeds `n` employees with a published shift starting now. */
function seed(target, storeId, n) {
  return seedMembers(target, storeId, n, {
    label: 'w7',
    extra: `, sh AS (INSERT INTO shifts (id, store_id, title, start_at, end_at, status, assigned)
           SELECT shid, '${storeId}', 'Rush ' || g, now() - interval '1 minute', now() + interval '4 hours',
                  'published', eid FROM g)`,
    extraColumn: 'shid',
  }).map((p) => ({ employee: p.employee, shift: p.extra, storeId, token: p.token }));
}

/**
 * `stores` stores of `perStore` employees each clock in, spread evenly over `seconds`.
 * Reports the acknowledgement of `startShift` and the time until the store's manager socket
 * sees the session on the board (`clock.updated`).
 */
export async function w7(target, { stores, perStore, seconds }) {
  const people = [];
  const managers = [];
  const sentAt = new Map(); // employee -> send time
  const boardLatency = [];
  for (let i = 0; i < stores; i++) {
    const { storeId } = await api(target.base, 'createBusiness', {
      name: `Rush ${i}`, type: 'retail and consumer', timezoneReference: 'UTC', logo: '',
    }, target.token);
    people.push(...seed(target, storeId, perStore));
    const manager = new Client(target.base, {
      token: target.token,
      onChange: (raw, at) => {
        if (!raw.includes('"type":"clock.updated"')) return;
        const i = raw.indexOf('"employee":"');
        const employee = raw.slice(i + 12, i + 48);
        const t = sentAt.get(employee);
        if (t !== undefined && raw.includes('"status":"ip"')) {
          boardLatency.push(at - t);
          sentAt.delete(employee);
        }
      },
    });
    await manager.connect();
    const joined = await manager.join(storeId);
    if (!joined.data) throw new Error(`manager join refused: ${JSON.stringify(joined)}`);
    managers.push(manager);
  }
  const sockets = await openMany(people.length, 100, async (i) => {
    const c = new Client(target.base, { token: people[i].token });
    await c.connect();
    return c;
  });
  // Shuffled, so stores interleave as a real rush would.
  const order = people.map((_, i) => i).sort(() => Math.random() - 0.5);
  const acks = [];
  let refused = 0;
  const start = now();
  const sends = order.map(async (i, k) => {
    const due = start + (k / order.length) * seconds * 1000;
    await sleep(Math.max(0, due - now()));
    const p = people[i];
    const t = now();
    sentAt.set(p.employee, t);
    const answer = await sockets[i].call('startShift', { store: p.storeId, shift: p.shift, punchId: randomUUID() });
    acks.push(now() - t);
    if (!answer || !answer.data) refused++;
  });
  await Promise.all(sends);
  const drainUntil = now() + 3000;
  while (boardLatency.length < people.length - refused && now() < drainUntil) await sleep(10);
  for (const c of [...sockets, ...managers]) c.close();
  const label = `W7 ${stores * perStore} clock-ins over ${stores} store(s) in ${seconds} s`;
  return {
    [`${label} ack p50 ms`]: percentile(acks, 50),
    [`${label} ack p99 ms`]: percentile(acks, 99),
    [`${label} board p50 ms`]: percentile(boardLatency, 50),
    [`${label} board p99 ms`]: percentile(boardLatency, 99),
    [`${label} refused`]: refused,
  };
}
