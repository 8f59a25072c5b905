// Clients that outlive their connection, as the web app's `StoreSocket` does: when the socket
// closes (a node draining closes it without a DISCONNECT), the client reconnects after
// socket.io-client's delay, through the same address (the load balancer), joins its store again
// with `since` set to the last version it saw, and applies each version once.
import { Client, now, numberField } from './eio.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Calls a socket has unanswered at most (the server refuses past 16). */
const PER_SOCKET = 8;
/** How long a connection and its join may take before the attempt is dropped and retried. */
const ATTEMPT_MS = 10_000;

/**
 * socket.io-client's reconnection delay, which the web app keeps: 1 s doubling up to 5 s,
 * each ±50 % at random.
 */
function reconnectDelay(attempt) {
  return Math.min(1000 * 2 ** attempt * (0.5 + Math.random()), 5000);
}

function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What all members of a run saw of their connections. */
export class Connections {
  /** Each time a member was without a connection, from the close to the rejoin's answer, ms. */
  outages = [];

  /** Changes a member received again at a version it already had (dropped, as the app does). */
  repeated = 0;

  /** Rejoins the server answered with `resync` (too much missed to replay). */
  resyncs = 0;

  /** Attempts to reconnect that failed (refused, or no node to take them). */
  failedAttempts = 0;

  /** Members without a connection now. */
  down = 0;
}

/**
 * One client: a socket at `base` signed in with `token`, joined to `storeId` when given, each
 * new change's raw text handed to `onChange(raw, at, member)`.
 */
export class Member {
  constructor(base, token, storeId, connections, onChange = null) {
    this.base = base;
    this.token = token;
    this.storeId = storeId;
    this.connections = connections;
    this.onChange = onChange;
    /** The store version of the last change applied, or of the last join. */
    this.version = null;
    this.up = false;
    this.closed = false;
    this.waiting = [];
    this.inFlight = 0;
    this.slots = [];
  }

  /** Connects and joins (with `since` once a version is known); throws when either fails. */
  async open() {
    const client = new Client(this.base, {
      token: this.token,
      onChange: (raw, at) => this.change(raw, at),
      onClose: () => this.lost(client),
    });
    try {
      await within(client.connect(), ATTEMPT_MS, 'connecting');
      if (this.storeId) {
        const since = this.version ?? undefined;
        const joined = await within(client.join(this.storeId, since), ATTEMPT_MS, 'joining');
        if (!joined?.data) throw new Error(`join refused: ${JSON.stringify(joined)}`);
        if (joined.data.resync) {
          this.connections.resyncs += 1;
          this.version = joined.data.version;
        } else if (this.version === null || joined.data.version > this.version) {
          this.version = joined.data.version;
        }
      }
    } catch (e) {
      client.onClose = null;
      client.close();
      throw e;
    }
    this.client = client;
    this.up = true;
    for (const w of this.waiting.splice(0)) w();
  }

  change(raw, at) {
    const version = numberField(raw, 'version');
    // A replay and the live stream may overlap around a rejoin: each version counts once.
    if (this.version !== null && version <= this.version) {
      this.connections.repeated += 1;
      return;
    }
    this.version = version;
    this.onChange?.(raw, at, this);
  }

  /** The socket closed under the member: reconnect as socket.io-client does. */
  async lost(client) {
    if (this.closed || client !== this.client) return;
    this.up = false;
    const since = now();
    this.connections.down += 1;
    for (let attempt = 0; !this.closed; attempt++) {
      await sleep(reconnectDelay(attempt));
      if (this.closed) break;
      try {
        await this.open();
        break;
      } catch {
        this.connections.failedAttempts += 1;
      }
    }
    this.connections.down -= 1;
    if (!this.closed) this.connections.outages.push(now() - since);
  }

  /** Resolves once the member is connected (and joined). */
  connected() {
    return this.up ? Promise.resolve() : new Promise((r) => this.waiting.push(r));
  }

  /**
   * Runs a call over the socket once connected, at most PER_SOCKET at a time; resolves with
   * the answer (`{code: 'closed'}` when the socket closed before it).
   */
  async call(name, payload) {
    while (this.inFlight >= PER_SOCKET) await new Promise((r) => this.slots.push(r));
    this.inFlight += 1;
    try {
      await this.connected();
      return await this.client.call(name, payload);
    } finally {
      this.inFlight -= 1;
      this.slots.shift()?.();
    }
  }

  close() {
    this.closed = true;
    this.client?.close();
    for (const w of this.waiting.splice(0)) w();
  }
}
