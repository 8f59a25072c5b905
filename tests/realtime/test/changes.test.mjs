// Changes reach every socket that may see them, in version order, without gaps; reconnecting
// with `since` replays what was missed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster, query } from '../lib/server.mjs';
import { createTeam, data, email } from '../lib/api.mjs';
import { connect, join, socketCall, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start();
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

/** The store's outbox rows after version `after`, oldest first. */
async function outbox(after) {
  return query(
    cluster.dbUrl,
    `SELECT version::int AS version, kind, managers_only, user_ids::text[] AS user_ids
       FROM store_events WHERE store_id = $1 AND version > $2 ORDER BY version`,
    [team.storeId, after],
  );
}

/** The outbox rule: listed users (with the managers when flagged); managers only; everyone. */
function maySee(row, person, manager) {
  if (row.user_ids) return (row.managers_only && manager) || row.user_ids.includes(person.id);
  if (row.managers_only) return manager;
  return true;
}

/** Makes changes of several kinds, over HTTP and over the manager's socket. */
async function makeChanges(server, managerSocket) {
  const { storeId, owner, manager, ann } = team;
  const role = await data(
    server,
    'createRole',
    { store: storeId, roleData: { title: 'Barista', color: '#aa0000' } },
    owner.token,
  );
  const renamed = await socketCall(managerSocket, 'updateRole', {
    store: storeId,
    roleId: role.id,
    roleData: { title: 'Head Barista', color: '#bb0000' },
  });
  assert.equal(renamed.data.title, 'Head Barista');
  await data(
    server,
    'updateBusinessIdentity',
    { store: storeId, name: 'Renamed', type: 'others' },
    owner.token,
  );
  // An invitation of someone without an account: managers only.
  const invited = await socketCall(managerSocket, 'inviteEmployee', {
    store: storeId,
    employee: { email: email('invitee'), role: [], wageType: 'Hourly', wage: {}, permissions: [] },
  });
  assert.ok(invited.data.employee.id, JSON.stringify(invited));
  // Ann's own record: managers and Ann.
  await data(
    server,
    'updateEmployee',
    { store: storeId, employeeId: ann.employeeId, employee: { roles: [role.id] } },
    manager.token,
  );
  await socketCall(managerSocket, 'createRole', {
    store: storeId,
    roleData: { title: 'Cook', color: '#00aa00' },
  });
}

/** Waits until nothing more arrives for a moment. */
const settle = () => new Promise((r) => setTimeout(r, 150));

test('changes over HTTP and call reach each socket that may see them, in order, without gaps', async () => {
  const sockets = await Promise.all(
    team.everyone.map((p, i) =>
      connect(cluster.server, p.token, i % 2 ? { transports: ['websocket'] } : {}),
    ),
  );
  try {
    const acks = await Promise.all(sockets.map((s) => join(s, team.storeId)));
    const start = acks[0].data.version;
    for (const ack of acks) assert.equal(ack.data.version, start);

    await makeChanges(cluster.server, sockets[1]);
    const rows = await outbox(start);
    assert.ok(rows.length >= 6, 'every change is recorded');
    assert.deepEqual(
      rows.map((r) => r.version),
      rows.map((_, i) => start + 1 + i),
      'the outbox is gap-free',
    );
    const managersOnly = rows.filter((r) => (r.user_ids ? r.user_ids.length === 0 : r.managers_only));
    assert.ok(managersOnly.length > 0, 'a change only managers may see');
    assert.ok(rows.some((r) => r.user_ids?.includes(team.ann.id)), 'a change of Ann');

    for (const [i, person] of team.everyone.entries()) {
      const manager = i < 2;
      const expected = rows.filter((r) => maySee(r, person, manager)).map((r) => r.version);
      await until(() => sockets[i].changes.length >= expected.length, `${person.name}'s changes`);
      await settle();
      assert.deepEqual(
        sockets[i].changes.map((c) => c.version),
        expected,
        `${person.name} receives exactly what they may see, in order`,
      );
      for (const c of sockets[i].changes) {
        assert.equal(c.storeId, team.storeId);
        assert.equal(c.type, rows.find((r) => r.version === c.version).kind);
        assert.equal(typeof c.at, 'number');
        assert.ok('data' in c);
      }
    }
    const [owner, manager, ann, ben] = sockets;
    assert.deepEqual(owner.changes.map((c) => c.version), rows.map((r) => r.version));
    assert.deepEqual(manager.changes.map((c) => c.version), rows.map((r) => r.version));
    assert.ok(ann.changes.some((c) => c.data.id === team.ann.employeeId), 'Ann sees her record');
    assert.ok(!ben.changes.some((c) => c.type.startsWith('employee.')), 'Ben sees no records');
    for (const employee of [ann, ben]) {
      const seen = new Set(employee.changes.map((c) => c.version));
      assert.ok(managersOnly.every((r) => !seen.has(r.version)), 'no managers-only change');
    }
  } finally {
    for (const s of sockets) s.close();
  }
});

test('reconnecting with since replays the missed changes before the ack, then goes live', async () => {
  const first = await connect(cluster.server, team.ann.token, { transports: ['websocket'] });
  const joined = await join(first, team.storeId);
  const since = joined.data.version;
  first.close();

  const managerSocket = await connect(cluster.server, team.manager.token);
  await join(managerSocket, team.storeId);
  try {
    await makeChanges(cluster.server, managerSocket);
    const rows = await outbox(since);
    const expected = rows.filter((r) => maySee(r, team.ann, false)).map((r) => r.version);
    assert.ok(expected.length >= 4);

    const again = await connect(cluster.server, team.ann.token);
    try {
      const order = [];
      again.on('change', (c) => order.push(`change ${c.version}`));
      const ack = await join(again, team.storeId, since);
      order.push('ack');
      assert.deepEqual(ack, { data: { version: rows.at(-1).version } });
      assert.deepEqual(again.changes.map((c) => c.version), expected);
      assert.equal(order.at(-1), 'ack', 'the replay comes before the ack');

      await data(
        cluster.server,
        'updateBusinessIdentity',
        { store: team.storeId, name: 'Live again', type: 'others' },
        team.owner.token,
      );
      const live = rows.at(-1).version + 1;
      await until(() => again.changes.some((c) => c.version === live), 'the live change');
      await settle();
      assert.deepEqual(again.changes.map((c) => c.version), [...expected, live]);
    } finally {
      again.close();
    }
  } finally {
    managerSocket.close();
  }
});

test("a first join with the store read's version replays what changed since the reads", async () => {
  const res = await fetch(`${cluster.server.url}/api/v1/stores/${team.storeId}`, {
    headers: { authorization: `Bearer ${team.ann.token}` },
  });
  const read = (await res.json()).data;
  assert.equal(typeof read.version, 'number');
  const rows = await query(cluster.dbUrl, 'SELECT version::int AS v FROM stores WHERE id = $1', [
    team.storeId,
  ]);
  assert.equal(read.version, rows[0].v, 'the version the answer was read at');
  // Changed after the reads and before the socket joins, as on a slow phone.
  await data(
    cluster.server,
    'updateBusinessIdentity',
    { store: team.storeId, name: 'Between', type: 'others' },
    team.owner.token,
  );
  const socket = await connect(cluster.server, team.ann.token, { transports: ['websocket'] });
  try {
    const ack = await join(socket, team.storeId, read.version);
    assert.deepEqual(ack, { data: { version: read.version + 1 } });
    assert.deepEqual(
      socket.changes.map((c) => [c.version, c.type, c.data.name]),
      [[read.version + 1, 'store.updated', 'Between']],
    );
  } finally {
    socket.close();
  }
});

test('a since that cannot be replayed answers resync', async () => {
  const socket = await connect(cluster.server, team.ben.token, { transports: ['websocket'] });
  try {
    const now = (await join(socket, team.storeId)).data.version;
    const ahead = await join(socket, team.storeId, now + 5);
    assert.deepEqual(ahead, { data: { resync: true, version: now } });
    const negative = await join(socket, team.storeId, -1);
    assert.deepEqual(negative, { data: { resync: true, version: now } });
    const current = await join(socket, team.storeId, now);
    assert.deepEqual(current, { data: { version: now } });
    await settle();
    assert.deepEqual(socket.changes, [], 'nothing replayed');
  } finally {
    socket.close();
  }
});

test('more than 1,000 changes behind answers resync', async () => {
  const rows = await query(cluster.dbUrl, 'SELECT version::int AS v FROM stores WHERE id = $1', [
    team.storeId,
  ]);
  const now = rows[0].v;
  // Pretend the store moved on by writing outbox rows directly, as a busy store would.
  await query(
    cluster.dbUrl,
    `WITH bumped AS (UPDATE stores SET version = version + 1001 WHERE id = $1 RETURNING version)
     INSERT INTO store_events (store_id, version, kind, data, managers_only, created_at)
     SELECT $1, v, 'store.updated', '{}'::jsonb, false, now()
       FROM generate_series($2::bigint + 1, $2::bigint + 1001) AS v`,
    [team.storeId, now],
  );
  const socket = await connect(cluster.server, team.ben.token, { transports: ['websocket'] });
  try {
    const tooOld = await join(socket, team.storeId, now);
    assert.deepEqual(tooOld, { data: { resync: true, version: now + 1001 } });
    const replayable = await join(socket, team.storeId, now + 1);
    assert.deepEqual(replayable, { data: { version: now + 1001 } });
    assert.equal(socket.changes.length, 1000);
    assert.equal(socket.changes[0].version, now + 2);
    assert.equal(socket.changes.at(-1).version, now + 1001);
  } finally {
    socket.close();
  }
});
