// Sessions: a socket of a session that ends (signed out here or everywhere, a new password) is
// disconnected at once, on whichever node it is, and its token connects no more.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { data, signup } from '../lib/api.mjs';
import { connect, next, socketCall } from '../lib/socket.mjs';

const NOT_AUTHENTICATED = 'You need to be Authenticated to use this method';
const PASSWORD = 'correct horse 42';

let cluster;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
});
after(() => cluster?.stop());

/** Signs in again as `person` on `server`: another session, another token. */
async function signIn(server, person, password = PASSWORD) {
  return (await data(server, 'login', { email: person.email, password })).token;
}

/** Resolves with the reason of the socket's next disconnect, within `ms`. */
function disconnected(socket, ms = 3000) {
  return next(socket, 'disconnect', ms).then(([reason]) => reason);
}

/** Asserts that `token` no longer connects. */
async function refused(server, token, transports) {
  await assert.rejects(connect(server, token, transports ? { transports } : {}), (e) => {
    assert.equal(e.message, NOT_AUTHENTICATED);
    assert.equal(e.data?.code, 'not_authenticated');
    return true;
  });
}

test('signing out disconnects the sockets of that session, on both transports, and no other', async () => {
  const [a] = cluster.nodes;
  const ada = await signup(a, 'Ada');
  const phone = await signIn(a, ada);
  const polling = await connect(a, ada.token, { transports: ['polling'] });
  const websocket = await connect(a, ada.token, { transports: ['websocket'] });
  const other = await connect(a, phone, { transports: ['websocket'] });
  try {
    const reasons = Promise.all([disconnected(polling), disconnected(websocket)]);
    await data(a, 'logout', {}, ada.token);
    // The server said so: the client does not try to reconnect.
    assert.deepEqual(await reasons, ['io server disconnect', 'io server disconnect']);
    await refused(a, ada.token);
    await refused(a, ada.token, ['websocket']);
    // The other session goes on.
    assert.equal(other.connected, true);
    const reply = await socketCall(other, 'updateProfile', { firstName: 'Ada' });
    assert.equal(reply.data.firstName, 'Ada');
  } finally {
    for (const s of [polling, websocket, other]) s.close();
  }
});

test('signing out everywhere on one node disconnects the sockets on the other at once', async () => {
  const [a, b] = cluster.nodes;
  const ada = await signup(a, 'Everywhere');
  const bob = await signup(a, 'Bob');
  const phone = await signIn(b, ada);
  const onB = await connect(b, ada.token, { transports: ['websocket'] });
  const phoneOnB = await connect(b, phone);
  const bobOnB = await connect(b, bob.token, { transports: ['websocket'] });
  try {
    const reasons = Promise.all([disconnected(onB), disconnected(phoneOnB)]);
    const started = Date.now();
    await data(a, 'logoutEverywhere', {}, phone);
    assert.deepEqual(await reasons, ['io server disconnect', 'io server disconnect']);
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
    await refused(b, ada.token);
    await refused(b, phone);
    assert.equal(bobOnB.connected, true);
  } finally {
    for (const s of [onB, phoneOnB, bobOnB]) s.close();
  }
});

test('a new password disconnects the other sessions\u2019 sockets and keeps this one', async () => {
  const [a, b] = cluster.nodes;
  const ada = await signup(a, 'Changer');
  const laptop = await signIn(a, ada);
  const old = await connect(b, ada.token, { transports: ['websocket'] });
  const mine = await connect(a, laptop, { transports: ['websocket'] });
  try {
    const reason = disconnected(old);
    const reply = await socketCall(mine, 'authenticatedResetPassword', {
      oldPassword: PASSWORD,
      newPassword: 'battery staple 43',
    });
    assert.equal(reply.data, true);
    assert.equal(await reason, 'io server disconnect');
    await refused(b, ada.token);
    assert.equal(mine.connected, true);
    const still = await socketCall(mine, 'updateProfile', { lastName: 'Kept' });
    assert.equal(still.data.lastName, 'Kept');
  } finally {
    old.close();
    mine.close();
  }
});
