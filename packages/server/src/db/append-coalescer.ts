import type { LogEntry } from './store.ts';
import { VersionConflict } from './store.ts';

/** One room's consecutive entries, to land only if the room's log ends just before the first of them. */
export type RoomAppend = { roomId: string; entries: readonly LogEntry[] };

/**
 * One statement for the appends of several distinct rooms, each room's rows all or none, independently of the
 * other rooms: resolves with the ids of the rooms whose rows landed. A rejection means the statement as a whole
 * failed (nothing of it landed when the error carries a SQLSTATE; unknown otherwise).
 */
export type AppendMany = (appends: readonly RoomAppend[]) => Promise<ReadonlySet<string>>;

export type CoalescerOptions = {
  /** Statements in flight at once; appends made while all are busy wait and go together in the next one. */
  maxInFlight: number;
  /** Rows one statement takes at most (a room's batch is never split: one larger than this goes alone). */
  maxRows: number;
};

type Pending = RoomAppend & { resolve(): void; reject(error: unknown): void };

/**
 * An error the database answered with a SQLSTATE (a constraint, a cancelled statement): the statement did not
 * commit. Without one (a dropped connection), it may have.
 */
const statementFailed = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
const UNIQUE_VIOLATION = '23505';

/**
 * Group commit across rooms: every room's append joins the next statement, so while the database is busy with
 * some rooms' writes, the appends of all the others queue up and land together in one round trip and one commit.
 * Appends made in the same turn of the event loop start together too. A room appears at most once in a statement
 * (its next append waits for the following one). When a statement of several rooms fails before committing (one
 * room's log raced by another writer, a room that does not exist), each of its rooms is tried alone, so one room's
 * failure is only its own.
 */
export class AppendCoalescer {
  private pending: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly appendMany: AppendMany;
  private readonly opts: CoalescerOptions;

  constructor(appendMany: AppendMany, opts: CoalescerOptions) {
    this.appendMany = appendMany;
    this.opts = opts;
  }

  /** Resolves once the entries landed; VersionConflict when the room's log did not end just before them. */
  append(roomId: string, entries: readonly LogEntry[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ roomId, entries, resolve, reject });
      this.schedule();
    });
  }

  /** Starts a statement at the end of this turn, when one may start. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startStatements();
    });
  }

  private startStatements(): void {
    while (this.inFlight < this.opts.maxInFlight && this.pending.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.startStatements();
      });
    }
  }

  /** The next statement's appends: oldest first, distinct rooms, up to maxRows (always at least one). */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const rooms = new Set<string>();
    const rest: Pending[] = [];
    let rows = 0;
    for (const p of this.pending) {
      const fits = batch.length === 0 || rows + p.entries.length <= this.opts.maxRows;
      if (fits && !rooms.has(p.roomId)) {
        batch.push(p);
        rooms.add(p.roomId);
        rows += p.entries.length;
      } else rest.push(p);
    }
    this.pending = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let landed: ReadonlySet<string>;
    try {
      landed = await this.appendMany(batch);
    } catch (e) {
      const failed = statementFailed(e);
      if (failed && batch.length > 1) await Promise.all(batch.map((p) => this.run([p])));
      // Alone, a room whose row another writer inserted first: the same as a log that moved on.
      else if (failed && (e as { code: string }).code === UNIQUE_VIOLATION) conflict(batch[0]!);
      else for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch) {
      if (landed.has(p.roomId)) p.resolve();
      else conflict(p);
    }
  }
}

function conflict(p: Pending): void {
  p.reject(new VersionConflict(p.roomId, p.entries[0]!.seq - 1));
}
