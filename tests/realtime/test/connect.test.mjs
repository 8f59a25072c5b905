// Connecting: both transports, the upgrade, authentication, join refusals, calls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { call, createStore, signup } from '../lib/api.mjs';
import { connect, join, next, request, socketCall } from '../lib/socket.mjs';

const NOT_AUTHENTICATED = 'You need to be Authenticated to use this method';
const NO_EMPLOYEE_DOCUMENT = "Employee Document doesn't exist in the store.";

let cluster;
let owner;
let storeId;
before(async () => {
  cluster = await Cluster.start();
  owner = await signup(cluster.server, 'Olga');
  storeId = await createStore(cluster.server, owner);
});
after(() => cluster?.stop());

test('default options connect over polling, then upgrade to websocket', async () => {
  const socket = await connect(cluster.server, owner.token);
  try {
    const engine = socket.io.engine;
    if (engine.transport.name !== 'websocket') {
      assert.equal(engine.transport.name, 'polling');
      await next(engine, 'upgrade');
    }
    assert.equal(engine.transport.name, 'websocket');
    const ack = await join(socket, storeId);
    assert.equal(typeof ack.data.version, 'number');
  } finally {
    socket.close();
  }
});

test('polling alone works end to end', async () => {
  const socket = await connect(cluster.server, owner.token, { transports: ['polling'] });
  try {
    assert.equal(socket.io.engine.transport.name, 'polling');
    const ack = await join(socket, storeId);
    assert.equal(typeof ack.data.version, 'number');
    const reply = await socketCall(socket, 'updateBusinessIdentity', {
      store: storeId,
      name: 'Polled Shop',
      type: 'others',
    });
    assert.equal(reply.data.name, 'Polled Shop');
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(socket.changes.some((c) => c.type === 'store.updated'));
  } finally {
    socket.close();
  }
});

test('websocket only connects directly', async () => {
  const socket = await connect(cluster.server, owner.token, { transports: ['websocket'] });
  try {
    assert.equal(socket.io.engine.transport.name, 'websocket');
    const ack = await join(socket, storeId);
    assert.equal(typeof ack.data.version, 'number');
  } finally {
    socket.close();
  }
});

test('a bad or missing token is refused with connect_error', async () => {
  for (const token of ['not-a-token', undefined, '']) {
    await assert.rejects(connect(cluster.server, token), (e) => {
      assert.equal(e.message, NOT_AUTHENTICATED);
      return true;
    });
  }
  await assert.rejects(
    connect(cluster.server, 'x.y.z', { transports: ['websocket'] }),
    (e) => e.message === NOT_AUTHENTICATED,
  );
});

test('join is refused for someone who is not a member of the store', async () => {
  const stranger = await signup(cluster.server, 'Stranger');
  const socket = await connect(cluster.server, stranger.token, { transports: ['websocket'] });
  try {
    const ack = await join(socket, storeId);
    assert.deepEqual(ack, { message: NO_EMPLOYEE_DOCUMENT, code: 'employee_not_found' });
    const bad = await request(socket, 'join', { storeId: 'nope' });
    assert.equal(bad.code, 'invalid_input');
    const unknown = await request(socket, 'join', { storeId: '00000000-0000-7000-8000-000000000000' });
    assert.equal(unknown.code, 'no_active_store');
    // Nothing of the store reaches the stranger.
    await call(cluster.server, 'updateBusinessIdentity', { store: storeId, name: 'Secret', type: 'others' }, owner.token);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(socket.changes, []);
  } finally {
    socket.close();
  }
});

test('call answers exactly what HTTP answers', async () => {
  const stranger = await signup(cluster.server, 'Caller');
  const socket = await connect(cluster.server, stranger.token, { transports: ['websocket'] });
  try {
    const payload = { store: storeId, name: 'Mine now', type: 'others' };
    const viaSocket = await socketCall(socket, 'updateBusinessIdentity', payload);
    const viaHttp = await call(cluster.server, 'updateBusinessIdentity', payload, stranger.token);
    assert.equal(viaHttp.status, 403);
    assert.deepEqual(viaSocket, viaHttp.body);

    const invalid = await socketCall(socket, 'createRole', { store: storeId });
    const invalidHttp = await call(cluster.server, 'createRole', { store: storeId }, stranger.token);
    assert.deepEqual(invalid, invalidHttp.body);

    const unknown = await socketCall(socket, 'noSuchCall', {});
    assert.equal(unknown.code, 'unknown_call');

    const created = await socketCall(socket, 'createBusiness', {
      name: 'Own Shop',
      type: 'others',
      timezoneReference: 'Europe/Berlin',
    });
    assert.equal(typeof created.data.storeId, 'string');
  } finally {
    socket.close();
  }
});

test('calls past 16 running on one socket are answered at once with too_many_calls', async () => {
  // Over polling the client sends its buffered emits in one body, which the server reads in
  // one go: all of them arrive before any has had a chance to finish.
  const socket = await connect(cluster.server, owner.token, { transports: ['polling'] });
  try {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => socketCall(socket, 'getPublicVapidKey', {})),
    );
    const answered = replies.filter((r) => typeof r.data?.publicKey === 'string');
    const refused = replies.filter((r) => r.code === 'too_many_calls');
    assert.equal(answered.length + refused.length, 40, JSON.stringify(replies[0]));
    // The first emit may travel (and finish) alone before the others are sent.
    assert.ok(answered.length >= 16 && answered.length <= 17, `${answered.length} answered`);
    assert.deepEqual(refused[0], {
      message: 'Too many calls are running on this connection; wait for their answers.',
      code: 'too_many_calls',
    });
    // Once the running ones have answered, calls run again.
    const again = await socketCall(socket, 'getPublicVapidKey', {});
    assert.equal(typeof again.data.publicKey, 'string');
  } finally {
    socket.close();
  }
});
