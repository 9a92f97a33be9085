import type { GameEvent } from '@veiltable/engine';
import { viewEvent } from '@veiltable/engine';
import type { LogLine, Viewer } from '@veiltable/protocol';
import type { LogEntry } from '../db/store.ts';

/** Lines a welcome carries: the newest page of the viewer's timeline. */
export const WELCOME_LINES = 100;

/** Entries read from the store at a time while a page of lines is gathered backwards. */
const SCAN_CHUNK = 200;

/**
 * Whether logged events are in today's envelope (engine kernel/events.ts). Entries logged before it are replayed
 * without comparing their events, which were written in another form (rooms stopped gracefully replay none), and
 * give no timeline lines.
 */
export function inEnvelopes(events: unknown[]): events is GameEvent[] {
  return events.every((e) => typeof e === 'object' && e !== null && Array.isArray((e as { parts?: unknown }).parts));
}

/**
 * The lines one viewer reads of these entries, oldest first: one per event its `viewEvent` gives something of, and
 * nothing else of the stored event (not its `type`, not the other parts). The one place a timeline is redacted.
 */
export function linesFor(entries: readonly LogEntry[], viewer: Viewer): LogLine[] {
  const lines: LogLine[] = [];
  for (const entry of entries) {
    if (!inEnvelopes(entry.events)) continue;
    const at = Date.parse(entry.at);
    entry.events.forEach((event, i) => {
      const seen = viewEvent(event, viewer);
      if (seen !== null) lines.push({ seq: entry.seq, at, i, seen });
    });
  }
  return lines;
}

/** Reads a room's log backwards like Store.readLogBefore: the newest `limit` entries before `before`, oldest first. */
export type ReadBefore = (before: number, limit: number) => Promise<LogEntry[]>;

/**
 * The viewer's lines of the entries before seq `before`, newest page, oldest first: whole entries until at least
 * `limit` lines (an entry's lines are never split, so a page may hold a few more). `more`: the viewer reads lines
 * of older entries still.
 */
export async function readLinesBefore(read: ReadBefore, viewer: Viewer, before: number, limit: number): Promise<{ lines: LogLine[]; more: boolean }> {
  const pages: LogLine[][] = [];
  let count = 0;
  let cursor = before;
  for (;;) {
    const chunk = await read(cursor, SCAN_CHUNK);
    for (let k = chunk.length - 1; k >= 0; k--) {
      const lines = linesFor([chunk[k]!], viewer);
      if (lines.length === 0) continue;
      if (count >= limit) return { lines: pages.reverse().flat(), more: true };
      pages.push(lines);
      count += lines.length;
    }
    const first = chunk[0];
    if (chunk.length < SCAN_CHUNK || first === undefined || first.seq <= 1) return { lines: pages.reverse().flat(), more: false };
    cursor = first.seq;
  }
}
