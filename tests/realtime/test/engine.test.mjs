// Engine.IO details the reference server follows and the protocol documents describe, spoken
// directly over HTTP and WebSocket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { Cluster } from '../lib/server.mjs';
import { createStore, signup } from '../lib/api.mjs';
import { connect, join, next } from '../lib/socket.mjs';

let cluster;
let root;
before(async () => {
  cluster = await Cluster.start();
  root = `${cluster.server.url}/socket.io/?EIO=4`;
});
after(() => cluster?.stop());

/** Opens a long-polling session; resolves to its sid. */
async function openPolling() {
  const body = await (await fetch(`${root}&transport=polling`)).text();
  assert.equal(body[0], '0');
  return JSON.parse(body.slice(1)).sid;
}

/** Resolves with what a WebSocket went through: whether it opened, and how it ended. */
function outcome(ws) {
  return new Promise((resolve) => {
    let opened = false;
    let refused = null;
    ws.on('open', () => {
      opened = true;
    });
    ws.on('unexpected-response', (_req, res) => {
      refused = res.statusCode;
      ws.terminate();
    });
    ws.on('error', () => {});
    ws.on('close', () => resolve({ opened, refused }));
  });
}

test('a POST or PUT that would open a long-polling session is refused with 400', async () => {
  for (const method of ['POST', 'PUT']) {
    const res = await fetch(`${root}&transport=polling`, { method, body: '' });
    assert.equal(res.status, 400, method);
    assert.deepEqual(await res.json(), { code: 2, message: 'Bad handshake method' }, method);
  }
  // A PUT on an open session is refused too, and leaves the session alone.
  const sid = await openPolling();
  const put = await fetch(`${root}&transport=polling&sid=${sid}`, { method: 'PUT', body: '2' });
  assert.equal(put.status, 400);
  const ping = await fetch(`${root}&transport=polling&sid=${sid}`, { method: 'POST', body: '2' });
  assert.equal(await ping.text(), 'ok');
  assert.equal(await (await fetch(`${root}&transport=polling&sid=${sid}`)).text(), '3');
});

test('a close posted while a poll waits ends that poll with a noop, and the session', async () => {
  const sid = await openPolling();
  const url = `${root}&transport=polling&sid=${sid}`;
  const poll = fetch(url).then(async (r) => ({ status: r.status, body: await r.text() }));
  // Let the GET reach the server and wait there.
  await new Promise((r) => setTimeout(r, 100));
  const closed = await fetch(url, { method: 'POST', body: '1' });
  assert.equal(await closed.text(), 'ok');
  assert.deepEqual(await poll, { status: 200, body: '6' });
  const after = await fetch(url);
  assert.equal(after.status, 400);
  assert.deepEqual(await after.json(), { code: 1, message: 'Session ID unknown' });
});

test('a second WebSocket for an upgraded session is accepted, then closed; the first goes on', async () => {
  const owner = await signup(cluster.server, 'Wanda');
  const storeId = await createStore(cluster.server, owner);
  const socket = await connect(cluster.server, owner.token);
  try {
    const engine = socket.io.engine;
    if (engine.transport.name !== 'websocket') await next(engine, 'upgrade');
    assert.equal(engine.transport.name, 'websocket');
    const ws = new WebSocket(`${root.replace('http', 'ws')}&transport=websocket&sid=${engine.id}`);
    const { opened, refused } = await outcome(ws);
    assert.equal(refused, null, 'not refused over HTTP');
    assert.ok(opened, 'accepted, then closed');
    // The session keeps its own WebSocket.
    assert.ok(socket.connected);
    const ack = await join(socket, storeId);
    assert.equal(typeof ack.data.version, 'number');
  } finally {
    socket.close();
  }

  // Unknown sessions are still refused over HTTP.
  const stranger = new WebSocket(`${root.replace('http', 'ws')}&transport=websocket&sid=nope`);
  assert.deepEqual(await outcome(stranger), { opened: false, refused: 400 });
});
