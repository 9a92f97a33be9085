import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AnyGame } from '@veiltable/engine';
import type { ExportHead, ExportQuery, ExportViewStep, LogLine, Viewer } from '@veiltable/protocol';
import { diffJson, EXPORT_FORMAT } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import { linesFor } from './log-lines.ts';
import { replayEntry } from './replay.ts';
import { recordEntries, recordHead } from './room-record.ts';

/** Characters of JSON gathered before a piece of the export is handed to the response. */
const PIECE = 64 * 1024;

/**
 * Entries replayed between turns of the event loop. A replay is all CPU, and an embedded store (PGlite) answers its
 * reads without one: without these turns a long export would hold up every other room, and its own socket, to the end.
 */
const REPLAY_TURN = 64;

/** The head of one viewer's export of the room as it stands now, or undefined when no such room exists. */
export async function exportHead(store: Store, roomId: string, viewer: Viewer, query: Omit<ExportQuery, 'as'>, now: Date): Promise<ExportHead | undefined> {
  const room = await store.getRoom(roomId);
  const record = await recordHead(store, roomId);
  if (!room || !record) return undefined;
  // Only the commitment leaves the record's head: the seed stays on the server until the GM's release.
  const rng = record.commitment;
  const lastSeq = await store.latestSeq(roomId);
  const { lang, tz } = query;
  return { format: EXPORT_FORMAT, room: { id: room.id, game: room.game, title: room.title, rng }, viewer, exportedAt: now.toISOString(), lang, tz, lastSeq };
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
 * The viewer's views of the room up to `lastSeq`, oldest first, as export steps (protocol exportViewStep): the whole
 * view at the room's first snapshot, brought to the current shape as a load does, then the log replayed onto it as
 * a load replays it, a chunk of entries at a time, with a patch at each seq whose entry changed the viewer's view.
 * A replay that disagrees with the log throws (ReplayMismatch) rather than write a view the room never had.
 */
export async function* exportViews(store: Store, game: AnyGame, roomId: string, viewer: Viewer, lastSeq: number, now: Date, chunk?: number): AsyncGenerator<ExportViewStep> {
  const first = await store.latestSnapshot(roomId, 0);
  if (!first) throw new Error(`room ${roomId} has no first snapshot`);
  let state: unknown = game.upgrade(first.state, now.getTime());
  let seq = first.seq;
  let view: unknown = game.view(state, viewer);
  let base = seq;
  yield { seq, view };
  for await (const entry of recordEntries(store, roomId, chunk)) {
    if (entry.seq > lastSeq) return;
    if (entry.seq !== seq + 1) throw new Error(`room ${roomId}: log gap before seq ${entry.seq}`);
    if (entry.seq % REPLAY_TURN === 0) await nextTurn();
    state = replayEntry(game, roomId, state, entry);
    seq = entry.seq;
    const next = game.view(state, viewer);
    const ops = diffJson(view, next);
    if (ops.length === 0) continue;
    yield { seq, patch: { base, ops } };
    view = next;
    base = seq;
  }
}

/**
 * The export as one JSON document, in pieces: the head's fields, then `lines` with one line of the array per log
 * line, so a reader parses it as it arrives (and counts its progress by seq), then `views` with one step per line,
 * while the whole stays plain JSON.
 */
export async function* exportJson(head: ExportHead, lines: AsyncIterable<LogLine>, views: AsyncIterable<ExportViewStep>): AsyncGenerator<string> {
  let piece = '';
  for await (const text of documentText(head, lines, views)) {
    piece += text;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield piece;
}

/** The document's text, a line of an array at a time: `],"views":[` and `]}` stand on lines of their own. */
async function* documentText(head: ExportHead, lines: AsyncIterable<LogLine>, views: AsyncIterable<ExportViewStep>): AsyncGenerator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"lines":[`;
  yield* arrayItems(lines);
  yield '\n],"views":[';
  yield* arrayItems(views);
  yield '\n]}\n';
}

async function* arrayItems(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '' : ','}\n${JSON.stringify(item)}`;
    first = false;
  }
}
