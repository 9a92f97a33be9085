import type { AnyGame, GameTimer, Rejection, Result } from '@veiltable/engine';
import { canonicalJson, err, ok } from '@veiltable/engine';
import type { GameViewEvent, ServerMessage, Viewer } from '@veiltable/protocol';
import { PROTOCOL_VERSION } from '@veiltable/protocol';
import type { RoomRecord, Store } from '../db/store.ts';
import { VersionConflict } from '../db/store.ts';
import type { Queued, SubmitResult } from './group-commit.ts';
import { failedAnswers, MAX_BATCH, planBatch } from './group-commit.ts';
import type { TimerHost } from './room-timers.ts';
import { realTimerHost, RoomTimers } from './room-timers.ts';
import { SerialQueue } from './serial-queue.ts';
import { viewerKey } from './viewer-key.ts';

/** One client of the room, as the room sees it: no transport, only a viewer and a way to send. */
export type Connection = {
  id: string;
  viewer: Viewer;
  send(msg: ServerMessage): void;
  /** Ends the transport; called after `kicked` is sent. */
  close?(): void;
};

/** `timerHost`: the room's clock, which stamps commands and runs the game's timers (real time unless given). */
export type RoomOptions = { id: string; game: AnyGame; store: Store; snapshotEvery?: number; timerHost?: TimerHost };

const GM: Viewer = { role: 'gm' };

/** How many missed commits a reconnecting client may catch up on before it gets a fresh welcome instead. */
export const MAX_CATCH_UP = 500;
/** Attempts after the first when another writer got to the log first. */
const CONFLICT_RETRIES = 3;

/** The room's replayed log disagrees with what the rules produce now: the state cannot be trusted. */
export class ReplayMismatch extends Error {
  constructor(roomId: string, seq: number) {
    super(`room ${roomId}: replaying seq ${seq} produced different events than were logged`);
    this.name = 'ReplayMismatch';
  }
}

/** A command waiting for its batch, with the promise to settle once the batch is stored (or not). */
type Waiting = Queued & { resolve(result: SubmitResult): void; reject(error: unknown): void };

/**
 * The authority for one room: a serial queue over validate → apply → conditional append → deliver.
 * Commands that queue up while an append is in flight go together (group commit): applied one after another in
 * memory, appended in one conditional write, then delivered one `update` per seq.
 * It owns the live state and hands each connection only what the game's view functions produce for its viewer.
 */
export class Room {
  readonly id: string;
  readonly game: AnyGame;
  private readonly store: Store;
  private readonly snapshotEvery: number;
  private readonly queue = new SerialQueue();
  private readonly connections = new Map<string, Connection>();
  /** Submitted commands not yet taken by a batch, in arrival order. */
  private readonly waiting: Waiting[] = [];
  /** The game's clocks (reaction-window timeouts); their commands go through the queue like any other, as the GM. */
  private readonly timers: RoomTimers<unknown>;
  private readonly clock: TimerHost;
  private record: RoomRecord | undefined;
  private liveState: unknown;
  private liveSeq = 0;
  private loaded = false;
  /** The seq of the latest snapshot stored (or loaded): a close saves one only when the log went past it. */
  private snapshotSeq = 0;
  /** After close(): no timer is armed again. */
  private closed = false;
  /** Set when an append failed for an unknown reason: it may or may not have landed, so re-read the log first. */
  private stale = false;

  constructor(opts: RoomOptions) {
    this.id = opts.id;
    this.game = opts.game;
    this.store = opts.store;
    this.snapshotEvery = opts.snapshotEvery ?? 100;
    this.clock = opts.timerHost ?? realTimerHost;
    this.timers = new RoomTimers(this.clock, (timer) => this.fireTimer(timer));
  }

  get state(): unknown {
    return this.liveState;
  }

  get seq(): number {
    return this.liveSeq;
  }

  get title(): string {
    return this.record?.title ?? '';
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** The room's clock (ms since the epoch), for messages that tell clients the server's time. */
  get now(): number {
    return this.clock.now();
  }

  /** Rebuilds state from the latest snapshot plus the log after it. */
  load(): Promise<void> {
    return this.queue.run(async () => {
      const record = await this.store.getRoom(this.id);
      if (!record) throw new Error(`room ${this.id} does not exist`);
      if (record.game !== this.game.id) throw new Error(`room ${this.id} runs ${record.game}, not ${this.game.id}`);
      const snapshot = await this.store.latestSnapshot(this.id);
      if (!snapshot) throw new Error(`room ${this.id} has no snapshot`);
      this.record = record;
      // A snapshot an earlier version saved is brought to the current shape before anything reads it.
      const state = this.game.upgrade ? this.game.upgrade(snapshot.state, this.clock.now()) : snapshot.state;
      this.liveState = state;
      this.liveSeq = snapshot.seq;
      this.snapshotSeq = snapshot.seq;
      await this.catchUpFromStore(false);
      this.loaded = true;
      // What the upgrade filled in (deadlines counted from now) is stored, so the next load does not count again.
      if (state !== snapshot.state) await this.saveSnapshot();
      // Timers live only in this process; the deadlines live in the state, so a reloaded room arms what is left.
      this.syncTimers();
    });
  }

  /** Timer keys armed now (tests, diagnostics). */
  get pendingTimers(): string[] {
    return this.timers.pending;
  }

  /** Cancels the room's timers, and stores nothing: what a crash leaves (tests restart rooms from it). */
  dispose(): void {
    this.timers.stop();
  }

  /**
   * Shuts the room down gracefully: timers cancelled, and once the work queued before it is done, the live state
   * stored as a snapshot if the log went past the latest one. A room reloaded after a graceful shutdown then replays
   * nothing, so a later version of the rules, which may judge old commands differently (ReplayMismatch), starts
   * from the saved state.
   */
  close(): Promise<void> {
    this.closed = true;
    this.timers.stop();
    return this.queue.run(async () => {
      if (this.loaded && this.liveSeq > this.snapshotSeq) await this.saveSnapshot();
    });
  }

  /**
   * Runs one command through the rules and commits it; resolves once it is stored and delivered. It may be stored
   * together with other commands queued at the same time; it is acknowledged only once that write landed.
   */
  submit(raw: unknown, actor: Viewer): Promise<Result<{ seq: number; events: unknown[] }, Rejection>> {
    // The wire accepts every game's commands; this room takes only its own game's (UNKNOWN_COMMAND / BAD_SHAPE).
    let command = raw;
    if (this.game.parseCommand) {
      const parsed = this.game.parseCommand(raw);
      if (!parsed.ok) return Promise.resolve(parsed);
      command = parsed.value;
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ command, actor, resolve, reject });
      // One queue turn per submit: a turn finds the commands queued before it already taken and does nothing.
      void this.queue.run(() => this.runWaiting());
    });
  }

  /** Takes every waiting command (up to MAX_BATCH) as one batch and settles each. */
  private async runWaiting(): Promise<void> {
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    try {
      const results = await this.runBatch(batch);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }

  private async runBatch(batch: Queued[]): Promise<SubmitResult[]> {
    this.assertLoaded();
    if (this.stale) await this.catchUpFromStore(true);
    for (let attempt = 0; ; attempt++) {
      // Rules are pure (Game contract): the live state stays as it was until the append succeeds.
      const plan = planBatch(this.game, this.liveState, this.liveSeq, batch, this.clock.now());
      if (plan.entries.length === 0) return plan.results;
      try {
        // A batch of one is the plain conditional append; more go in one statement, all or none.
        if (plan.entries.length === 1) await this.store.append(this.id, plan.entries[0]!);
        else await this.store.appendBatch(this.id, plan.entries);
      } catch (e) {
        if (e instanceof VersionConflict && attempt < CONFLICT_RETRIES) {
          // Another writer got there first: reload, then judge the whole batch again against what it wrote.
          await this.catchUpFromStore(true);
          continue;
        }
        if (e instanceof VersionConflict) return failedAnswers(plan, err('ROOM_BUSY', undefined, 'too many concurrent writers'));
        this.stale = true;
        console.error(`room ${this.id}: append failed`, e);
        return failedAnswers(plan, err('STORE_UNAVAILABLE'));
      }
      const before = this.liveSeq;
      this.commit(plan.entries, plan.state);
      await this.maybeSnapshot(before);
      return plan.results;
    }
  }

  /** Adds a connection; sends what it missed since `lastSeq` (when close enough), then a welcome. */
  attach(conn: Connection, lastSeq?: number): Promise<void> {
    return this.queue.run(async () => {
      this.assertLoaded();
      if (this.stale) await this.catchUpFromStore(true);
      const missed = lastSeq === undefined ? -1 : this.liveSeq - lastSeq;
      if (lastSeq !== undefined && missed >= 0 && missed <= MAX_CATCH_UP) {
        const entries = await this.store.readLog(this.id, lastSeq, missed);
        for (const entry of entries) {
          if (entry.seq > this.liveSeq) break;
          safeSend(conn, { type: 'update', seq: entry.seq, events: this.redactEvents(entry.events, conn.viewer) });
        }
      }
      safeSend(conn, {
        type: 'welcome',
        protocol: PROTOCOL_VERSION,
        room: { id: this.id, game: this.game.id, title: this.title },
        viewer: conn.viewer,
        seq: this.liveSeq,
        now: this.clock.now(),
        view: this.game.view(this.liveState, conn.viewer),
      });
      this.connections.set(conn.id, conn);
    });
  }

  /** Forgets a connection at once; it gets nothing more. */
  detach(id: string): void {
    this.connections.delete(id);
  }

  /** Sends `kicked` to every matching connection and closes it; queued so it cannot slip between an attach. */
  kick(match: (conn: Connection) => boolean, code: string): Promise<number> {
    return this.queue.run(async () => {
      let count = 0;
      for (const conn of [...this.connections.values()]) {
        if (!match(conn)) continue;
        this.connections.delete(conn.id);
        safeSend(conn, { type: 'kicked', code, seq: this.liveSeq });
        conn.close?.();
        count++;
      }
      return count;
    });
  }

  /** The whole room as one viewer sees it now (for HTTP handlers that need a read). */
  viewFor(viewer: Viewer): unknown {
    this.assertLoaded();
    return this.game.view(this.liveState, viewer);
  }

  private assertLoaded(): void {
    if (!this.loaded) throw new Error(`room ${this.id} used before load()`);
  }

  /** Arms what the game lists for the live state and cancels what it no longer lists. */
  private syncTimers(): void {
    if (this.closed) return;
    this.timers.sync(this.game.timers ? (this.game.timers(this.liveState) as GameTimer<unknown>[]) : []);
  }

  /** A timer's command is submitted like any other; one refused because its window closed first is expected. */
  private fireTimer(timer: GameTimer<unknown>): void {
    this.submit(timer.command, GM).then(
      (result) => {
        if (!result.ok && result.error.code !== 'WINDOW_CLOSED') {
          console.warn(`room ${this.id}: timer ${timer.key} refused: ${result.error.code}`);
        }
      },
      (e: unknown) => console.error(`room ${this.id}: timer ${timer.key} failed`, e),
    );
  }

  /** Applies entries another writer (or a failed-but-landed append) put in the log after our seq. */
  private async catchUpFromStore(deliver: boolean): Promise<void> {
    const entries = await this.store.readLog(this.id, this.liveSeq);
    for (const entry of entries) {
      if (entry.seq !== this.liveSeq + 1) throw new Error(`room ${this.id}: log gap before seq ${entry.seq}`);
      // The logged time, so rules that derive deadlines from it rebuild the same ones.
      const applied = this.game.apply(this.liveState, entry.command, entry.actor, Date.parse(entry.at));
      if (!applied.ok || canonicalJson(applied.value.events) !== canonicalJson(entry.events)) {
        throw new ReplayMismatch(this.id, entry.seq);
      }
      if (deliver) this.commit([entry], applied.value.state);
      else {
        this.liveState = applied.value.state;
        this.liveSeq = entry.seq;
      }
    }
    this.stale = false;
  }

  /**
   * Makes stored entries live (`state` is the state after the last) and sends one update per seq, in order,
   * computing each distinct viewer's message once. Only the last update carries the view: the ones before it
   * reach the same socket in the same turn, and a view is the state after its seq, superseded at once.
   */
  private commit(entries: readonly { seq: number; events: unknown[] }[], state: unknown): void {
    const last = entries.at(-1);
    if (!last) return;
    this.liveState = state;
    this.liveSeq = last.seq;
    this.syncTimers();
    for (const entry of entries) {
      const perViewer = new Map<string, ServerMessage>();
      for (const conn of this.connections.values()) {
        const key = viewerKey(conn.viewer);
        let msg = perViewer.get(key);
        if (!msg) {
          const events = this.redactEvents(entry.events, conn.viewer);
          msg = entry === last
            ? { type: 'update', seq: entry.seq, events, view: this.game.view(state, conn.viewer) }
            : { type: 'update', seq: entry.seq, events };
          perViewer.set(key, msg);
        }
        safeSend(conn, msg);
      }
    }
  }

  private redactEvents(events: unknown[], viewer: Viewer): GameViewEvent[] {
    const out: GameViewEvent[] = [];
    for (const event of events) {
      const seen: GameViewEvent | null = this.game.viewEvent(event, viewer);
      if (seen !== null) out.push(seen);
    }
    return out;
  }

  /** Saves a snapshot when the commits since `before` crossed a multiple of snapshotEvery (a batch may step over one). */
  private async maybeSnapshot(before: number): Promise<void> {
    if (Math.floor(this.liveSeq / this.snapshotEvery) === Math.floor(before / this.snapshotEvery)) return;
    await this.saveSnapshot();
  }

  /** Stores the live state as the snapshot at the live seq. */
  private async saveSnapshot(): Promise<void> {
    try {
      await this.store.saveSnapshot(this.id, this.liveSeq, this.liveState);
      this.snapshotSeq = this.liveSeq;
    } catch (e) {
      // A missed snapshot only makes the next load replay more of the log (and upgrade it again).
      console.error(`room ${this.id}: snapshot at ${this.liveSeq} failed`, e);
    }
  }
}

/** A send that throws (a socket closing mid-write) must not stop delivery to the others. */
function safeSend(conn: Connection, msg: ServerMessage): void {
  try {
    conn.send(msg);
  } catch (e) {
    console.error(`send to ${conn.id} failed`, e);
  }
}
