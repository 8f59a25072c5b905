// Heartbeats and slow clients: a client that stops answering pings, or stops reading, is
// dropped without holding up anyone else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { createTeam, data } from '../lib/api.mjs';
import { connect, join, next, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({
    env: {
      SOCKET_PING_INTERVAL_MS: '300',
      SOCKET_PING_TIMEOUT_MS: '300',
    },
  });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

test('the handshake announces the configured heartbeat', async () => {
  const res = await fetch(`${cluster.server.url}/socket.io/?EIO=4&transport=polling`);
  const body = await res.text();
  assert.equal(body[0], '0');
  const open = JSON.parse(body.slice(1));
  assert.equal(open.pingInterval, 300);
  assert.equal(open.pingTimeout, 300);
  assert.equal(open.maxPayload, 1000000);
  assert.deepEqual(open.upgrades, ['websocket']);
  assert.equal(typeof open.sid, 'string');
});

test('a client that stops answering pings is dropped; one that answers stays', async () => {
  const silent = await connect(cluster.server, team.ann.token, { transports: ['websocket'] });
  // Both kinds of session: one upgraded from polling, one on a WebSocket from the start.
  const alive = await connect(cluster.server, team.manager.token);
  const steady = await connect(cluster.server, team.manager.token, { transports: ['websocket'] });
  let pings = 0;
  steady.io.engine.on('ping', () => pings++);
  try {
    await join(silent, team.storeId);
    await join(alive, team.storeId);
    silent.emit('presence', { storeId: team.storeId, viewing: true, editing: null });
    await until(() => alive.presence.at(-1)?.users.length === 1, 'Ann present');

    const engine = silent.io.engine;
    const send = engine._sendPacket.bind(engine);
    engine._sendPacket = (type, ...rest) => (type === 'pong' ? undefined : send(type, ...rest));
    const started = Date.now();
    const [reason] = await next(silent, 'disconnect', 5000);
    assert.equal(reason, 'transport close');
    assert.ok(Date.now() - started < 2000, 'dropped within interval and timeout');
    // The server took the dropped socket out of the room.
    await until(() => alive.presence.at(-1)?.users.length === 0, 'Ann withdrawn');
    assert.ok(alive.connected, 'the answering client stays connected');
    // Pinged again after each pong, for several intervals.
    await until(() => pings >= 4, 'four pings answered');
    assert.ok(steady.connected, 'the answering WebSocket client stays connected');
  } finally {
    silent.close();
    alive.close();
    steady.close();
  }
});

test('a client that stops reading is cut off at the queue bound; the others get everything', async () => {
  // Long heartbeats here, so only the queue bound can end the session.
  const slow = await Cluster.start({ env: { SOCKET_QUEUE_BYTES: '8192' } });
  try {
    const crew = await createTeam(slow);
    const base = `${slow.server.url}/socket.io/?EIO=4&transport=polling`;
    const open = JSON.parse((await (await fetch(base)).text()).slice(1));
    const url = `${base}&sid=${open.sid}`;
    const post = (body) => fetch(url, { method: 'POST', body }).then((r) => r.text());
    assert.equal(await post(`40${JSON.stringify({ token: crew.ben.token })}`), 'ok');
    assert.match(await (await fetch(url)).text(), /^40\{"sid":/);
    assert.equal(await post(`421["join",${JSON.stringify({ storeId: crew.storeId })}]`), 'ok');
    assert.match(await (await fetch(url)).text(), /^431\[\{"data":\{"version":\d+\}\}\]/);

    const reader = await connect(slow.server, crew.owner.token, { transports: ['websocket'] });
    try {
      const start = (await join(reader, crew.storeId)).data.version;
      const rename = (name) =>
        data(slow.server, 'updateBusinessIdentity', { store: crew.storeId, name, type: 'others' }, crew.owner.token);
      // One change fits: the session is alive and polling delivers it.
      await rename('Small');
      assert.match(await (await fetch(url)).text(), /^42\["change",.*"Small"/);
      // Ben's client stops polling; each change queues a few hundred bytes for it.
      const long = 'x'.repeat(100);
      for (let i = 0; i < 30; i++) await rename(`${long} ${i}`);
      await until(() => reader.changes.length >= 31, 'every change at the reader');
      assert.deepEqual(
        reader.changes.map((c) => c.version),
        Array.from({ length: 31 }, (_, i) => start + 1 + i),
      );
      const res = await fetch(url);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { code: 1, message: 'Session ID unknown' });
    } finally {
      reader.close();
    }
  } finally {
    await slow.stop();
  }
});

test('bad requests get the Engine.IO error answers', async () => {
  const root = `${cluster.server.url}/socket.io/`;
  const v3 = await fetch(`${root}?EIO=3&transport=polling`);
  assert.equal(v3.status, 400);
  assert.deepEqual(await v3.json(), { code: 5, message: 'Unsupported protocol version' });
  const unknown = await fetch(`${root}?EIO=4&transport=carrier-pigeon`);
  assert.deepEqual(await unknown.json(), { code: 0, message: 'Transport unknown' });
  const nosid = await fetch(`${root}?EIO=4&transport=polling&sid=nope`);
  assert.deepEqual(await nosid.json(), { code: 1, message: 'Session ID unknown' });
  const open = JSON.parse((await (await fetch(`${root}?EIO=4&transport=polling`)).text()).slice(1));
  const big = await fetch(`${root}?EIO=4&transport=polling&sid=${open.sid}`, {
    method: 'POST',
    body: '4' + 'x'.repeat(1_000_001),
  });
  assert.equal(big.status, 413);
  const after = await fetch(`${root}?EIO=4&transport=polling&sid=${open.sid}`);
  assert.equal(after.status, 400, 'an oversized payload ends the session');
});
