import type { ClientMessage, HandshakeAuth } from '@veiltable/protocol';
import { io } from 'socket.io-client';
import { WIRE_EVENT } from '@veiltable/protocol/version';

export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'kicked';

/** The few socket calls the link needs; socket.io's Socket satisfies it, tests pass a fake. */
export interface WireSocket {
  readonly active: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, payload: string): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type AuthProvider = (cb: (auth: HandshakeAuth) => void) => void;
export type SocketFactory = (auth: AuthProvider, onReconnectAttempt: (attempt: number) => void) => WireSocket;

/** What the link reports to the connection above it. */
export interface LinkListener {
  /** One inbound frame, as Socket.IO decoded it. */
  frame(raw: unknown): void;
  /** The socket closed; `final` when it will not reconnect by itself (kicked, refused). */
  closed(final: boolean): void;
}

/** Codes after which reconnecting with the same link cannot help. */
const FATAL_CODES = new Set(['BAD_TOKEN', 'NO_TOKEN', 'TOKEN_REVOKED', 'NO_SUCH_ROOM', 'BAD_HANDSHAKE']);

export const socketIoFactory: SocketFactory = (auth, onReconnectAttempt) => {
  const socket = io({ auth, reconnectionDelayMax: 5000 });
  socket.io.on('reconnect_attempt', onReconnectAttempt);
  return socket;
};

/**
 * The socket's life as the page shows it: connecting until the room's welcome, online, offline while socket.io
 * retries, kicked when retrying with this link cannot help. Reconnecting itself is socket.io's job.
 */
export class SocketLink {
  status = $state<ConnectionStatus>('connecting');
  /** Why we were kicked or refused, or the last transient connect error. */
  reason = $state<string | null>(null);
  reconnectAttempt = $state(0);

  private socket: WireSocket | null = null;
  private kicked = false;
  private readonly factory: SocketFactory;

  constructor(factory: SocketFactory = socketIoFactory) {
    this.factory = factory;
  }

  /** Opens the socket; `auth` runs on every (re)connect, so it can always carry the newest state. */
  open(auth: AuthProvider, listener: LinkListener): void {
    if (this.socket) return;
    const socket = this.factory(auth, (attempt) => {
      this.reconnectAttempt = attempt;
      if (this.status !== 'kicked') this.status = 'connecting';
    });
    this.socket = socket;
    // Online only once the welcome arrives: before that there is no view to show.
    socket.on('connect', () => (this.status = 'connecting'));
    socket.on(WIRE_EVENT, (raw: unknown) => listener.frame(raw));
    socket.on('disconnect', (reason: string) => {
      listener.closed(this.kicked);
      if (this.kicked) {
        this.status = 'kicked';
        return;
      }
      this.status = 'offline';
      // socket.io does not retry after the server closed the socket on purpose without saying why; try once.
      if (reason === 'io server disconnect') this.socket?.connect();
    });
    socket.on('connect_error', (error: Error) => {
      const code = error.message;
      this.reason = code;
      // A refusal from the server's handshake check leaves the socket inactive: socket.io will not retry.
      if (FATAL_CODES.has(code) || !this.socket?.active) {
        this.kick(code);
        listener.closed(true);
      } else {
        this.status = 'offline';
      }
    });
  }

  /** Closes the socket for good (the page leaves the room). */
  close(): void {
    this.socket?.disconnect();
    this.socket = null;
    if (this.status !== 'kicked') this.status = 'offline';
  }

  /** After a fatal refusal socket.io stops trying; this tries once more on the user's request. */
  retry(): void {
    if (!this.socket || this.socket.active) return;
    this.kicked = false;
    this.reason = null;
    this.status = 'connecting';
    this.socket.connect();
  }

  /** Sends one message as JSON text (the server size-checks the text before parsing); false without a socket. */
  send(message: ClientMessage): boolean {
    if (!this.socket) return false;
    this.socket.emit(WIRE_EVENT, JSON.stringify(message));
    return true;
  }

  /** The room welcomed this socket: it is online. */
  welcomed(): void {
    this.kicked = false;
    this.status = 'online';
    this.reason = null;
    this.reconnectAttempt = 0;
  }

  /** The server refused or is about to close this socket for good: a reconnect would not help. */
  kick(code: string): void {
    this.kicked = true;
    this.status = 'kicked';
    this.reason = code;
  }
}
