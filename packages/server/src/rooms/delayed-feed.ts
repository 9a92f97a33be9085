import type { AnyGame } from '@veiltable/engine';
import type { LogEntry, Store } from '../db/store.ts';
import { replayEntry } from './replay.ts';
import type { RoomPort } from './room-port.ts';
import type { TimerHost } from './room-timers.ts';
import { DELAYED_GROUP, SpectatorFeed } from './spectator-feed.ts';

export type FeedOptions = {
  roomId: string;
  game: AnyGame;
  store: Store;
  port: RoomPort;
  clock: TimerHost;
  delayMs: number;
  /** Runs a task on the room's queue: a step of the feed never interleaves with an attach or a commit. */
  run(task: () => Promise<void>): Promise<void>;
};

/** When an entry was committed (ms since the epoch). */
const committedAt = (entry: LogEntry): number => Date.parse(entry.at);

/**
 * The spectators' table as it was `delayMs` ago: the state at the newest seq whose stored commit time is at least
 * that old, rebuilt from the store (a snapshot no younger, then the log), so a restarted server shows no more than
 * the one before it did. Entries committed since wait in `upcoming` and are applied, one timer per next due entry,
 * only once their own commit time is `delayMs` old.
 */
export class DelayedFeed extends SpectatorFeed {
  private readonly opts: FeedOptions;
  private readonly upcoming: LogEntry[] = [];
  /** The newest seq the feed knows of (applied or upcoming), so an entry handed over twice is taken once. */
  private known = 0;
  private timer: unknown;
  private closed = false;

  private constructor(opts: FeedOptions, state: unknown, seq: number) {
    super(opts.game, state, seq);
    this.opts = opts;
    this.known = seq;
  }

  /** Builds the feed for a room whose log ends at `liveSeq`; call it on the room's queue. */
  static async open(opts: FeedOptions, liveSeq: number): Promise<DelayedFeed> {
    const { store, roomId, game } = opts;
    const cutoff = opts.clock.now() - opts.delayMs;
    // A snapshot whose own entry is younger than the delay says too much: step back to an older one.
    let snapshot = await store.latestSnapshot(roomId, liveSeq);
    for (;;) {
      if (!snapshot) throw new Error(`room ${roomId}: no snapshot old enough for the spectator delay`);
      if (snapshot.seq === 0) break;
      const [own] = await store.readLog(roomId, snapshot.seq - 1, 1);
      if (own && committedAt(own) <= cutoff) break;
      snapshot = await store.latestSnapshot(roomId, snapshot.seq - 1);
    }
    const feed = new DelayedFeed(opts, game.upgrade(snapshot.state, opts.clock.now()), snapshot.seq);
    const entries = (await store.readLog(roomId, snapshot.seq)).filter((e) => e.seq <= liveSeq);
    const due = entries.filter((e) => committedAt(e) <= cutoff);
    feed.apply(due);
    feed.committed(entries.slice(due.length));
    return feed;
  }

  /** Entries the room just committed: shown once each is `delayMs` old. */
  committed(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.known) continue;
      this.upcoming.push(entry);
      this.known = entry.seq;
    }
    this.arm();
  }

  /** Cancels the timer; the feed sends nothing more. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.opts.clock.clear(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    const next = this.upcoming[0];
    if (this.closed || this.timer !== undefined || !next) return;
    const wait = Math.max(0, committedAt(next) + this.opts.delayMs - this.opts.clock.now());
    this.timer = this.opts.clock.set(wait, () => {
      this.timer = undefined;
      void this.opts.run(async () => this.step()).catch((e: unknown) => {
        console.error(`room ${this.opts.roomId}: the delayed spectator feed stopped`, e);
        this.close();
      });
    });
  }

  /** Sends what has come due (nothing when the timer fired early), then waits for the next entry. */
  private step(): void {
    if (this.closed) return;
    const cutoff = this.opts.clock.now() - this.opts.delayMs;
    let n = 0;
    while (n < this.upcoming.length && committedAt(this.upcoming[n]!) <= cutoff) n++;
    const due = this.upcoming.splice(0, n);
    if (due.length > 0) {
      this.apply(due);
      for (const [, msg] of this.groups.updates(this.state, due, new Map())) this.opts.port.toViewer(DELAYED_GROUP, msg);
    }
    this.arm();
  }

  /** Replays stored entries onto the feed's state, as a load does. */
  private apply(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.seq !== this.at + 1) throw new Error(`room ${this.opts.roomId}: delayed feed gap before seq ${entry.seq}`);
      this.state = replayEntry(this.opts.game, this.opts.roomId, this.state, entry);
      this.at = entry.seq;
    }
  }
}
