// A node stopped with SIGTERM in the middle of a load drains: no acknowledged edit is lost,
// and every client of the official socket.io-client reconnects by itself (the load balancer,
// here the client's own address list, sends it to the other node) and resumes with `since`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { Cluster, query } from '../lib/server.mjs';
import { createTeam, call } from '../lib/api.mjs';
import { request, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({ nodes: 2, env: { DRAIN_GRACE_MS: '5000' } });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

/** A client on node `a` that, once disconnected, reconnects to node `b` and rejoins with
 *  the last version it saw. */
async function resumingClient(a, b, token, storeId) {
  const socket = io(a.url, {
    auth: { token },
    forceNew: true,
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  });
  const client = { socket, versions: [], reasons: [], joinedAt: null, resumedOn: null };
  socket.on('change', (c) => client.versions.push(c.version));
  socket.on('disconnect', (reason) => {
    client.reasons.push(reason);
    socket.io.uri = b.url;
  });
  socket.on('connect', async () => {
    const since = client.versions.at(-1) ?? client.joinedAt;
    const ack = await request(socket, 'join', since === null ? { storeId } : { storeId, since });
    if (client.joinedAt === null) client.joinedAt = ack.data.version;
    else client.resumedOn = socket.io.uri;
  });
  await until(() => client.joinedAt !== null, 'the first join');
  return client;
}

test('SIGTERM mid-load: no acknowledged edit lost, every client resumes on the other node', async () => {
  const [a, b] = cluster.nodes;
  const clients = [];
  for (const token of [team.owner.token, team.manager.token, team.ann.token]) {
    clients.push(await resumingClient(a, b, token, team.storeId));
  }
  const acknowledged = [];
  const refused = [];
  let running = true;
  const writers = [0, 1, 2].map(async (w) => {
    for (let n = 0; running; n++) {
      try {
        const reply = await call(a, 'createRole', {
          store: team.storeId,
          roleData: { title: `Drain ${w}-${n}`, color: '#123456' },
        }, team.owner.token);
        if (reply.status === 200) acknowledged.push(reply.body.data.id);
        else refused.push(reply.status);
      } catch {
        return; // node A has gone
      }
    }
  });
  await until(() => acknowledged.length >= 20, 'a running load');
  const exited = new Promise((res) => a.proc.once('exit', (code, signal) => res({ code, signal })));
  a.proc.kill('SIGTERM');
  const { code } = await exited;
  running = false;
  await Promise.all(writers);
  assert.equal(code, 0, 'node A drains and exits cleanly');
  assert.ok(refused.every((s) => s === 503), `refused as a drain refuses: ${refused}`);

  const stored = new Set(
    (await query(cluster.dbUrl, 'SELECT id::text FROM roles WHERE store_id = $1', [team.storeId])).map((r) => r.id),
  );
  const lost = acknowledged.filter((id) => !stored.has(id));
  assert.deepEqual(lost, [], 'every acknowledged edit is committed');

  for (const client of clients) {
    await until(() => client.resumedOn === b.url, 'the client to resume on node B');
    assert.ok(!client.reasons.includes('io server disconnect'), `reconnectable: ${client.reasons}`);
  }
  // One more edit through node B reaches everyone, after every change they had missed.
  await call(b, 'createRole', { store: team.storeId, roleData: { title: 'After', color: '#123456' } }, team.owner.token);
  const owner = clients[0];
  const all = (await query(
    cluster.dbUrl,
    'SELECT version::int AS v FROM store_events WHERE store_id = $1 AND version > $2 ORDER BY version',
    [team.storeId, owner.joinedAt],
  )).map((r) => r.v);
  await until(() => owner.versions.length >= all.length, "the owner's changes");
  assert.deepEqual(owner.versions, all, 'every change once, in order, across the move');
  for (const client of clients) client.socket.close();
});
