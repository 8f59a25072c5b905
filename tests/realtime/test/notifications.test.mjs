// A new notification reaches every socket of its reader, whatever store that socket joined
// (or none): the reader's own room.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { addMember, createStore, data, signup } from '../lib/api.mjs';
import { connect, join, until } from '../lib/socket.mjs';

let cluster;
let owner;
let storeA;
let storeB;
let ann;
before(async () => {
  cluster = await Cluster.start();
  owner = await signup(cluster.server, 'Olivia');
  storeA = await createStore(cluster.server, owner, 'Shop A');
  storeB = await createStore(cluster.server, owner, 'Shop B');
  ann = await addMember(cluster, owner, storeA, 'Ann');
});
after(() => cluster?.stop());

/** Ann asks for a day off in store A, `days` from now: the owner is notified. */
function askForTimeOff(days) {
  const day = Date.now() + days * 24 * 3600 * 1000;
  return data(
    cluster.server,
    'requestTimeOff',
    { store: storeA, start: day, end: day, entireDay: true, description: `Day ${days}` },
    ann.token,
  );
}

const settle = () => new Promise((r) => setTimeout(r, 300));

test("a member looking at another of their stores, or at none, gets a store's notification live", async () => {
  const inB = await connect(cluster.server, owner.token);
  const nowhere = await connect(cluster.server, owner.token, { transports: ['websocket'] });
  const inA = await connect(cluster.server, owner.token, { transports: ['websocket'] });
  const annInA = await connect(cluster.server, ann.token);
  try {
    await join(inB, storeB);
    await join(inA, storeA);
    await join(annInA, storeA);
    await askForTimeOff(30);
    const forOwner = (s) => s.notifications.some((n) => n.type === 'timeoff' && n.storeId === storeA);
    await until(() => forOwner(inB), 'the notification in store B');
    await until(() => forOwner(nowhere), 'the notification on a socket in no store');
    await until(() => forOwner(inA), 'the notification in store A');
    await settle();
    for (const s of [inB, nowhere, inA]) {
      assert.equal(s.notifications.length, 1, 'once per socket');
      assert.equal(s.notifications[0].accessFor, owner.id);
    }
    // Only the room of store A gets the change itself.
    assert.ok(inA.changes.some((c) => c.type === 'notification.created'));
    assert.ok(!inB.changes.some((c) => c.storeId === storeA));
    assert.deepEqual(nowhere.changes, []);
    // Nobody else's sockets get it.
    assert.deepEqual(annInA.notifications, []);
  } finally {
    for (const s of [inB, nowhere, inA, annInA]) s.close();
  }
});
