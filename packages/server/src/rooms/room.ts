import type { AnyGame, BaseState, GameTimer, Rejection, Result, SeatInfo } from '@veiltable/engine';
import { err, ok, rngCommitment } from '@veiltable/engine';
import type { LogLine, RngCommitment, ServerMessage, Viewer } from '@veiltable/protocol';
import { PROTOCOL_VERSION } from '@veiltable/protocol';
import type { LogEntry, RoomRecord, SpectatorDelaySetting, Store } from '../db/store.ts';
import { isStoreUnavailable, VersionConflict } from '../db/store.ts';
import type { Queued, SubmitResult } from './group-commit.ts';
import { failedAnswers, MAX_BATCH, planBatch } from './group-commit.ts';
import { DelayedFeed } from './delayed-feed.ts';
import { DELAYED_GROUP, type SpectatorFeed } from './spectator-feed.ts';
import { readLinesBefore, WELCOME_LINES } from './log-lines.ts';
import { RecentEntries } from './recent-entries.ts';
import { replayEntry } from './replay.ts';
import type { RoomPort } from './room-port.ts';
import { nullPort } from './room-port.ts';
import { PhaseFeed } from './phase-feed.ts';
import type { TimerHost } from './room-timers.ts';
import { realTimerHost, RoomTimers } from './room-timers.ts';
import { SerialQueue } from './serial-queue.ts';
import { viewerKey } from './viewer-key.ts';
import { ViewerGroups } from './viewer-groups.ts';

/** One client of the room, as the room sees it: an id the port knows, and the viewer it is. */
export type Connection = { id: string; viewer: Viewer };

/**
 * `port`: the room's transport (nothing is sent without one). `timerHost`: the room's clock, which stamps commands
 * and runs the game's timers (real time unless given).
 */
export type RoomOptions = {
  id: string;
  game: AnyGame;
  store: Store;
  port?: RoomPort;
  snapshotEvery?: number;
  timerHost?: TimerHost;
  /** How long a command may wait for its answer (ms, ANSWER_WITHIN_MS unless given). */
  answerWithinMs?: number;
};

/**
 * How long a command waits for its answer before it is told STORE_UNAVAILABLE: each store call has its own deadline
 * (db/outage.ts), but a turn of the queue may make several in a row (a catch-up, an append, one by one after a failed
 * batch, a snapshot) and a command may queue behind another turn, so without a bound of its own a sender could wait
 * for half a minute during an outage.
 */
export const ANSWER_WITHIN_MS = 10_000;

/** A committed command, or one committed before under the same ref (answered again, not committed twice). */
export type Committed = { seq: number; before: unknown; after: unknown } | { seq: number; retried: true };

const GM: Viewer = { role: 'gm' };

/** Attempts after the first when another writer got to the log first. */
const CONFLICT_RETRIES = 3;

/** A command waiting for its batch, with the promise to settle once the batch is stored (or not). */
type Waiting = Queued & { retry: boolean; resolve(result: Result<Committed, Rejection>): void; reject(error: unknown): void };

/**
 * The authority for one room: a serial queue over apply → conditional append → deliver.
 * Commands that queue up while an append is in flight go together (group commit): applied one after another in
 * memory, appended in one conditional write, then delivered as one update per viewer, carrying the patch of its
 * view and the acks of its commands. It owns the live state and hands each connection only what the game's view
 * produced for its viewer.
 */
export class Room {
  readonly id: string;
  readonly game: AnyGame;
  private readonly store: Store;
  private readonly port: RoomPort;
  private readonly snapshotEvery: number;
  private readonly answerWithinMs: number;
  private readonly queue = new SerialQueue();
  private readonly groups: ViewerGroups;
  /** The newest entries of the log, which welcomes read their lines from. */
  private readonly recent: RecentEntries;
  /** Submitted commands not yet taken by a batch, in arrival order. */
  private readonly waiting: Waiting[] = [];
  /** The game's clocks (reaction-window timeouts); their commands go through the queue like any other, as the GM. */
  private readonly timers: RoomTimers<unknown>;
  private readonly clock: TimerHost;
  private record: RoomRecord | undefined;
  /** The commitment to the room's seed every welcome carries; the seed itself never leaves the state. */
  private commitment: RngCommitment | undefined;
  private liveState: unknown;
  private liveSeq = 0;
  private loaded = false;
  /** The seq of the latest snapshot stored (or loaded): a close saves one only when the log went past it. */
  private snapshotSeq = 0;
  /** After close(): no timer is armed again. */
  private closed = false;
  /** Set when an append failed for an unknown reason: it may or may not have landed, so re-read the log first. */
  private stale = false;
  /** When the task the queue runs now started (ms since the epoch), or null when the queue is idle. */
  private busySince: number | null = null;
  /** When the last connection left (ms since the epoch), or null while any is attached. */
  private idleSince: number | null;
  /** How far behind the live table spectators are shown (ms, or one phase); 0: they are live. */
  private delay: SpectatorDelaySetting = 0;
  /** The delayed spectators' table, while the delay is on and any of them is attached. */
  private feed: SpectatorFeed | undefined;

  constructor(opts: RoomOptions) {
    this.id = opts.id;
    this.game = opts.game;
    this.store = opts.store;
    this.port = opts.port ?? nullPort;
    this.snapshotEvery = opts.snapshotEvery ?? 100;
    this.answerWithinMs = opts.answerWithinMs ?? ANSWER_WITHIN_MS;
    this.clock = opts.timerHost ?? realTimerHost;
    this.groups = new ViewerGroups(opts.game);
    this.recent = new RecentEntries(opts.store, opts.id);
    this.timers = new RoomTimers(this.clock, (timer) => this.fireTimer(timer));
    this.idleSince = this.clock.now();
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
    return this.groups.connectionCount + (this.feed?.connectionCount ?? 0);
  }

  /** The spectator delay in force (ms, 0 when spectators are live, or 'phase'). */
  get spectatorDelay(): SpectatorDelaySetting {
    return this.delay;
  }

  /** Whether the room's game declares phases, so spectators may be put one phase behind. */
  get phased(): boolean {
    return this.game.phaseKey !== undefined;
  }

  /**
   * The seq a viewer's messages are stamped with: the live seq, except for spectators while the delay is on, who
   * are told nothing younger than the state they are shown (0 before they are shown any).
   */
  seqFor(viewer: Viewer): number {
    if (viewer.role !== 'spectator' || this.delay === 0) return this.liveSeq;
    return this.feed?.seq ?? 0;
  }

  /**
   * The seq a spectator is shown now, which is as far as its export reads: the live seq without a delay, else the
   * delayed feed's (rebuilt for the question and closed again when no delayed spectator keeps one open).
   */
  spectatorSeq(): Promise<number> {
    return this.run(async () => {
      this.assertLoaded();
      if (this.delay === 0) return this.liveSeq;
      if (this.feed) return this.feed.seq;
      const feed = await this.openFeed(this.delay);
      feed.close();
      return feed.seq;
    });
  }

  /** The room's clock (ms since the epoch), for messages that tell clients the server's time. */
  get now(): number {
    return this.clock.now();
  }

  /** How long the room has had no connection (ms), 0 while it has one. */
  idleFor(now: number): number {
    return this.idleSince === null ? 0 : now - this.idleSince;
  }

  /** Commands submitted and not yet taken by a batch: a health check reads it. */
  get queueDepth(): number {
    return this.waiting.length;
  }

  /** How long the queue's current task has been running (ms), 0 when the queue is idle: a health check reads it. */
  stalledFor(now: number): number {
    return this.busySince === null ? 0 : now - this.busySince;
  }

  /** The room's seats as its game declares them. */
  seats(): SeatInfo[] {
    this.assertLoaded();
    return this.game.seats(this.liveState);
  }

  /** Rebuilds state from the latest snapshot plus the log after it. */
  load(): Promise<void> {
    return this.run(async () => {
      const record = await this.store.getRoom(this.id);
      if (!record) throw new Error(`room ${this.id} does not exist`);
      if (record.game !== this.game.id) throw new Error(`room ${this.id} runs ${record.game}, not ${this.game.id}`);
      const snapshot = await this.store.latestSnapshot(this.id);
      if (!snapshot) throw new Error(`room ${this.id} has no snapshot`);
      this.record = record;
      this.delay = record.spectatorDelay ?? 0;
      // A snapshot an earlier version saved is brought to the current shape before anything reads it.
      const state = this.game.upgrade(snapshot.state, this.clock.now());
      // The seed never changes (only the counter does), so any snapshot commits to the one setup was given.
      this.commitment = rngCommitment((state as BaseState).rng.seed);
      this.liveState = state;
      this.liveSeq = snapshot.seq;
      this.snapshotSeq = snapshot.seq;
      await this.catchUpFromStore(false);
      await this.recent.fill(this.liveSeq);
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
    this.closeFeed();
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
    this.closeFeed();
    return this.run(async () => {
      if (this.loaded && this.liveSeq > this.snapshotSeq) await this.saveSnapshot();
    });
  }

  /**
   * Parses a command against the room's own game and runs it through the rules; resolves once it is stored and
   * delivered (or refused). `ref` is the sender's idempotency key: a `retry` (a command sent again under its ref)
   * that this actor already committed is answered with that commit (`retried`), never committed twice; the same ref
   * twice in one batch is committed once. Rejects with the store's StoreUnavailable when the database is out.
   */
  submit(raw: unknown, actor: Viewer, ref?: string, retry = false): Promise<Result<Committed, Rejection>> {
    const parsed = this.game.parseCommand(raw);
    if (!parsed.ok) return Promise.resolve(parsed);
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        this.clock.clear(timer);
        return true;
      };
      const waiting: Waiting = {
        command: parsed.value,
        actor,
        ...(ref === undefined ? {} : { ref }),
        retry,
        resolve: (result) => {
          if (settle()) resolve(result);
        },
        reject: (error) => {
          if (settle()) reject(error);
        },
      };
      // Past the bound the sender is answered, and its command stays only where it already is: one not yet taken
      // by a batch is withdrawn (never applied), one in flight may still land, and then its ack rides an update
      // and a retry under its ref finds it in the log.
      const timer = this.clock.set(this.answerWithinMs, () => {
        const queued = this.waiting.indexOf(waiting);
        if (queued >= 0) this.waiting.splice(queued, 1);
        const detail = queued >= 0 ? 'not recorded: the database did not answer in time' : 'the database did not answer in time; it may yet be recorded: send it again under its ref';
        waiting.resolve(err('STORE_UNAVAILABLE', undefined, detail));
      });
      this.waiting.push(waiting);
      // One queue turn per submit: a turn finds the commands queued before it already taken and does nothing.
      void this.run(() => this.runWaiting());
    });
  }

  /** Takes every waiting command (up to MAX_BATCH) as one batch and settles each. */
  private async runWaiting(): Promise<void> {
    const taken = this.waiting.splice(0, MAX_BATCH);
    if (taken.length === 0) return;
    // Commands sent again under a ref already committed, or twice in this batch, are answered with that commit.
    const fresh: Waiting[] = [];
    const firstOf = new Map<string, Waiting>();
    const repeats: [Waiting, Waiting][] = [];
    for (const w of taken) {
      // A retry's first send may have committed (its answer lost with a connection, or with the server): the log
      // says. The batch before this one is already stored, so a first send still queued is not missed either.
      let seq: number | undefined;
      if (w.retry && w.ref !== undefined) {
        try {
          seq = await this.store.findRef(this.id, w.actor, w.ref);
        } catch (e) {
          w.reject(e);
          continue;
        }
      }
      if (seq !== undefined) {
        w.resolve(ok({ seq, retried: true }));
        continue;
      }
      const key = w.ref === undefined ? undefined : `${viewerKey(w.actor)}\n${w.ref}`;
      const first = key === undefined ? undefined : firstOf.get(key);
      if (first) repeats.push([w, first]);
      else {
        if (key !== undefined) firstOf.set(key, w);
        fresh.push(w);
      }
    }
    try {
      const results = await this.runBatch(fresh);
      fresh.forEach((w, i) => w.resolve(results[i]!));
      for (const [w, first] of repeats) {
        const r = results[fresh.indexOf(first)]!;
        w.resolve(r.ok ? ok({ seq: r.value.seq, retried: true }) : r);
      }
    } catch (e) {
      for (const w of [...fresh, ...repeats.map(([w]) => w)]) w.reject(e);
    }
  }

  private async runBatch(batch: Queued[]): Promise<SubmitResult[]> {
    this.assertLoaded();
    if (batch.length === 0) return [];
    try {
      if (this.stale) await this.catchUpFromStore(true);
    } catch (e) {
      if (isStoreUnavailable(e)) return batch.map(() => err('STORE_UNAVAILABLE'));
      throw e;
    }
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
          await this.catchUpOrFail(e);
          continue;
        }
        if (e instanceof VersionConflict) return failedAnswers(plan, err('ROOM_BUSY', undefined, 'too many concurrent writers'));
        this.stale = true;
        console.error(`room ${this.id}: append failed`, e);
        // One command's data the database refuses must not fail the others: try them one at a time.
        if (batch.length > 1) return this.runOneByOne(batch);
        return failedAnswers(plan, err('STORE_UNAVAILABLE'));
      }
      const before = this.liveSeq;
      this.commit(plan.entries, plan.state);
      await this.maybeSnapshot(before);
      return plan.results;
    }
  }

  /** The commands of a batch the store refused, each as a batch of its own. */
  private async runOneByOne(batch: Queued[]): Promise<SubmitResult[]> {
    const results: SubmitResult[] = [];
    for (const queued of batch) results.push(...(await this.runBatch([queued])));
    return results;
  }

  private async catchUpOrFail(conflict: VersionConflict): Promise<void> {
    try {
      await this.catchUpFromStore(true);
    } catch (e) {
      throw isStoreUnavailable(e) ? e : new Error(`room ${this.id}: reload after ${conflict.message} failed`, { cause: e });
    }
  }

  /**
   * Adds a connection and sends it a welcome: its viewer's view and the seq that view belongs to, which the patches
   * that follow apply to. Rejects with the store's StoreUnavailable when the room cannot catch up with its log.
   */
  attach(conn: Connection): Promise<void> {
    return this.run(() => this.attachNow(conn));
  }

  /** The body of attach, on the queue already. */
  private async attachNow(conn: Connection): Promise<void> {
    this.assertLoaded();
    if (this.stale) await this.catchUpFromStore(true);
    if (conn.viewer.role === 'spectator' && this.delay !== 0) return this.attachDelayed(conn);
    // On the queue, so no commit slips between the page read and the join: the updates after it carry the rest.
    const page = await readLinesBefore(this.recent.readBefore, conn.viewer, this.liveSeq + 1, WELCOME_LINES);
    this.groups.leave(conn.id);
    const joined = this.groups.join(conn.id, conn.viewer, this.liveState, this.liveSeq);
    this.idleSince = null;
    this.port.toConnection(conn.id, this.welcome(conn.viewer, joined.seq, joined.view, page), joined.group);
  }

  /**
   * A spectator while the delay is on: welcomed with the delayed feed's view and the lines before its seq, and
   * joined to the feed's group, never to the live one. On the queue, so no step of the feed slips in between.
   */
  private async attachDelayed(conn: Connection): Promise<void> {
    this.groups.leave(conn.id);
    this.feed ??= await this.openFeed(this.delay);
    const feed = this.feed;
    feed.leave(conn.id);
    const joined = feed.join(conn.id);
    this.idleSince = null;
    const page = await readLinesBefore(this.recent.readBefore, conn.viewer, joined.seq + 1, WELCOME_LINES);
    // Detached while the page was read: it gets nothing.
    if (!feed.has(conn.id)) return;
    this.port.toConnection(conn.id, this.welcome(conn.viewer, joined.seq, joined.view, page), DELAYED_GROUP);
  }

  /** The delayed spectators' table for a delay that is on, rebuilt from the store up to the live seq. */
  private openFeed(delay: SpectatorDelaySetting): Promise<SpectatorFeed> {
    const base = { roomId: this.id, game: this.game, store: this.store, port: this.port, clock: this.clock };
    if (delay === 'phase') return PhaseFeed.open(base, this.liveSeq);
    return DelayedFeed.open({ ...base, delayMs: delay, run: (task) => this.run(task) }, this.liveSeq);
  }

  /**
   * Sets the spectator delay (ms, 0 for live, or 'phase' where the game declares phases), stored with the room so a
   * restart keeps it; every spectator attached is welcomed again as the new delay shows the table. Resolves false
   * when the store has no such room.
   */
  setSpectatorDelay(delay: SpectatorDelaySetting): Promise<boolean> {
    if (delay === 'phase' && !this.phased) return Promise.reject(new Error(`room ${this.id}: ${this.game.id} declares no phases`));
    return this.run(async () => {
      this.assertLoaded();
      if (!(await this.store.setSpectatorDelay(this.id, delay))) return false;
      this.delay = delay;
      const spectators = [
        ...(this.feed?.connections() ?? []),
        ...this.groups.connections().filter((c) => c.viewer.role === 'spectator').map((c) => c.id),
      ];
      for (const id of spectators) this.detach(id);
      this.closeFeed();
      for (const id of spectators) await this.attachNow({ id, viewer: { role: 'spectator' } });
      return true;
    });
  }

  private closeFeed(): void {
    this.feed?.close();
    this.feed = undefined;
  }

  /**
   * One page of a viewer's timeline: its lines of the entries before seq `before` (newest first chosen, oldest first
   * sent), and whether it reads older ones. Entries are never changed once stored, so it needs no turn on the queue.
   */
  logPage(viewer: Viewer, before: number, limit: number): Promise<{ lines: LogLine[]; more: boolean }> {
    this.assertLoaded();
    return readLinesBefore(this.recent.readBefore, viewer, Math.min(before, this.seqFor(viewer) + 1), limit);
  }

  private welcome(viewer: Viewer, seq: number, view: unknown, page: { lines: LogLine[]; more: boolean }): ServerMessage {
    return {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      room: {
        id: this.id,
        game: this.game.id,
        title: this.title,
        rng: this.commitment!,
        ...(this.delay !== 0 ? { spectatorDelay: this.delay } : {}),
        ...(this.phased ? { phased: true as const } : {}),
      },
      viewer,
      seq,
      now: this.clock.now(),
      view,
      lines: page.lines,
      more: page.more,
    };
  }

  /** Forgets a connection at once; it gets nothing more. */
  detach(id: string): void {
    const group = this.groups.leave(id);
    if (group !== undefined) this.port.leave(id, group);
    if (this.feed?.leave(id)) {
      this.port.leave(id, DELAYED_GROUP);
      // No delayed spectator left: nothing to time; the next one rebuilds the feed from the store.
      if (this.feed.connectionCount === 0) this.closeFeed();
    }
    if (this.connectionCount === 0 && this.idleSince === null) this.idleSince = this.clock.now();
  }

  /** Sends `kicked` to every matching connection and closes it; queued so it cannot slip between an attach. */
  kick(match: (conn: Connection) => boolean, code: string): Promise<number> {
    return this.run(async () => {
      const delayed = (this.feed?.connections() ?? []).map((id): Connection => ({ id, viewer: { role: 'spectator' } }));
      const matched = [...this.groups.connections(), ...delayed].filter(match);
      for (const conn of matched) {
        const seq = this.seqFor(conn.viewer);
        this.detach(conn.id);
        this.port.toConnection(conn.id, { type: 'kicked', code, seq });
        this.port.close(conn.id);
      }
      return matched.length;
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

  /** Runs a task on the room's queue, noting while it runs for the health check. */
  private run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.busySince = this.clock.now();
      try {
        return await task();
      } finally {
        this.busySince = null;
      }
    });
  }

  /** Arms what the game lists for the live state and cancels what it no longer lists. */
  private syncTimers(): void {
    if (this.closed) return;
    this.timers.sync(this.game.timers(this.liveState) as GameTimer<unknown>[]);
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
      const state = replayEntry(this.game, this.id, this.liveState, entry);
      if (deliver) this.commit([entry], state);
      else {
        this.liveState = state;
        this.liveSeq = entry.seq;
      }
    }
    this.stale = false;
  }

  /**
   * Makes stored entries live (`state` is the state after the last) and sends each viewer group one update: the
   * patch of its view, and the acks of its viewer's commands among these entries.
   */
  private commit(entries: readonly LogEntry[], state: unknown): void {
    const last = entries.at(-1);
    if (!last) return;
    this.liveState = state;
    this.liveSeq = last.seq;
    this.syncTimers();
    this.recent.add(entries);
    this.feed?.committed(entries);
    const acks = new Map<string, { ref: string; seq: number }[]>();
    for (const entry of entries) {
      if (entry.ref === undefined) continue;
      const key = viewerKey(entry.actor);
      const ack = { ref: entry.ref, seq: entry.seq };
      const list = acks.get(key);
      if (list) list.push(ack);
      else acks.set(key, [ack]);
    }
    for (const [group, msg] of this.groups.updates(state, entries, acks)) {
      try {
        this.port.toViewer(group, msg);
      } catch (e) {
        // A send that throws (a socket closing mid-write) must not stop delivery to the others.
        console.error(`room ${this.id}: send to ${group} failed`, e);
      }
    }
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
