// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/modules/api/ApiError';
import type { ChangeEvent } from './events';
import { StoreSocket } from './StoreSocket';

/**
 * A real Socket.IO server speaking the realtime contract: it keeps a log of changes per store,
 * replays those after `since` on join, and answers `call`.
 */
class ContractServer {
  http: HttpServer;
  io: Server;
  log: ChangeEvent[] = [];
  joins: { storeId: string; since?: number }[] = [];
  presence: unknown[] = [];
  replayable = true;
  url = '';

  constructor(transports: ('polling' | 'websocket')[] = ['polling', 'websocket']) {
    this.http = createServer();
    this.io = new Server(this.http, { transports });
    this.io.use((socket, next) => {
      const token = socket.handshake.auth.token;
      if (token === 'good') return next();
      // A token of an ended session is refused as ours refuses it: with its code.
      const refused: Error & { data?: unknown } = new Error('You need to be Authenticated to use this method');
      if (token === 'ended') refused.data = { code: 'not_authenticated' };
      next(token === 'ended' ? refused : new Error('bad token'));
    });
    this.io.on('connection', (socket: Socket) => {
      socket.on('join', (p: { storeId: string; since?: number }, ack: (r: unknown) => void) => {
        this.joins.push(p);
        void socket.join(p.storeId);
        const version = this.log.length;
        if (p.since !== undefined && !this.replayable) return ack({ data: { resync: true, version } });
        if (p.since !== undefined) for (const e of this.log.filter((e) => e.version > p.since!)) socket.emit('change', e);
        ack({ data: { version } });
      });
      socket.on('presence', (p: unknown) => this.presence.push(p));
      socket.on('call', (name: string, payload: { store?: string }, ack: (r: unknown) => void) => {
        if (payload.store === 'not-mine') return ack({ message: 'You don\'t have permission to publish shifts.', code: 'permission_denied' });
        ack({ data: { name, echoed: payload } });
      });
    });
  }

  async start() {
    await new Promise<void>((ok) => this.http.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  change(storeId: string, type = 'shift.updated'): ChangeEvent {
    const event = { storeId, version: this.log.length + 1, type, data: { n: this.log.length + 1 }, at: Date.now() };
    this.log.push(event);
    this.io.to(storeId).emit('change', event);
    return event;
  }

  async stop() {
    this.io.close();
    await new Promise((ok) => this.http.close(ok));
  }
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let server: ContractServer;
let client: StoreSocket | null = null;

beforeEach(async () => {
  server = new ContractServer();
  await server.start();
});

afterEach(async () => {
  client?.close();
  client = null;
  await server.stop();
});

/** Closes every transport under the sockets, as a network failure would. */
function dropConnections() {
  for (const s of server.io.sockets.sockets.values()) s.conn.close();
}

function connect(token = 'good') {
  client = new StoreSocket({ token, url: server.url, io: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 100 } });
  return client;
}

/** The transport each of the server's sockets is on. */
const transports = (on: ContractServer) => [...on.io.sockets.sockets.values()].map((s) => s.conn.transport.name);

describe('StoreSocket', () => {
  it('opens on WebSocket, and on polling where WebSockets are refused', async () => {
    client = new StoreSocket({ token: 'good', url: server.url });
    await until(() => client!.connected);
    expect(transports(server)).toEqual(['websocket']);
    client.close();
    await server.stop();
    server = new ContractServer(['polling']);
    await server.start();
    client = new StoreSocket({ token: 'good', url: server.url });
    await until(() => client!.connected);
    expect(transports(server)).toEqual(['polling']);
  });

  it('joins the store once connected and delivers its changes in order', async () => {
    const socket = connect();
    const got: number[] = [];
    socket.onChange((e) => got.push(e.version));
    await socket.join('s1');
    await until(() => server.joins.length === 1);
    expect(server.joins[0]).toEqual({ storeId: 's1' });
    server.change('s1');
    server.change('s1');
    await until(() => got.length === 2);
    expect(got).toEqual([1, 2]);
    expect(socket.lastVersion).toBe(2);
  });

  it('reports a refused token as disconnected', async () => {
    const socket = connect('bad');
    const states: string[] = [];
    socket.onStatus((s) => states.push(s));
    await until(() => states.includes('disconnected'));
    expect(socket.connected).toBe(false);
  });

  it('tells when the server ends the session, not when the connection drops', async () => {
    const socket = connect();
    let ended = 0;
    socket.onSessionEnded(() => (ended += 1));
    await until(() => socket.connected);
    dropConnections();
    await until(() => !socket.connected);
    await until(() => socket.connected);
    expect(ended).toBe(0);

    // Signed out elsewhere: the server disconnects the socket on purpose.
    server.io.disconnectSockets();
    await until(() => ended === 1);
    expect(socket.connected).toBe(false);
  });

  it('tells when the token of an ended session is refused, not any refusal', async () => {
    let ended = 0;
    const other = connect('bad');
    other.onSessionEnded(() => (ended += 1));
    const states: string[] = [];
    other.onStatus((s) => states.push(s));
    await until(() => states.includes('disconnected'));
    other.close();
    expect(ended).toBe(0);

    const socket = connect('ended');
    socket.onSessionEnded(() => (ended += 1));
    await until(() => ended === 1);
  });

  it('rejoins with since after a dropped connection and gets each missed change once', async () => {
    const socket = connect();
    const got: number[] = [];
    socket.onChange((e) => got.push(e.version));
    await until(() => socket.connected);
    await socket.join('s1');
    server.change('s1');
    await until(() => got.length === 1);

    // The connection drops; changes happen while the client is away.
    dropConnections();
    await until(() => !socket.connected);
    server.change('s1');
    server.change('s1');
    await until(() => got.length === 3);
    expect(got).toEqual([1, 2, 3]);
    expect(server.joins.at(-1)).toEqual({ storeId: 's1', since: 1 });
  });

  it('asks for a resync when the server cannot replay', async () => {
    const socket = connect();
    let resynced = -1;
    socket.onResync((v) => (resynced = v));
    await until(() => socket.connected);
    await socket.join('s1', 0);
    server.replayable = false;
    server.change('s1');
    dropConnections();
    await until(() => resynced === 1);
  });

  it('ignores changes of other stores and duplicates', async () => {
    const socket = connect();
    const got: number[] = [];
    socket.onChange((e) => got.push(e.version));
    await until(() => socket.connected);
    await socket.join('s1');
    server.io.emit('change', { storeId: 's2', version: 9, type: 'x', data: null, at: 0 });
    const e = server.change('s1');
    server.io.to('s1').emit('change', e);
    server.change('s1');
    // A last change closes the test: a socket's messages arrive in order, so anything the
    // client would have taken arrived before it.
    server.change('s1');
    await until(() => got.includes(3));
    expect(got).toEqual([1, 2, 3]);
  });

  it('runs calls with their acknowledgement and throws the error envelope', async () => {
    const socket = connect();
    await until(() => socket.connected);
    const payload = { store: 's1', shifts: ['a'] };
    await expect(socket.call('publishShifts', payload)).resolves.toEqual({ name: 'publishShifts', echoed: payload });
    const error = await socket.call('publishShifts', { store: 'not-mine', shifts: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'permission_denied', message: "You don't have permission to publish shifts." });
  });

  it('sends presence for the joined store', async () => {
    const socket = connect();
    await until(() => socket.connected);
    await socket.join('s1');
    // Presence is volatile: a packet sent while the previous one is still being written may
    // be dropped, which is fine for presence. Send the next one once the first has arrived.
    await until(() => server.presence.length === 1);
    expect(server.presence[0]).toEqual({ storeId: 's1', viewing: false, editing: null });
    socket.setPresence(true, 'shift-7');
    await until(() => server.presence.length === 2);
    expect(server.presence.at(-1)).toEqual({ storeId: 's1', viewing: true, editing: 'shift-7' });
  });
});
