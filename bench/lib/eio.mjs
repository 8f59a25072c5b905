// A minimal Engine.IO v4 / Socket.IO v5 client over WebSocket, cheap enough to run thousands
// of sockets from one process without becoming the bottleneck: no buffering, no binary, and
// `change` events are read with two string searches instead of JSON.parse. It does not
// reconnect by itself: `onClose` tells its owner (`lb.mjs`'s members reconnect as the app does).
import WebSocket from 'ws';

const OPEN = '0';
const PING = '2';
const MESSAGE = '4';

/** Time in ms (fractional) on this process's monotonic clock. */
export const now = () => performance.now();

export class Client {
  /**
   * @param {string} base  http://host:port
   * @param {{token?: string, onChange?: (raw: string, at: number) => void, onClose?: () => void}} opts
   */
  constructor(base, opts = {}) {
    this.url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    this.token = opts.token;
    this.onChange = opts.onChange ?? null;
    this.onClose = opts.onClose ?? null;
    this.acks = new Map();
    this.nextAck = 1;
    this.ws = null;
  }

  /** Connects and completes the Socket.IO CONNECT; resolves once connected. */
  connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false });
      this.ws = ws;
      let connected = false;
      ws.on('message', (buf) => {
        const text = buf.toString();
        const type = text[0];
        if (type === PING) {
          ws.send('3');
        } else if (type === OPEN) {
          ws.send(`40${JSON.stringify(this.token ? { token: this.token } : {})}`);
        } else if (type === MESSAGE) {
          const sio = text[1];
          if (sio === '0') {
            connected = true;
            resolve(this);
          } else if (sio === '4') {
            reject(new Error(`connect_error ${text.slice(2)}`));
          } else if (sio === '2') {
            if (this.onChange && text.startsWith('42["change"')) this.onChange(text, now());
          } else if (sio === '3') {
            const open = text.indexOf('[');
            const id = Number(text.slice(2, open));
            const cb = this.acks.get(id);
            if (cb) {
              this.acks.delete(id);
              cb(JSON.parse(text.slice(open))[0]);
            }
          }
        }
      });
      ws.on('error', (e) => {
        if (!connected) reject(e);
      });
      ws.on('close', () => {
        for (const cb of this.acks.values()) cb({ message: 'closed', code: 'closed' });
        this.acks.clear();
        if (connected) this.onClose?.();
        else reject(new Error('closed before connecting'));
      });
    });
  }

  /** Emits an event with an acknowledgement; resolves with the ack's first argument. */
  emitAck(event, ...args) {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve({ message: 'closed', code: 'closed' });
    return new Promise((resolve) => {
      const id = this.nextAck++;
      this.acks.set(id, resolve);
      this.ws.send(`42${id}${JSON.stringify([event, ...args])}`);
    });
  }

  /** Joins a store's room; with `since`, the server first replays the changes after it. */
  join(storeId, since) {
    return this.emitAck('join', since === undefined ? { storeId } : { storeId, since });
  }

  call(name, payload) {
    return this.emitAck('call', name, payload);
  }

  /** Stops reading from the socket (a slow reader): the kernel buffers fill, then the server's. */
  pauseReading() {
    this.ws._socket.pause();
  }

  close() {
    this.ws?.terminate();
  }
}

/** The number after `"key":` at its first occurrence in `raw`, or NaN. */
export function numberField(raw, key) {
  const at = raw.indexOf(`"${key}":`);
  if (at < 0) return NaN;
  return parseInt(raw.slice(at + key.length + 3, at + key.length + 23), 10);
}

/** The text of a title written as `b:<n>` in a change, as the number n. */
export function markerOf(raw) {
  const at = raw.indexOf('"title":"b:');
  if (at < 0) return -1;
  return parseInt(raw.slice(at + 11, at + 31), 10);
}

/** Opens `n` clients, `parallel` at a time. */
export async function openMany(n, parallel, make) {
  const out = new Array(n);
  let next = 0;
  async function worker() {
    while (next < n) {
      const i = next++;
      out[i] = await make(i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, n) }, worker));
  return out;
}
