// The official `socket.io-client` behind the same small interface as `eio.mjs`'s Client, to
// check the cheap client against it: same frames received, same work asked of the server.
import { io } from 'socket.io-client';
import { now } from './eio.mjs';

export class OfficialClient {
  /**
   * @param {string} base  http://host:port
   * @param {{token?: string, onChange?: (raw: string, at: number) => void}} opts
   */
  constructor(base, opts = {}) {
    this.base = base;
    this.token = opts.token;
    this.onChange = opts.onChange ?? null;
    this.socket = null;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const socket = io(this.base, {
        transports: ['websocket'],
        reconnection: false,
        auth: this.token ? { token: this.token } : {},
      });
      this.socket = socket;
      // The change as its frame's text, so both clients count the same bytes.
      socket.on('change', (payload) => {
        if (this.onChange) this.onChange(`42${JSON.stringify(['change', payload])}`, now());
      });
      socket.once('connect', () => resolve(this));
      socket.once('connect_error', reject);
    });
  }

  emitAck(event, ...args) {
    return new Promise((resolve) => this.socket.emit(event, ...args, resolve));
  }

  join(storeId) {
    return this.emitAck('join', { storeId });
  }

  call(name, payload) {
    return this.emitAck('call', name, payload);
  }

  close() {
    this.socket?.disconnect();
  }
}
