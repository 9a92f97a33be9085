import type { AnyGame, Rejection, Result } from '@veiltable/engine';
import { canonicalJson, err, ok } from '@veiltable/engine';
import type { GameViewEvent, ServerMessage, Viewer } from '@veiltable/protocol';
import { PROTOCOL_VERSION } from '@veiltable/protocol';
import type { LogEntry, RoomRecord, Store } from '../db/store.ts';
import { VersionConflict } from '../db/store.ts';
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

export type RoomOptions = { id: string; game: AnyGame; store: Store; snapshotEvery?: number };

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

/**
 * The authority for one room: a serial queue over validate → apply → conditional append → deliver.
 * It owns the live state and hands each connection only what the game's view functions produce for its viewer.
 */
export class Room {
  readonly id: string;
  readonly game: AnyGame;
  private readonly store: Store;
  private readonly snapshotEvery: number;
  private readonly queue = new SerialQueue();
  private readonly connections = new Map<string, Connection>();
  private record: RoomRecord | undefined;
  private liveState: unknown;
  private liveSeq = 0;
  private loaded = false;
  /** Set when an append failed for an unknown reason: it may or may not have landed, so re-read the log first. */
  private stale = false;

  constructor(opts: RoomOptions) {
    this.id = opts.id;
    this.game = opts.game;
    this.store = opts.store;
    this.snapshotEvery = opts.snapshotEvery ?? 100;
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

  /** Rebuilds state from the latest snapshot plus the log after it. */
  load(): Promise<void> {
    return this.queue.run(async () => {
      const record = await this.store.getRoom(this.id);
      if (!record) throw new Error(`room ${this.id} does not exist`);
      if (record.game !== this.game.id) throw new Error(`room ${this.id} runs ${record.game}, not ${this.game.id}`);
      const snapshot = await this.store.latestSnapshot(this.id);
      if (!snapshot) throw new Error(`room ${this.id} has no snapshot`);
      this.record = record;
      this.liveState = snapshot.state;
      this.liveSeq = snapshot.seq;
      await this.catchUpFromStore(false);
      this.loaded = true;
    });
  }

  /** Runs one command through the rules and commits it; resolves once it is stored and delivered. */
  submit(command: unknown, actor: Viewer): Promise<Result<{ seq: number; events: unknown[] }, Rejection>> {
    return this.queue.run(async () => {
      this.assertLoaded();
      if (this.stale) await this.catchUpFromStore(true);
      for (let attempt = 0; ; attempt++) {
        const verdict = this.game.validate(this.liveState, command, actor);
        if (!verdict.ok) return verdict;
        // Rules are pure (Game contract): the live state stays as it was until the append succeeds.
        const applied = this.game.apply(this.liveState, command, actor);
        if (!applied.ok) return applied;
        const entry: LogEntry = {
          seq: this.liveSeq + 1,
          actor,
          command,
          events: applied.value.events,
          at: new Date().toISOString(),
        };
        try {
          await this.store.append(this.id, entry);
        } catch (e) {
          if (e instanceof VersionConflict && attempt < CONFLICT_RETRIES) {
            await this.catchUpFromStore(true);
            continue;
          }
          if (e instanceof VersionConflict) return err('ROOM_BUSY', undefined, 'too many concurrent writers');
          this.stale = true;
          console.error(`room ${this.id}: append failed`, e);
          return err('STORE_UNAVAILABLE');
        }
        this.commit(entry.seq, applied.value.state, entry.events);
        await this.maybeSnapshot();
        return ok({ seq: entry.seq, events: entry.events });
      }
    });
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
        safeSend(conn, { type: 'kicked', code });
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

  /** Applies entries another writer (or a failed-but-landed append) put in the log after our seq. */
  private async catchUpFromStore(deliver: boolean): Promise<void> {
    const entries = await this.store.readLog(this.id, this.liveSeq);
    for (const entry of entries) {
      if (entry.seq !== this.liveSeq + 1) throw new Error(`room ${this.id}: log gap before seq ${entry.seq}`);
      const applied = this.game.apply(this.liveState, entry.command, entry.actor);
      if (!applied.ok || canonicalJson(applied.value.events) !== canonicalJson(entry.events)) {
        throw new ReplayMismatch(this.id, entry.seq);
      }
      if (deliver) this.commit(entry.seq, applied.value.state, entry.events);
      else {
        this.liveState = applied.value.state;
        this.liveSeq = entry.seq;
      }
    }
    this.stale = false;
  }

  /** Makes a stored entry live and sends it, computing each distinct viewer's projection once. */
  private commit(seq: number, state: unknown, events: unknown[]): void {
    this.liveState = state;
    this.liveSeq = seq;
    const perViewer = new Map<string, ServerMessage>();
    for (const conn of this.connections.values()) {
      const key = viewerKey(conn.viewer);
      let msg = perViewer.get(key);
      if (!msg) {
        msg = {
          type: 'update',
          seq,
          events: this.redactEvents(events, conn.viewer),
          view: this.game.view(state, conn.viewer),
        };
        perViewer.set(key, msg);
      }
      safeSend(conn, msg);
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

  private async maybeSnapshot(): Promise<void> {
    if (this.liveSeq % this.snapshotEvery !== 0) return;
    try {
      await this.store.saveSnapshot(this.id, this.liveSeq, this.liveState);
    } catch (e) {
      // A missed snapshot only makes the next load replay more of the log.
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
