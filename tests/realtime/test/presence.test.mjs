// Presence: who is looking at the store and what they edit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { createTeam } from '../lib/api.mjs';
import { connect, join, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start();
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

const last = (socket) => socket.presence.at(-1);

test('presence reaches the other members and is withdrawn when someone disconnects', async () => {
  const manager = await connect(cluster.server, team.manager.token);
  const ann = await connect(cluster.server, team.ann.token, { transports: ['websocket'] });
  const stranger = await connect(cluster.server, team.ben.token);
  try {
    await join(manager, team.storeId);
    await join(ann, team.storeId);

    manager.volatile.emit('presence', { storeId: team.storeId, viewing: true, editing: 'shift-1' });
    await until(() => ann.presence.length > 0, 'presence at Ann');
    assert.equal(last(ann).storeId, team.storeId);
    assert.equal(last(ann).users.length, 1);
    assert.equal(last(ann).users[0].userId, team.manager.id);
    assert.equal(last(ann).users[0].editing, 'shift-1');
    assert.equal(typeof last(ann).users[0].name, 'string');

    ann.emit('presence', { storeId: team.storeId, viewing: true, editing: null });
    await until(() => last(manager)?.users.length === 2, 'both present');
    const annEntry = last(manager).users.find((u) => u.userId === team.ann.id);
    assert.equal(annEntry.editing, null);

    // Ben never joined the store: he hears nothing of it.
    assert.deepEqual(stranger.presence, []);

    const before = ann.presence.length;
    manager.close();
    await until(() => ann.presence.length > before, 'presence after the disconnect');
    assert.deepEqual(
      last(ann).users.map((u) => u.userId),
      [team.ann.id],
    );

    // Presence for a store one has not joined is ignored.
    stranger.emit('presence', { storeId: team.storeId, viewing: true, editing: 'x' });
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(last(ann).users.map((u) => u.userId), [team.ann.id]);
  } finally {
    manager.close();
    ann.close();
    stranger.close();
  }
});

test('leave takes a socket out of the room and withdraws its presence', async () => {
  const manager = await connect(cluster.server, team.manager.token, { transports: ['websocket'] });
  const ann = await connect(cluster.server, team.ann.token, { transports: ['websocket'] });
  try {
    await join(manager, team.storeId);
    await join(ann, team.storeId);
    ann.emit('presence', { storeId: team.storeId, viewing: true, editing: null });
    await until(() => last(manager)?.users.length === 1, 'Ann present');
    const left = await ann.timeout(5000).emitWithAck('leave', { storeId: team.storeId });
    assert.deepEqual(left, { data: { storeId: team.storeId } });
    await until(() => last(manager)?.users.length === 0, 'Ann gone');
  } finally {
    manager.close();
    ann.close();
  }
});
