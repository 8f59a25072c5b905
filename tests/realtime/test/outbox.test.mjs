// The outbox keeps a bounded history (here the newest 5 changes of a store, pruned every
// second): a client that rejoins with a `since` older than what is kept is told to resync,
// reloads what it shows, and goes on live; one whose `since` is still kept gets the replay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster, query } from '../lib/server.mjs';
import { createTeam, data } from '../lib/api.mjs';
import { connect, join, until } from '../lib/socket.mjs';

const KEEP = 5;

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({
    env: { OUTBOX_KEEP_PER_STORE: String(KEEP), OUTBOX_PRUNE_SECONDS: '1' },
  });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

/** The oldest and newest versions the store's outbox holds. */
async function held() {
  const [row] = await query(
    cluster.dbUrl,
    `SELECT min(version)::int AS oldest, max(version)::int AS newest
       FROM store_events WHERE store_id = $1`,
    [team.storeId],
  );
  return row;
}

/** `GET /api/v1/stores/{id}` as the client reloads it. */
async function reload(person) {
  const res = await fetch(`${cluster.server.url}/api/v1/stores/${team.storeId}`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

test('a since older than the outbox keeps answers resync; the client reloads and goes on live', async () => {
  const { storeId, owner, ann } = team;
  const away = await connect(cluster.server, ann.token, { transports: ['websocket'] });
  const since = (await join(away, storeId)).data.version;
  away.close();

  // While Ann is away the store moves on by more than the outbox keeps.
  for (let i = 0; i < 3 * KEEP; i++) {
    await data(
      cluster.server,
      'createRole',
      { store: storeId, roleData: { title: `Role ${i}`, color: '#123456' } },
      owner.token,
    );
  }
  // The last minutes' changes are kept whatever their number (a node catching up may read
  // them): make these look older, as they would be an hour later.
  await query(
    cluster.dbUrl,
    `UPDATE store_events SET created_at = created_at - interval '1 hour' WHERE store_id = $1`,
    [storeId],
  );
  let outbox = await held();
  const start = Date.now();
  while (outbox.newest - outbox.oldest + 1 > KEEP) {
    assert.ok(Date.now() - start < 10_000, `the outbox is pruned (${JSON.stringify(outbox)})`);
    await new Promise((r) => setTimeout(r, 100));
    outbox = await held();
  }
  const now = outbox.newest;
  assert.equal(now, since + 3 * KEEP);
  assert.equal(outbox.oldest, now - KEEP + 1);

  const back = await connect(cluster.server, ann.token);
  try {
    const ack = await join(back, storeId, since);
    assert.deepEqual(ack, { data: { resync: true, version: now } });
    assert.deepEqual(back.changes, [], 'no partial replay');

    // The client reloads the store, which shows every change it missed...
    const store = await reload(ann);
    const titles = store.roles.map((r) => r.title);
    for (let i = 0; i < 3 * KEEP; i++) assert.ok(titles.includes(`Role ${i}`), `Role ${i}`);
    // ...joins again from what it loaded, and receives what comes next.
    const rejoined = await join(back, storeId, now);
    assert.deepEqual(rejoined, { data: { version: now } });
    await data(
      cluster.server,
      'createRole',
      { store: storeId, roleData: { title: 'Live', color: '#654321' } },
      owner.token,
    );
    await until(() => back.changes.some((c) => c.version === now + 1), 'the live change');
    assert.deepEqual(back.changes.map((c) => c.version), [now + 1]);
  } finally {
    back.close();
  }

  // A since the outbox still holds the next change of is replayed, not resynced.
  const recent = await connect(cluster.server, ann.token);
  try {
    const ack = await join(recent, storeId, now - 2);
    assert.deepEqual(ack, { data: { version: now + 1 } });
    assert.deepEqual(recent.changes.map((c) => c.version), [now - 1, now, now + 1]);
  } finally {
    recent.close();
  }
});
