import { gameView, PROTOCOL_VERSION, serverMessage, ViewReplica, WIRE_EVENT, type ClientMessageInput, type GameCommandInput, type GameView, type GameViewEvent, type HandshakeAuth, type ServerMessage, type Viewer } from '@veiltable/protocol';
import { io } from 'socket.io-client';
import { ServerClock } from './server-clock.svelte.ts';

/** How many recent events a connection keeps for the UI. */
const EVENTS_KEPT = 300;

export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'kicked';

/** What became of one command: committed at a room seq, or refused with a code. */
export type CommandOutcome = { ok: true; seq: number } | { ok: false; code: string; rule?: string };

/** A refusal to show the user. `ref` is null for refusals not tied to a command (rate limits, bad frames). */
export type Rejection = { id: number; ref: string | null; code: string; rule?: string };

/** The few socket calls the connection needs; socket.io's Socket satisfies it, tests pass a fake. */
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

/** Codes after which reconnecting with the same link cannot help. */
const FATAL_CODES = new Set(['BAD_TOKEN', 'NO_TOKEN', 'TOKEN_REVOKED', 'NO_SUCH_ROOM', 'BAD_HANDSHAKE']);

const defaultFactory: SocketFactory = (auth, onReconnectAttempt) => {
  const socket = io({ auth, reconnectionDelayMax: 5000 });
  socket.io.on('reconnect_attempt', onReconnectAttempt);
  return socket;
};

/**
 * One viewer's live link to a room: the socket, its status, the last room seq applied (sent again on every
 * reconnect so the server sends only what was missed), the latest view, and commands awaiting an answer.
 * Reconnecting is socket.io's job; this class only keeps the state the UI renders.
 */
export class Connection {
  status = $state<ConnectionStatus>('connecting');
  /** Why we were kicked or refused, or the last transient connect error. */
  reason = $state<string | null>(null);
  reconnectAttempt = $state(0);
  lastSeq = $state<number | null>(null);
  roomTitle = $state('');
  viewer = $state.raw<Viewer | null>(null);
  view = $state.raw<GameView | null>(null);
  /**
   * The latest events received, oldest first, for tables whose views hold no history of their own (rolls, reveals).
   * Only what arrived on this connection: a fresh page starts empty, a reconnect catches up through the updates.
   */
  events = $state.raw<{ seq: number; event: GameViewEvent }[]>([]);
  /** Refs of commands sent and not yet answered. */
  pending = $state<string[]>([]);
  rejections = $state<Rejection[]>([]);
  /** The server's clock as this device estimates it, from welcomes and the ping sent after each. */
  readonly clock = new ServerClock();

  readonly token: string;
  private socket: WireSocket | null = null;
  private readonly factory: SocketFactory;
  private readonly waiters = new Map<string, (outcome: CommandOutcome) => void>();
  private nextRef = 1;
  private nextRejectionId = 1;
  private kicked = false;
  /** The ping measuring the clock offset, while its pong is awaited. */
  private clockPing: { ref: string; sentAt: number } | null = null;
  /** The view exactly as received, which the server's patches apply to. */
  private readonly replica = new ViewReplica();
  /** A resync was asked for and its welcome has not come yet. */
  private resyncing = false;

  constructor(token: string, factory: SocketFactory = defaultFactory) {
    this.token = token;
    this.factory = factory;
  }

  /** Opens the socket. The auth callback runs on every (re)connect, so it always carries the newest seq. */
  start(): void {
    if (this.socket) return;
    const auth: AuthProvider = (cb) =>
      cb({
        token: this.token,
        protocol: PROTOCOL_VERSION,
        ...(this.lastSeq === null ? {} : { lastSeq: this.lastSeq }),
      });
    const socket = this.factory(auth, (attempt) => {
      this.reconnectAttempt = attempt;
      if (this.status !== 'kicked') this.status = 'connecting';
    });
    this.socket = socket;
    socket.on('connect', () => {
      // Online only once the welcome arrives: before that we have no view to show.
      this.status = 'connecting';
    });
    socket.on(WIRE_EVENT, (raw: unknown) => this.receive(raw));
    socket.on('disconnect', (reason: string) => this.onDisconnect(reason));
    socket.on('connect_error', (error: Error) => this.onConnectError(error));
  }

  stop(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.failPending('UNCONFIRMED');
  }

  /** After a fatal refusal socket.io stops trying; this tries once more on the user's request. */
  retry(): void {
    if (!this.socket || this.socket.active) return;
    this.kicked = false;
    this.reason = null;
    this.status = 'connecting';
    this.socket.connect();
  }

  /** Sends a command; resolves when the server commits or refuses it. Nothing is queued while offline. */
  send(command: GameCommandInput): Promise<CommandOutcome> {
    if (!this.socket || this.status !== 'online') {
      this.pushRejection(null, 'OFFLINE');
      return Promise.resolve({ ok: false, code: 'OFFLINE' });
    }
    const ref = `c${this.nextRef++}`;
    const message: ClientMessageInput = { type: 'command', ref, command };
    this.pending.push(ref);
    const outcome = new Promise<CommandOutcome>((resolve) => this.waiters.set(ref, resolve));
    this.socket.emit(WIRE_EVENT, JSON.stringify(message));
    return outcome;
  }

  dismiss(id: number): void {
    this.rejections = this.rejections.filter((r) => r.id !== id);
  }

  /** Applies one inbound frame: the message object as Socket.IO decoded it. Public so tests can drive the state machine. */
  receive(raw: unknown): void {
    const parsed = serverMessage.safeParse(raw);
    if (!parsed.success) {
      console.warn('dropped a frame that does not match the protocol', parsed.error);
      return;
    }
    // The replica keeps the message as received: patches apply to exactly what the server sent.
    this.apply(parsed.data, raw as ServerMessage);
  }

  private apply(message: ServerMessage, received: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        // Sent unasked: its time counts as read the moment it arrived, until the ping's pong refines it.
        this.clock.sample(message.now, Date.now());
        this.pingClock();
        this.replica.receive(received);
        this.resyncing = false;
        this.roomTitle = message.room.title;
        this.viewer = message.viewer;
        this.view = message.view;
        this.lastSeq = message.seq;
        this.status = 'online';
        this.reason = null;
        this.reconnectAttempt = 0;
        return;
      case 'update': {
        // A replayed frame older than what we hold would roll the view back; skip it.
        if (this.lastSeq !== null && message.seq < this.lastSeq) return;
        const gap = this.lastSeq !== null && message.seq > this.lastSeq + 1;
        this.lastSeq = message.seq;
        if (message.events.length > 0) {
          const added = message.events.map((event) => ({ seq: message.seq, event }));
          this.events = [...this.events, ...added].slice(-EVENTS_KEPT);
        }
        const step = this.replica.receive(received);
        if (step === 'changed') this.show(message.view);
        // Events were missed, or the view cannot follow: only a fresh welcome puts both right.
        if (gap || step === 'lost') this.resync();
        return;
      }
      case 'ack':
        this.settle(message.ref, { ok: true, seq: message.seq });
        return;
      case 'rejected': {
        const rule = message.rule;
        this.pushRejection(message.ref, message.code, rule);
        if (message.ref !== null) {
          this.settle(message.ref, { ok: false, code: message.code, ...(rule ? { rule } : {}) });
        }
        return;
      }
      case 'kicked':
        this.kicked = true;
        this.status = 'kicked';
        this.reason = message.code;
        return;
      case 'pong':
        if (this.clockPing?.ref === message.ref) {
          this.clock.sample(message.now, Date.now(), this.clockPing.sentAt);
          this.clockPing = null;
        }
        return;
    }
  }

  /** Shows the view just replaced or patched: `parsed` when it came whole, else the patched one once it checks out. */
  private show(parsed: GameView | undefined): void {
    if (parsed) {
      this.view = parsed;
      return;
    }
    const checked = gameView.safeParse(this.replica.view);
    if (checked.success) {
      this.view = checked.data;
      return;
    }
    console.warn('a patched view does not match the protocol', checked.error);
    this.replica.lose();
    this.resync();
  }

  /** Asks the server for a fresh welcome, once until it arrives; meanwhile the view shown stays as it was. */
  private resync(): void {
    if (this.resyncing || !this.socket) return;
    this.resyncing = true;
    const message: ClientMessageInput = { type: 'resync' };
    this.socket.emit(WIRE_EVENT, JSON.stringify(message));
  }

  /** Pings once so the pong's server time, read mid round trip, corrects the welcome's rougher estimate. */
  private pingClock(): void {
    if (!this.socket) return;
    const ref = `t${this.nextRef++}`;
    this.clockPing = { ref, sentAt: Date.now() };
    const message: ClientMessageInput = { type: 'ping', ref };
    this.socket.emit(WIRE_EVENT, JSON.stringify(message));
  }

  private onDisconnect(reason: string): void {
    // The reconnect's welcome brings a whole view anyway.
    this.resyncing = false;
    this.failPending('UNCONFIRMED');
    if (this.kicked) {
      this.status = 'kicked';
      return;
    }
    this.status = 'offline';
    // socket.io does not retry after the server closed the socket on purpose without saying why; try once.
    if (reason === 'io server disconnect') this.socket?.connect();
  }

  private onConnectError(error: Error): void {
    const code = error.message;
    this.reason = code;
    // A refusal from the server's handshake check leaves the socket inactive: socket.io will not retry.
    if (FATAL_CODES.has(code) || !this.socket?.active) {
      this.kicked = true;
      this.status = 'kicked';
    } else {
      this.status = 'offline';
    }
  }

  private settle(ref: string, outcome: CommandOutcome): void {
    this.pending = this.pending.filter((r) => r !== ref);
    const resolve = this.waiters.get(ref);
    this.waiters.delete(ref);
    resolve?.(outcome);
  }

  /** The server may or may not have committed these; the next welcome's view tells the truth. */
  private failPending(code: string): void {
    if (this.waiters.size === 0) return;
    for (const ref of [...this.waiters.keys()]) this.settle(ref, { ok: false, code });
    this.pushRejection(null, code);
  }

  private pushRejection(ref: string | null, code: string, rule?: string): void {
    const rejection: Rejection = { id: this.nextRejectionId++, ref, code, ...(rule ? { rule } : {}) };
    // Keep the list short: a burst of refusals should not bury the table.
    this.rejections = [...this.rejections.slice(-3), rejection];
  }
}
