import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { ApiError, isErrorBody } from '@/modules/api/ApiError';
import type { CallInput, CallName, CallOutput } from '@/modules/api/types';
import {
  SOCKET_EVENTS,
  type ChangeEvent,
  type JoinAck,
  type NotificationEvent,
  type PresenceEvent,
} from './events';

/** Connection state shown to the user. */
export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

/** How long a `call` or `join` waits for its acknowledgement. */
const ACK_TIMEOUT_MS = 10_000;

type Listener<T> = (value: T) => void;

/** What opens the socket; tests pass their own address. */
export interface StoreSocketOptions {
  token: string;
  /** Server origin; the page's own origin when absent. */
  url?: string;
  io?: Partial<ManagerOptions & SocketOptions>;
}

/**
 * The one owner of the realtime connection. It joins one store at a time, remembers the last
 * store version it has seen, and after a dropped connection joins again with `since` so the
 * server replays what was missed (or asks for a resync). Changes are delivered once each, in
 * version order.
 */
export class StoreSocket {
  private readonly socket: Socket;
  private storeId: string | null = null;
  private version: number | null = null;
  private readonly changeListeners = new Set<Listener<ChangeEvent>>();
  private readonly presenceListeners = new Set<Listener<PresenceEvent>>();
  private readonly statusListeners = new Set<Listener<SocketStatus>>();
  private readonly resyncListeners = new Set<Listener<number>>();
  private readonly notificationListeners = new Set<Listener<NotificationEvent>>();
  private readonly sessionEndedListeners = new Set<Listener<void>>();
  private status: SocketStatus = 'connecting';
  private presence: { viewing: boolean; editing: string | null } = { viewing: false, editing: null };

  constructor(options: StoreSocketOptions) {
    // WebSocket first: a phone opens the socket in one round trip instead of the polling
    // handshake's several requests and its upgrade; where a proxy refuses WebSockets, the
    // client falls back to polling.
    const settings = { auth: { token: options.token }, transports: ['websocket', 'polling'], tryAllTransports: true, ...options.io };
    this.socket = options.url ? io(options.url, settings) : io(settings);
    this.socket.on('connect', () => {
      this.setStatus('connected');
      if (this.storeId) void this.sendJoin();
    });
    this.socket.on('disconnect', (reason) => {
      this.setStatus('disconnected');
      // The server closes a socket on purpose only when its session ended (signed out here
      // or elsewhere, or a new password); the client does not reconnect then.
      if (reason === 'io server disconnect') this.sessionEnded();
    });
    this.socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      this.setStatus('disconnected');
      if (error.data?.code === 'not_authenticated') this.sessionEnded();
    });
    this.socket.on(SOCKET_EVENTS.change, (event: ChangeEvent) => this.handleChange(event));
    this.socket.on(SOCKET_EVENTS.presence, (event: PresenceEvent) => {
      if (event.storeId !== this.storeId) return;
      for (const l of this.presenceListeners) l(event);
    });
    this.socket.on(SOCKET_EVENTS.notification, (event: NotificationEvent) => {
      for (const l of this.notificationListeners) l(event);
    });
  }

  /** The store version of the last change applied (or of the last join). */
  get lastVersion(): number | null {
    return this.version;
  }

  /** Joins a store's room (leaving the previous one); `since` replays changes after it. */
  async join(storeId: string, since?: number): Promise<JoinAck | null> {
    if (this.storeId && this.storeId !== storeId) this.leave();
    this.storeId = storeId;
    this.version = since ?? null;
    if (!this.socket.connected) return null;
    return this.sendJoin();
  }

  /** Leaves the current store. */
  leave(): void {
    if (this.storeId && this.socket.connected) {
      this.socket.emit(SOCKET_EVENTS.leave, { storeId: this.storeId });
    }
    this.storeId = null;
    this.version = null;
  }

  /** Runs a call over the socket and resolves with its `data`, or throws {@link ApiError}. */
  async call<N extends CallName>(name: N, payload: CallInput<N>): Promise<CallOutput<N>> {
    let reply: unknown;
    try {
      reply = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.call, name, payload);
    } catch {
      throw ApiError.unexpected(0);
    }
    if (reply && typeof reply === 'object' && 'data' in reply) return (reply as { data: CallOutput<N> }).data;
    if (isErrorBody(reply)) throw new ApiError(reply, 400);
    throw ApiError.unexpected(0);
  }

  /** Tells the others in the store what this user is looking at and editing. */
  setPresence(viewing: boolean, editing: string | null = null): void {
    this.presence = { viewing, editing };
    this.sendPresence();
  }

  /** Whether the socket is connected now. */
  get connected(): boolean {
    return this.socket.connected;
  }

  onChange(listener: Listener<ChangeEvent>) {
    return this.subscribe(this.changeListeners, listener);
  }

  onPresence(listener: Listener<PresenceEvent>) {
    return this.subscribe(this.presenceListeners, listener);
  }

  /** Called with the current version when missed changes cannot be replayed. */
  onResync(listener: Listener<number>) {
    return this.subscribe(this.resyncListeners, listener);
  }

  onStatus(listener: Listener<SocketStatus>) {
    listener(this.status);
    return this.subscribe(this.statusListeners, listener);
  }

  onNotification(listener: Listener<NotificationEvent>) {
    return this.subscribe(this.notificationListeners, listener);
  }

  /** Called when the server says the session is over (ended, or its token refused). */
  onSessionEnded(listener: () => void) {
    return this.subscribe(this.sessionEndedListeners, listener);
  }

  /** Closes the connection for good. */
  close(): void {
    this.leave();
    this.socket.removeAllListeners();
    this.socket.close();
    this.changeListeners.clear();
    this.presenceListeners.clear();
    this.statusListeners.clear();
    this.resyncListeners.clear();
    this.notificationListeners.clear();
    this.sessionEndedListeners.clear();
  }

  private async sendJoin(): Promise<JoinAck | null> {
    const storeId = this.storeId;
    if (!storeId) return null;
    const payload = this.version === null ? { storeId } : { storeId, since: this.version };
    let reply: unknown;
    try {
      reply = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.join, payload);
    } catch {
      return null;
    }
    if (storeId !== this.storeId) return null;
    if (isErrorBody(reply)) throw new ApiError(reply, 403);
    const ack = (reply as { data?: JoinAck } | null)?.data;
    if (!ack) return null;
    if (ack.resync) {
      this.version = ack.version;
      for (const l of this.resyncListeners) l(ack.version);
    } else if (this.version === null || ack.version > this.version) {
      this.version = ack.version;
    }
    this.sendPresence();
    return ack;
  }

  private handleChange(event: ChangeEvent) {
    if (event.storeId !== this.storeId) return;
    // Replays and live events can overlap around a reconnect: apply each version once.
    if (this.version !== null && event.version <= this.version) return;
    this.version = event.version;
    for (const l of this.changeListeners) l(event);
  }

  private sendPresence() {
    if (!this.storeId || !this.socket.connected) return;
    this.socket.volatile.emit(SOCKET_EVENTS.presence, { storeId: this.storeId, ...this.presence });
  }

  private sessionEnded() {
    for (const l of this.sessionEndedListeners) l();
  }

  private setStatus(status: SocketStatus) {
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>) {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }
}
