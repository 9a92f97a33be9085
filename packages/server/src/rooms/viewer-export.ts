import type { ExportHead, ExportQuery, LogLine, Viewer } from '@veiltable/protocol';
import { EXPORT_FORMAT } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import { linesFor } from './log-lines.ts';
import { recordEntries, recordHead } from './room-record.ts';

/** Characters of JSON gathered before a piece of the export is handed to the response. */
const PIECE = 64 * 1024;

/** The head of one viewer's export of the room as it stands now, or undefined when no such room exists. */
export async function exportHead(store: Store, roomId: string, viewer: Viewer, query: ExportQuery, now: Date): Promise<ExportHead | undefined> {
  const room = await store.getRoom(roomId);
  const record = await recordHead(store, roomId);
  if (!room || !record) return undefined;
  // Only the commitment leaves the record's head: the seed stays on the server until the GM's release.
  const rng = record.commitment;
  const lastSeq = await store.latestSeq(roomId);
  return { format: EXPORT_FORMAT, room: { id: room.id, game: room.game, title: room.title, rng }, viewer, exportedAt: now.toISOString(), ...query, lastSeq };
}

/**
 * The viewer's lines of the log up to `lastSeq`, oldest first, built by the timeline's own redaction (`linesFor`)
 * from entries read a chunk at a time: a long session is never held whole.
 */
export async function* exportLines(store: Store, roomId: string, viewer: Viewer, lastSeq: number, chunk?: number): AsyncGenerator<LogLine> {
  for await (const entry of recordEntries(store, roomId, chunk)) {
    if (entry.seq > lastSeq) return;
    yield* linesFor([entry], viewer);
  }
}

/**
 * The export as one JSON document, in pieces: the head's fields, then `lines` with one line of the array per log
 * line, so a reader parses it as it arrives (and counts its progress by seq) while the whole stays plain JSON.
 */
export async function* exportJson(head: ExportHead, lines: AsyncIterable<LogLine>): AsyncGenerator<string> {
  let piece = `${JSON.stringify(head).slice(0, -1)},"lines":[`;
  let first = true;
  for await (const line of lines) {
    piece += `${first ? '' : ','}\n${JSON.stringify(line)}`;
    first = false;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}\n]}\n`;
}
