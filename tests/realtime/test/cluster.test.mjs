// Two server processes on one database behave as one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster, query } from '../lib/server.mjs';
import { createTeam, data } from '../lib/api.mjs';
import { connect, join, socketCall, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

test('a change through node A reaches sockets on node B, in order, without gaps', async () => {
  const [a, b] = cluster.nodes;
  const managerOnA = await connect(a, team.manager.token);
  const ownerOnB = await connect(b, team.owner.token);
  const annOnB = await connect(b, team.ann.token, { transports: ['websocket'] });
  try {
    const start = (await join(managerOnA, team.storeId)).data.version;
    await join(ownerOnB, team.storeId);
    await join(annOnB, team.storeId);

    for (let i = 0; i < 10; i++) {
      if (i % 2) {
        await data(a, 'updateBusinessIdentity', { store: team.storeId, name: `Shop ${i}`, type: 'others' }, team.owner.token);
      } else {
        const reply = await socketCall(managerOnA, 'createRole', {
          store: team.storeId,
          roleData: { title: `Role ${i}`, color: '#123456' },
        });
        assert.ok(reply.data.id);
      }
    }
    // A manager-only change on node B's HTTP side, too.
    await data(b, 'updateEmployee', {
      store: team.storeId,
      employeeId: team.ben.employeeId,
      employee: { displayName: 'Benny' },
    }, team.owner.token);

    const rows = await query(
      cluster.dbUrl,
      'SELECT version::int AS version, user_ids::text[] AS user_ids FROM store_events WHERE store_id = $1 AND version > $2 ORDER BY version',
      [team.storeId, start],
    );
    const all = rows.map((r) => r.version);
    assert.equal(all.length, 11);
    for (const s of [managerOnA, ownerOnB]) {
      await until(() => s.changes.length >= all.length, 'every change');
    }
    const forAnn = rows.filter((r) => !r.user_ids).map((r) => r.version);
    await until(() => annOnB.changes.length >= forAnn.length, "Ann's changes");
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(managerOnA.changes.map((c) => c.version), all);
    assert.deepEqual(ownerOnB.changes.map((c) => c.version), all);
    assert.deepEqual(annOnB.changes.map((c) => c.version), forAnn);
  } finally {
    managerOnA.close();
    ownerOnB.close();
    annOnB.close();
  }
});

test('a socket joining on node B with since replays changes made through node A', async () => {
  const [a, b] = cluster.nodes;
  const first = await connect(b, team.ann.token);
  const since = (await join(first, team.storeId)).data.version;
  first.close();
  await data(a, 'updateBusinessIdentity', { store: team.storeId, name: 'While away', type: 'others' }, team.owner.token);
  const again = await connect(b, team.ann.token);
  try {
    const ack = await join(again, team.storeId, since);
    assert.equal(ack.data.version, since + 1);
    assert.deepEqual(again.changes.map((c) => c.version), [since + 1]);
    assert.equal(again.changes[0].data.name, 'While away');
  } finally {
    again.close();
  }
});

test('a node whose listen connection drops reconnects and catches up from the outbox', async () => {
  const [a, b] = cluster.nodes;
  const owner = await connect(b, team.owner.token, { transports: ['websocket'] });
  try {
    const start = (await join(owner, team.storeId)).data.version;
    const killed = await query(
      cluster.dbUrl,
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    assert.equal(killed.length, 2, 'one listen connection per node');
    // Made while no node listens: only the outbox knows about it.
    await data(a, 'updateBusinessIdentity', { store: team.storeId, name: 'Unheard', type: 'others' }, team.owner.token);
    await until(() => owner.changes.length > 0, 'the change after the reconnect');
    assert.deepEqual(owner.changes.map((c) => c.version), [start + 1]);
    assert.equal(owner.changes[0].data.name, 'Unheard');
  } finally {
    owner.close();
  }
});

test('a notification written through node A reaches its reader on node B', async () => {
  const [a, b] = cluster.nodes;
  const managerOnB = await connect(b, team.manager.token);
  const benOnB = await connect(b, team.ben.token);
  try {
    await join(managerOnB, team.storeId);
    await join(benOnB, team.storeId);
    const day = Date.now() + 20 * 24 * 3600 * 1000;
    await data(
      a,
      'requestTimeOff',
      { store: team.storeId, start: day, end: day, entireDay: true, description: 'Wedding' },
      team.ann.token,
    );
    await until(
      () => managerOnB.notifications.some((n) => n.type === 'timeoff'),
      "the manager's notification",
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(benOnB.notifications.length, 0, 'a colleague is not told');
  } finally {
    managerOnB.close();
    benOnB.close();
  }
});

test("a notification written through node A reaches its reader's sockets on node B in another store or none", async () => {
  const [a, b] = cluster.nodes;
  const otherStore = await data(
    a,
    'createBusiness',
    { name: 'Second Shop', type: 'others', timezoneReference: 'Europe/Berlin' },
    team.owner.token,
  );
  const ownerInOther = await connect(b, team.owner.token);
  const ownerNowhere = await connect(b, team.owner.token, { transports: ['websocket'] });
  const benOnB = await connect(b, team.ben.token);
  try {
    await join(ownerInOther, otherStore.storeId);
    const day = Date.now() + 40 * 24 * 3600 * 1000;
    await data(
      a,
      'requestTimeOff',
      { store: team.storeId, start: day, end: day, entireDay: true, description: 'Trip' },
      team.ann.token,
    );
    const told = (s) =>
      s.notifications.some((n) => n.type === 'timeoff' && n.storeId === team.storeId);
    await until(() => told(ownerInOther), "the owner's notification in the other store");
    await until(() => told(ownerNowhere), "the owner's notification on a socket in no store");
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(ownerInOther.notifications.length, 1);
    assert.equal(ownerNowhere.notifications.length, 1);
    assert.equal(benOnB.notifications.length, 0, 'a colleague is not told');
  } finally {
    ownerInOther.close();
    ownerNowhere.close();
    benOnB.close();
  }
});

test('presence is shared between nodes, including for a room opened later, and withdrawn', async () => {
  const [a, b] = cluster.nodes;
  const managerOnA = await connect(a, team.manager.token);
  const ownerOnB = await connect(b, team.owner.token);
  try {
    await join(managerOnA, team.storeId);
    await join(ownerOnB, team.storeId);
    const last = (s) => s.presence.at(-1);
    managerOnA.emit('presence', { storeId: team.storeId, viewing: true, editing: 'shift-7' });
    await until(
      () => last(ownerOnB)?.users.some((u) => u.userId === team.manager.id && u.editing === 'shift-7'),
      'the manager on A, seen on B',
    );
    ownerOnB.emit('presence', { storeId: team.storeId, viewing: true, editing: null });
    await until(() => last(managerOnA)?.users.length === 2, 'both, seen on A');

    // Ann opens the store on B after the fact: B already knows; and a fresh room on A asks.
    const annOnB = await connect(b, team.ann.token);
    await join(annOnB, team.storeId);
    await until(() => last(annOnB)?.users.length === 2, 'presence for a late joiner');
    annOnB.close();

    managerOnA.close();
    await until(
      () => last(ownerOnB)?.users.every((u) => u.userId !== team.manager.id),
      'the manager gone, seen on B',
    );
  } finally {
    managerOnA.close();
    ownerOnB.close();
  }
});

test('a node opening a room asks the others who is present', async () => {
  const [a, b] = cluster.nodes;
  const managerOnA = await connect(a, team.manager.token);
  try {
    await join(managerOnA, team.storeId);
    managerOnA.emit('presence', { storeId: team.storeId, viewing: true, editing: null });
    await new Promise((r) => setTimeout(r, 300));
    // B has no room for the store yet; its first socket learns of the manager at once.
    const benOnB = await connect(b, team.ben.token);
    try {
      await join(benOnB, team.storeId);
      await until(
        () => benOnB.presence.at(-1)?.users.some((u) => u.userId === team.manager.id),
        'presence answered to a new room',
        5000,
      );
    } finally {
      benOnB.close();
    }
  } finally {
    managerOnA.close();
  }
});
