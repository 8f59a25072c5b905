// Sockets of the official client, and recording what they receive.
import { io } from 'socket.io-client';

/** Connects with `token`; resolves once connected (rejects on connect_error). */
export function connect(server, token, options = {}) {
  const socket = io(server.url, {
    auth: token === undefined ? undefined : { token },
    reconnection: false,
    forceNew: true,
    ...options,
  });
  const changes = [];
  const presence = [];
  const notifications = [];
  socket.on('change', (c) => changes.push(c));
  socket.on('presence', (p) => presence.push(p));
  socket.on('notification', (n) => notifications.push(n));
  Object.assign(socket, { changes, presence, notifications });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}

/** Emits an event with an acknowledgement; resolves to the ack's argument. */
export function request(socket, event, ...args) {
  return socket.timeout(10_000).emitWithAck(event, ...args);
}

/** Runs a call over the socket. */
export function socketCall(socket, name, payload) {
  return request(socket, 'call', name, payload);
}

/** Joins a store; resolves to the ack. */
export function join(socket, storeId, since) {
  return request(socket, 'join', since === undefined ? { storeId } : { storeId, since });
}

/** Waits until `predicate()` holds, polling briefly. */
export async function until(predicate, what = 'condition', timeout = 10_000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits until the socket has received the change of `version`. */
export function untilVersion(socket, version, timeout) {
  return until(
    () => socket.changes.some((c) => c.version >= version),
    `version ${version}`,
    timeout,
  );
}

/** Resolves with the next event of that name. */
export function next(socket, event, timeout = 10_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), timeout);
    socket.once(event, (...args) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}
