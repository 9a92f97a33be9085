import type { LogLine, ServerMessage, Viewer } from '@veiltable/protocol';
import { CommandTracker, type CommandOutcome, type Rejection } from './command-tracker.svelte.ts';
import { ServerClock } from './server-clock.svelte.ts';
import { Timeline } from '../ui/timeline/timeline.svelte.ts';
import { SocketLink, socketIoFactory, type AuthProvider, type ConnectionStatus, type SocketFactory } from './socket-link.svelte.ts';
import { ViewReplica } from '@veiltable/protocol/view-replica';
import { CommitmentLedger, type LedgerStorage } from './ledger/commitment-ledger.svelte.ts';
import { sealedAnswers, type SeenEvent } from './ledger/sealed-answers.ts';
import { PROTOCOL_VERSION } from '@veiltable/protocol/version';

export type { CommandOutcome, ConnectionStatus, Rejection };
export type { AuthProvider, SocketFactory, WireSocket } from './socket-link.svelte.ts';

/**
 * A check of frames against the protocol. The page trusts its own server's typed output and runs none; tests pass
 * one built from the protocol's schemas, so a frame the server should never send is caught where it arrives.
 */
export interface FrameCheck {
  /** Why `raw` is not a server message, or null. */
  message(raw: unknown): string | null;
  /** Why `view` is not a view of the room's game, or null. */
  view(view: unknown): string | null;
}

const MESSAGE_TYPES = new Set<string>(['welcome', 'update', 'log', 'ack', 'pong', 'rejected', 'kicked']);

/** What the page checks without the protocol's schemas: a message object of a type it knows. */
const shapeCheck: FrameCheck = {
  message: (raw) =>
    typeof raw === 'object' && raw !== null && MESSAGE_TYPES.has(String((raw as { type?: unknown }).type)) ? null : 'not a server message',
  view: () => null,
};

const isSeenEvent = (seen: unknown): seen is SeenEvent =>
  typeof seen === 'object' && seen !== null && typeof (seen as { type?: unknown }).type === 'string';

type RoomInfo = Extract<ServerMessage, { type: 'welcome' }>['room'];

/**
 * One viewer's live link to a room, made of six parts: the socket and its status (SocketLink), the commands
 * awaiting answers (CommandTracker), the view as the server sent it (ViewReplica), the viewer's lines of the log
 * (Timeline), the server's clock (ServerClock) and the commitments this device saw sealed (CommitmentLedger). This
 * class routes each message to them and keeps what the page renders.
 */
export class Connection<V = unknown> {
  /** The room's seq as of the last message applied; sent on every reconnect. */
  lastSeq = $state<number | null>(null);
  room = $state.raw<RoomInfo | null>(null);
  viewer = $state.raw<Viewer | null>(null);
  /** The view shown: the replica's, once it passed the frame check. */
  view = $state.raw<V | null>(null);

  readonly token: string;
  readonly link: SocketLink;
  readonly commands = new CommandTracker();
  readonly clock = new ServerClock();
  /** This viewer's lines of the room's log: pages are asked for on this link. */
  readonly timeline = new Timeline((before, limit) => {
    if (this.link.status !== 'online') return null;
    const ref = this.commands.ref();
    return this.link.send({ type: 'log', ref, before, limit }) ? ref : null;
  });
  /** The commitments shown while answers were sealed; every reveal is judged against them. */
  readonly ledger: CommitmentLedger;
  private readonly replica = new ViewReplica();
  private readonly check: FrameCheck;
  /** A resync was asked for and its welcome has not come yet. */
  private resyncing = false;

  constructor(token: string, factory: SocketFactory = socketIoFactory, check: FrameCheck = shapeCheck, ledger?: LedgerStorage) {
    this.token = token;
    this.ledger = new CommitmentLedger(ledger);
    this.link = new SocketLink(factory);
    this.check = check;
  }

  get status(): ConnectionStatus {
    return this.link.status;
  }
  get reason(): string | null {
    return this.link.reason;
  }
  get reconnectAttempt(): number {
    return this.link.reconnectAttempt;
  }
  get roomTitle(): string {
    return this.room?.title ?? '';
  }
  get pending(): string[] {
    return this.commands.pending;
  }
  get rejections(): Rejection[] {
    return this.commands.rejections;
  }

  /** Opens the socket. The handshake is read on every (re)connect, so it always carries the newest seq. */
  start(): void {
    const auth: AuthProvider = (cb) => cb({ token: this.token, protocol: PROTOCOL_VERSION, ...(this.lastSeq === null ? {} : { lastSeq: this.lastSeq }) });
    this.link.open(auth, {
      frame: (raw) => this.receive(raw),
      closed: (final) => {
        // The next welcome brings a whole view anyway; unanswered commands wait for it unless none will come.
        this.resyncing = false;
        if (final) this.commands.abandon('UNCONFIRMED');
      },
    });
  }

  /** Closes the socket; whatever was not answered may or may not have been committed. */
  stop(): void {
    this.link.close();
    this.commands.abandon('UNCONFIRMED');
  }

  retry(): void {
    this.link.retry();
  }

  /** Sends a command; resolves when the server commits or refuses it. Nothing is queued while offline. */
  send(command: unknown): Promise<CommandOutcome> {
    if (this.link.status !== 'online') {
      this.commands.notify('OFFLINE');
      return Promise.resolve({ ok: false, code: 'OFFLINE' });
    }
    const { message, outcome } = this.commands.track(command);
    this.link.send(message);
    return outcome;
  }

  dismiss(id: number): void {
    this.commands.dismiss(id);
  }

  /** Applies one inbound frame: the message object as Socket.IO decoded it. Public so tests can drive it. */
  receive(raw: unknown): void {
    const problem = this.check.message(raw);
    if (problem) return console.warn('dropped a frame that does not match the protocol', problem);
    const message = raw as ServerMessage;
    const whole = message.type === 'welcome' || message.type === 'update' ? message.view : undefined;
    const viewProblem = whole === undefined ? null : this.check.view(whole);
    if (viewProblem) return console.warn('dropped a frame whose view does not match the protocol', viewProblem);
    this.apply(message);
  }

  private apply(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        // Sent unasked: its time counts as read the moment it arrived, until the ping's pong refines it.
        this.clock.sample(message.now, Date.now());
        this.ping();
        this.replica.receive(message);
        this.resyncing = false;
        this.room = message.room;
        this.viewer = message.viewer;
        this.ledger.open(message.room.id);
        this.witness(message.view);
        this.view = message.view as V;
        this.lastSeq = message.seq;
        this.timeline.reset(message.lines, message.more);
        this.judgeLines(message.lines);
        this.link.welcomed();
        // Commands the last socket left unanswered go again under their refs; the server answers each once.
        for (const pending of this.commands.unanswered()) this.link.send(pending);
        return;
      case 'update': {
        // A replayed frame older than what we hold would roll the view back; skip it.
        if (this.lastSeq !== null && message.seq < this.lastSeq) return;
        this.lastSeq = message.seq;
        const step = this.replica.receive(message);
        if (step === 'changed') this.show();
        if (step === 'lost') this.resync();
        if (message.lines) {
          this.timeline.append(message.lines);
          this.judgeLines(message.lines);
        }
        // After the view, so a command's caller resumes on a view that already shows its commit.
        if (message.acks) this.commands.committed(message.acks);
        return;
      }
      case 'ack':
        this.commands.committed([{ ref: message.ref, seq: message.seq }]);
        return;
      case 'log':
        this.timeline.older(message.ref, message.lines, message.more);
        this.judgeLines(message.lines);
        return;
      case 'rejected':
        // A page request refused is shown like any refusal; the timeline lets the reader ask again.
        this.timeline.refused(message.ref);
        this.commands.refused(message.ref, message.code, message.rule, message.detail);
        return;
      case 'kicked':
        this.link.kick(message.code);
        return;
      case 'pong':
        this.clock.answered(message.ref, message.now, Date.now());
        return;
    }
  }

  /** Shows the replica's view once it passes the check; a patched view that does not is dropped for a fresh one. */
  private show(): void {
    const problem = this.check.view(this.replica.view);
    if (!problem) {
      this.witness(this.replica.view);
      this.view = this.replica.view as V;
      return;
    }
    console.warn('a patched view does not match the protocol', problem);
    this.replica.lose();
    this.resync();
  }

  /** Records the view's sealed answers and judges its reveals, before the view is shown. */
  private witness(view: unknown): void {
    if (!this.room) return;
    const { sealed, revealed } = sealedAnswers(this.room.game).inView(view);
    this.ledger.witness(sealed);
    this.ledger.judge(revealed);
  }

  /** Judges the reveals the log's lines publish, which stay in the log after the view has moved on. */
  private judgeLines(lines: readonly LogLine[]): void {
    if (!this.room) return;
    const reader = sealedAnswers(this.room.game);
    this.ledger.judge(lines.flatMap((line) => (isSeenEvent(line.seen) ? reader.inEvent(line.seen) : [])));
  }

  /** Asks the server for a fresh welcome, once until it arrives; meanwhile the view shown stays as it was. */
  private resync(): void {
    if (this.resyncing) return;
    this.resyncing = this.link.send({ type: 'resync' });
  }

  /** Pings once so the pong's server time, read mid round trip, corrects the welcome's rougher estimate. */
  private ping(): void {
    const ref = this.commands.ref();
    this.clock.asking(ref, Date.now());
    this.link.send({ type: 'ping', ref });
  }
}
