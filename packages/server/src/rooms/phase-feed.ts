import type { AnyGame } from '@veiltable/engine';
import type { LogEntry, Store } from '../db/store.ts';
import { DELAYED_GROUP, SpectatorFeed } from './spectator-feed.ts';
import type { RoomPort } from './room-port.ts';
import type { TimerHost } from './room-timers.ts';
import { replayEntry } from './replay.ts';

/** `clock`: the room's, for the time an older snapshot is brought to the current shape at. */
export type PhaseFeedOptions = { roomId: string; game: AnyGame; store: Store; port: RoomPort; clock: TimerHost };

/** A stretch of the log replayed: the state it ends in, and the last entry that began a phase in it (if any). */
type Scan = { end: unknown; boundary: { index: number; before: unknown } | undefined };

/**
 * The spectators' table one phase behind: while the table is in some phase, the state just before that phase's
 * first entry (the end of the phase before); when an entry begins a new phase, they catch up to the state just
 * before it. Phases are the game's `phaseKey` of each state, and the boundaries are found by replaying the log, so
 * a restarted server finds the same ones: nothing kept in memory decides what spectators see.
 */
export class PhaseFeed extends SpectatorFeed {
  private readonly opts: PhaseFeedOptions;
  private readonly phaseKey: (state: unknown) => string;
  /** Entries of the current phase, after `at`: shown once the next phase begins. */
  private pending: LogEntry[];
  /** The state after every entry the feed knows of (the live table), at seq `known`. */
  private head: unknown;
  private known: number;
  private closed = false;

  private constructor(opts: PhaseFeedOptions, shown: { state: unknown; seq: number }, head: { state: unknown; seq: number }, pending: LogEntry[]) {
    super(opts.game, shown.state, shown.seq);
    const phaseKey = opts.game.phaseKey;
    if (!phaseKey) throw new Error(`${opts.game.id} declares no phases to be behind by`);
    this.opts = opts;
    this.phaseKey = (state) => phaseKey(state);
    this.head = head.state;
    this.known = head.seq;
    this.pending = pending;
  }

  /**
   * Builds the feed for a room whose log ends at `liveSeq`; call it on the room's queue. It replays from the latest
   * snapshot, and from older ones while the stretch after each holds no phase boundary: the current phase may have
   * begun before them. With none at all, the table is still in its first phase and the spectators see it as created.
   */
  static async open(opts: PhaseFeedOptions, liveSeq: number): Promise<PhaseFeed> {
    const { store, roomId, game } = opts;
    const key = game.phaseKey;
    if (!key) throw new Error(`${game.id} declares no phases to be behind by`);
    // Each stretch ends where the one after it began: the entry at a snapshot's seq is judged against the state
    // before it, which only the older stretch has.
    let upper = liveSeq;
    let snapshot = await store.latestSnapshot(roomId, liveSeq);
    let later: LogEntry[] = [];
    let head: { state: unknown; seq: number } | undefined;
    for (;;) {
      if (!snapshot) throw new Error(`room ${roomId}: no snapshot for the phase-behind feed`);
      const start = game.upgrade(snapshot.state, opts.clock.now());
      const entries = upper > snapshot.seq ? await store.readLog(roomId, snapshot.seq, upper - snapshot.seq) : [];
      if (entries.some((e, i) => e.seq !== snapshot!.seq + i + 1)) throw new Error(`room ${roomId}: log gap after seq ${snapshot.seq}`);
      const scan = replay(opts, start, entries, key);
      head ??= { state: scan.end, seq: liveSeq };
      const stretch = head;
      if (scan.boundary) {
        const first = entries[scan.boundary.index]!;
        return new PhaseFeed(opts, { state: scan.boundary.before, seq: first.seq - 1 }, stretch, [...entries.slice(scan.boundary.index), ...later]);
      }
      if (snapshot.seq === 0) return new PhaseFeed(opts, { state: start, seq: 0 }, stretch, [...entries, ...later]);
      later = [...entries, ...later];
      upper = snapshot.seq;
      snapshot = await store.latestSnapshot(roomId, snapshot.seq - 1);
    }
  }

  /** Entries the room just committed: each that begins a phase releases the phase before it to the spectators. */
  committed(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.known) continue;
      if (entry.seq !== this.known + 1) throw new Error(`room ${this.opts.roomId}: phase-behind feed gap before seq ${entry.seq}`);
      const next = replayEntry(this.opts.game, this.opts.roomId, this.head, entry);
      if (this.phaseKey(next) !== this.phaseKey(this.head)) this.release();
      this.pending.push(entry);
      this.head = next;
      this.known = entry.seq;
    }
  }

  /** The feed sends nothing more. */
  close(): void {
    this.closed = true;
  }

  /** Shows the spectators the whole phase that just ended, in one update: the head is its last state. */
  private release(): void {
    const ended = this.pending;
    this.pending = [];
    if (ended.length === 0) return;
    this.state = this.head;
    this.at = ended.at(-1)!.seq;
    if (this.closed) return;
    for (const [, msg] of this.groups.updates(this.state, ended, new Map())) this.opts.port.toViewer(DELAYED_GROUP, msg);
  }
}

/** Replays `entries` from `start`, noting the last one whose state is in another phase than the state before it. */
function replay(opts: PhaseFeedOptions, start: unknown, entries: readonly LogEntry[], key: (state: unknown) => string): Scan {
  let state = start;
  let boundary: Scan['boundary'];
  entries.forEach((entry, index) => {
    const next = replayEntry(opts.game, opts.roomId, state, entry);
    if (key(next) !== key(state)) boundary = { index, before: state };
    state = next;
  });
  return { end: state, boundary };
}
