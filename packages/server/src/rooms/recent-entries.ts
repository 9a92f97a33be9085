import type { LogEntry, Store } from '../db/store.ts';

/** Entries a loaded room keeps in memory: two scans' worth of a welcome's page (log-lines.ts reads 200 at a time). */
export const RECENT_ENTRIES = 400;

/**
 * The newest entries of a room's log, consecutive and oldest first, kept by the room as it commits them, so that a
 * welcome (every reconnect after a restart or a network blip) reads its page of lines from memory rather than from
 * the store, on the room's queue. Reads that reach further back go to the store, like any older page.
 */
export class RecentEntries {
  private entries: LogEntry[] = [];
  private readonly store: Store;
  private readonly roomId: string;

  constructor(store: Store, roomId: string) {
    this.store = store;
    this.roomId = roomId;
  }

  /** Starts over from the newest entries of the store up to `seq` (a load). */
  async fill(seq: number): Promise<void> {
    this.entries = await this.store.readLogBefore(this.roomId, seq + 1, RECENT_ENTRIES);
  }

  /** Entries just made live, each the one after the newest held; one that is not starts the list over. */
  add(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      const last = this.entries.at(-1);
      if (last !== undefined && entry.seq !== last.seq + 1) this.entries = [];
      this.entries.push(entry);
    }
    if (this.entries.length > RECENT_ENTRIES) this.entries = this.entries.slice(-RECENT_ENTRIES);
  }

  /** Store.readLogBefore of this room: the newest `limit` entries before `before`, oldest first. */
  readBefore = async (before: number, limit: number): Promise<LogEntry[]> => {
    const first = this.entries[0];
    const last = this.entries.at(-1);
    // Held when the entries reach back to the page's start (or to the log's first entry) and up to its end.
    if (first !== undefined && last !== undefined && before <= last.seq + 1 && (first.seq <= before - limit || first.seq === 1)) {
      const end = before - first.seq;
      return this.entries.slice(Math.max(0, end - limit), Math.max(0, end));
    }
    return this.store.readLogBefore(this.roomId, before, limit);
  };
}
