import { randomBytes } from 'node:crypto';
import { games } from '@veiltable/engine/games';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, ViewReplica, WIRE_EVENT, serverMessage, type FeedItem, type LogLine, type ServerMessage, type Viewer } from '@veiltable/protocol';
import { type CotView } from '@veiltable/protocol/games/call-of-t';
import { type D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { type FreeTableView } from '@veiltable/protocol/games/free-table';
import { type GwView } from '@veiltable/protocol/games/grail-war';

/** A command as a client writes it: an object with its type (the room parses it against its own game). */
export type GameCommandInput = { type: string } & Record<string, unknown>;
/** A view of any game: each names its game. */
export type GameView = FreeTableView | D6View | CotView | GwView;

/** One engine.io packet exactly as it arrived, with the room seq it belongs to. */
export type RawFrame = {
  /** The seq the frame carries (welcome, update, ack, pong, rejection), else the client's last seq when it arrived. */
  seq: number;
  text: string;
};

export type CommandOutcome = { ok: true; seq: number } | { ok: false; code: string; rule?: string; detail?: string };

type Pending = { resolve(outcome: CommandOutcome): void; timer: NodeJS.Timeout };
type Waiter = { check(): boolean; resolve(): void };

const COMMAND_TIMEOUT_MS = 15_000;

/**
 * One viewer's socket that records everything the server sends it: every raw engine.io packet (the audit looks
 * for secrets there, below any parsing), every parsed message, and every view it held as the server's welcomes
 * and patches built them, each checked against its game's view schema. It reconnects by itself; a command left
 * unanswered by a dropped connection is sent again, under the same ref, after the next welcome.
 */
export class RecordingClient {
  readonly label: string;
  readonly frames: RawFrame[] = [];
  readonly messages: ServerMessage[] = [];
  /** Server messages that failed the protocol schema, with the reason. */
  readonly invalid: { text: string; error: string }[] = [];
  /** Updates whose seq did not rise above the one before (each update is the next state of the view). */
  readonly seqGaps: { after: number; got: number }[] = [];
  /** The room seq this client knows the room reached: every message carries one. */
  lastSeq: number | undefined;
  view: GameView | undefined;
  /** Every view this client held, in the order it got them, with the seq each belongs to. */
  readonly views: { seq: number; view: GameView }[] = [];
  /** The view as received, which the server's patches apply to. */
  readonly #replica = new ViewReplica();
  viewer: Viewer | undefined;
  welcomes = 0;
  readonly socket: Socket;
  #refs = 0;
  /** The seq of the last update, which only rises. */
  #lastUpdate: number | undefined;
  /** The view schema of the room's game, known from the welcome. */
  #viewSchema: (typeof games)[string]['schemas']['view'] | undefined;
  /** A prefix per client, so refs are unique across the clients of one seat (the server keys refs per actor). */
  readonly #refPrefix = randomBytes(4).toString('hex');
  #pending = new Map<string, Pending & { command: GameCommandInput }>();
  #waiters = new Set<Waiter>();
  #hooked = new WeakSet<object>();

  constructor(baseUrl: string, token: string, label: string) {
    this.label = label;
    this.socket = io(baseUrl, {
      forceNew: true,
      autoConnect: false,
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      randomizationFactor: 0,
      // A function, so every reconnect sends the seq reached by then.
      auth: (cb) =>
        cb({ token, protocol: PROTOCOL_VERSION, ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }) }),
    });
    this.#hookEngineCreation();
    this.socket.on(WIRE_EVENT, (payload: unknown) => this.#onMessage(payload));
    this.socket.on('disconnect', () => this.#notify());
    this.socket.on('connect', () => this.#notify());
  }

  /** Opens the socket and resolves at the next welcome. */
  async connect(): Promise<void> {
    const before = this.welcomes;
    this.socket.connect();
    await this.waitFor(() => this.welcomes > before, `${this.label}: welcome`);
  }

  /** Closes the socket for good (no reconnect until connect() again). */
  disconnect(): void {
    this.socket.disconnect();
  }

  /** Drops the transport as a network failure would; the client reconnects by itself. */
  dropTransport(): void {
    this.socket.io.engine?.close();
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Sends a command and resolves with its ack or rejection; `ref` only to send a command of another client again. */
  send(command: GameCommandInput, given?: string): Promise<CommandOutcome> {
    // A ref given is another client's command sent again: a retry.
    const explicit = given !== undefined;
    const ref = given ?? `${this.label}-${this.#refPrefix}-${++this.#refs}`;
    const payload = JSON.stringify({ type: 'command', ref, command, ...(explicit ? { retry: true } : {}) });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(ref);
        resolve({ ok: false, code: 'TEST_TIMEOUT', detail: `no ack for ${command.type} within ${COMMAND_TIMEOUT_MS} ms` });
      }, COMMAND_TIMEOUT_MS);
      this.#pending.set(ref, { resolve, timer, command });
      this.socket.emit(WIRE_EVENT, payload);
    });
  }

  #settle(ref: string, outcome: CommandOutcome): void {
    const pending = this.#pending.get(ref);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(ref);
    pending.resolve(outcome);
  }

  /** Sends a command that must be accepted; returns the seq it was committed at. */
  async run(command: GameCommandInput): Promise<number> {
    const outcome = await this.send(command);
    if (!outcome.ok) {
      throw new Error(`${this.label}: ${command.type} rejected: ${outcome.code} ${outcome.rule ?? ''} ${outcome.detail ?? ''}`);
    }
    return outcome.seq;
  }

  /** Resolves once `check` holds, re-testing after every message and (dis)connection. */
  waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what} (last seq ${this.lastSeq})`));
      }, timeoutMs);
      const waiter: Waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.#waiters.add(waiter);
    });
  }

  /**
   * Resolves once this client has everything up to `seq`. A viewer whose view a commit did not change gets no update
   * for it, so the client pings: a pong carries the room's seq and follows every update sent before it.
   */
  async waitForSeq(seq: number): Promise<void> {
    const reached = () => (this.lastSeq ?? -1) >= seq;
    while (!reached()) {
      if (this.socket.connected) this.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'ping', ref: `seq-${++this.#refs}` }));
      await this.waitFor(reached, `${this.label}: seq ${seq}`, 300).catch(() => undefined);
    }
  }

  /** Asks for the older pages of this client's timeline, page by page, until the first line of the room's log. */
  async readOlderLines(): Promise<void> {
    for (;;) {
      const before = this.lines()[0]?.seq ?? (this.lastSeq ?? 0) + 1;
      if (before <= 1) return;
      const ref = `${this.label}-log-${++this.#refs}`;
      const page = () => this.messages.find((m) => m.type === 'log' && m.ref === ref);
      this.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'log', ref, before, limit: 200 }));
      await this.waitFor(() => page() !== undefined, `${this.label}: lines before ${before}`);
      const got = page();
      if (got?.type !== 'log' || !got.more) return;
    }
  }

  /** This client's timeline: every line it was sent (welcomes, updates, log pages), once each, in log order. */
  lines(): LogLine[] {
    const byKey = new Map<string, LogLine>();
    for (const m of this.messages) {
      const lines = m.type === 'welcome' || m.type === 'log' ? m.lines : m.type === 'update' ? (m.lines ?? []) : [];
      for (const line of lines) byKey.set(`${line.seq}.${line.i}`, line);
    }
    return [...byKey.values()].sort((a, b) => a.seq - b.seq || a.i - b.i);
  }

  /** The chat lines and rolls of this client's timeline, as it read them (a roll's reveal too). */
  feedItems(): FeedItem[] {
    return this.lines().flatMap((l) => {
      const seen = l.seen as { type?: string; item?: FeedItem };
      return (seen.type === 'feed' || seen.type === 'roll.revealed') && seen.item ? [seen.item] : [];
    });
  }

  /** The current free-table view; throws before the first welcome or when the room runs another game. */
  current(): FreeTableView {
    if (!this.view) throw new Error(`${this.label}: no view yet`);
    if (this.view.game !== 'free-table') throw new Error(`${this.label}: the room runs ${this.view.game}`);
    return this.view;
  }

  /** The current Grail War view; throws before the first welcome or when the room runs another game. */
  currentGw(): GwView {
    if (!this.view) throw new Error(`${this.label}: no view yet`);
    if (this.view.game !== 'grail-war') throw new Error(`${this.label}: the room runs ${this.view.game}`);
    return this.view;
  }

  /** The current dungeon-2d6 view; throws before the first welcome or when the room runs another game. */
  currentD6(): D6View {
    if (!this.view) throw new Error(`${this.label}: no view yet`);
    if (this.view.game !== 'dungeon-2d6') throw new Error(`${this.label}: the room runs ${this.view.game}`);
    return this.view;
  }

  /** The current Call of <T> view; throws before the first welcome or when the room runs another game. */
  currentCot(): CotView {
    if (!this.view) throw new Error(`${this.label}: no view yet`);
    if (this.view.game !== 'call-of-t') throw new Error(`${this.label}: the room runs ${this.view.game}`);
    return this.view;
  }

  close(): void {
    for (const p of this.#pending.values()) clearTimeout(p.timer);
    this.#pending.clear();
    this.socket.disconnect();
  }

  /**
   * Every (re)connection makes a new engine inside Manager.open(); wrapping it hooks the packet listener before the
   * engine has received anything, so even the handshake packet is recorded.
   */
  #hookEngineCreation(): void {
    const manager = this.socket.io;
    const open = manager.open.bind(manager);
    const hooked = (fn?: (err?: Error) => void) => {
      const result = open(fn);
      this.#hookEngine();
      return result;
    };
    manager.open = hooked;
    manager.connect = hooked;
    manager.on('open', () => this.#hookEngine());
  }

  #hookEngine(): void {
    const engine = this.socket.io.engine;
    if (!engine || this.#hooked.has(engine)) return;
    this.#hooked.add(engine);
    engine.on('packet', (packet: { type: string; data?: unknown }) => {
      const data = typeof packet.data === 'string' ? packet.data : packet.data === undefined ? '' : JSON.stringify(packet.data);
      const text = `${packet.type}:${data}`;
      this.frames.push({ seq: seqOfPacket(data) ?? this.lastSeq ?? 0, text });
    });
  }

  /** One message as Socket.IO decoded it: the server sends objects, so JSON text is as invalid as a wrong shape. */
  #onMessage(payload: unknown): void {
    const result = serverMessage.safeParse(payload);
    if (!result.success) {
      const text = typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? String(payload));
      this.invalid.push({ text: text.slice(0, 2000), error: result.error.message.slice(0, 2000) });
      return;
    }
    const parsed = result.data;
    this.messages.push(parsed);
    if (parsed.type === 'welcome') this.#viewSchema = games[parsed.room.game]?.schemas.view;
    this.#takeView(payload as ServerMessage, parsed);
    switch (parsed.type) {
      case 'welcome':
        this.viewer = parsed.viewer;
        this.welcomes++;
        // Commands the last connection left unanswered go again under their refs: the server answers each once.
        for (const [ref, p] of this.#pending) this.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'command', ref, command: p.command, retry: true }));
        break;
      case 'update':
        if (this.#lastUpdate !== undefined && parsed.seq <= this.#lastUpdate) this.seqGaps.push({ after: this.#lastUpdate, got: parsed.seq });
        this.#lastUpdate = parsed.seq;
        for (const ack of parsed.acks ?? []) this.#settle(ack.ref, { ok: true, seq: ack.seq });
        break;
      case 'ack':
        this.#settle(parsed.ref, { ok: true, seq: parsed.seq });
        break;
      case 'rejected':
        if (parsed.ref !== null) this.#settle(parsed.ref, { ok: false, code: parsed.code, rule: parsed.rule, detail: parsed.detail });
        break;
      default:
        break;
    }
    if ('seq' in parsed) this.lastSeq = Math.max(this.lastSeq ?? 0, parsed.seq);
    this.#notify();
  }

  /**
   * Follows the view through welcomes and patches. A patch that does not apply, or builds a view outside the
   * protocol, is a server fault: it is recorded as invalid, and a resync puts the view right for what follows.
   */
  #takeView(received: ServerMessage, parsed: ServerMessage): void {
    if (parsed.type !== 'welcome' && parsed.type !== 'update') return;
    const step = this.#replica.receive(received);
    if (step === 'unchanged') return;
    const checked = step === 'lost' || !this.#viewSchema ? undefined : this.#viewSchema.safeParse(this.#replica.view);
    if (!checked?.success) {
      const error = checked ? checked.error.message.slice(0, 2000) : 'a view patch that does not apply to the view held';
      this.invalid.push({ text: JSON.stringify(received).slice(0, 2000), error });
      this.#replica.lose();
      this.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'resync' }));
      return;
    }
    this.view = checked.data as GameView;
    this.views.push({ seq: parsed.seq, view: this.view });
  }

  #notify(): void {
    for (const w of [...this.#waiters]) {
      if (w.check()) {
        this.#waiters.delete(w);
        w.resolve();
      }
    }
  }
}

/** The seq inside a socket.io EVENT packet `2["m",{…}]`, read straight from the raw text. */
function seqOfPacket(data: string): number | undefined {
  const match = /^2\d*(\[.*)$/s.exec(data);
  if (!match) return undefined;
  try {
    const args: unknown = JSON.parse(match[1]!);
    if (!Array.isArray(args) || args[0] !== WIRE_EVENT) return undefined;
    const message: unknown = args[1];
    if (typeof message === 'object' && message !== null && 'seq' in message && typeof message.seq === 'number') return message.seq;
  } catch {
    return undefined;
  }
  return undefined;
}
