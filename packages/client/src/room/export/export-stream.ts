import type { ExportDocument, ExportHead, LogLine } from '@veiltable/protocol';

/** The format the head names (protocol export.ts); written out, as no page loads the protocol's schemas (zod). */
const FORMAT: ExportHead['format'] = 'veiltable-export/2';

/** The line between the document's lines and its views (server rooms/viewer-export.ts). */
const VIEWS = '],"views":[';

/** An export as the HTML page reads it: the head and the lines. Its views stay in the file, for a replay to read. */
export type ExportTimeline = Omit<ExportDocument, 'views'>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, min = 0): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

/** The head's shape, as far as the page reads it. */
function asHead(v: unknown): ExportHead | null {
  if (!isRecord(v) || v.format !== FORMAT || !isRecord(v.room) || !isRecord(v.viewer) || !isCount(v.lastSeq)) return null;
  const { room } = v;
  const strings = [room.id, room.game, room.title, v.viewer.role, v.exportedAt, v.lang, v.tz];
  if (!strings.every((s) => typeof s === 'string')) return null;
  // The head's line reads `"lines":[` too: the head is everything but them.
  const { lines: _lines, ...head } = v;
  return head as ExportHead;
}

/** A log line's shape (protocol messages.ts `logLine`). */
function asLine(v: unknown): LogLine | null {
  return isRecord(v) && isCount(v.seq, 1) && isCount(v.at) && isCount(v.i) && 'seen' in v ? { seq: v.seq, at: v.at, i: v.i, seen: v.seen } : null;
}

/** The seq a view step opens with, as the server writes it (`{"seq":N,…`): read without parsing the view. */
function stepSeq(part: string): number | null {
  const match = /^\{"seq":(\d+),/.exec(part);
  return match ? Number(match[1]) : null;
}

/** What came back: the file as the server sent it (the JSON export), and the document read from it. */
export type FetchedExport = { ok: true; text: string; doc: ExportTimeline } | { ok: false; code: string };

/**
 * How far an export has come (0…1): the seq of the newest line read against the room's last seq in the head, for
 * the first half, then the seq of the newest view step for the second.
 */
export type Progress = (fraction: number) => void;

/**
 * Reads an export as it arrives. The server writes its head and `"lines":[` on the first line, one log line per
 * line after it, `],"views":[` on a line of its own, then one view step per line (server rooms/viewer-export.ts),
 * so each line is parsed as soon as it is whole. The views are only counted: the page reads the lines alone.
 */
export class ExportReader {
  head: ExportHead | null = null;
  readonly lines: LogLine[] = [];
  private rest = '';
  private inViews = false;
  /** The seq of the newest view step read, once the views began. */
  private viewSeq = 0;
  private closed = false;

  /** Takes the next piece of text; false once something in it is not an export. */
  push(piece: string): boolean {
    const parts = (this.rest + piece).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.every((part) => this.line(part));
  }

  /** The document's last line (`]}`) has come, and nothing after it. */
  end(): boolean {
    return this.closed && this.rest.trim() === '';
  }

  private line(part: string): boolean {
    if (this.head === null) {
      this.head = asHead(safeJson(`${part}]}`));
      return this.head !== null;
    }
    if (this.closed) return part.trim() === '';
    if (part === ']}') return this.inViews && (this.closed = true);
    if (part === VIEWS) return !this.inViews && (this.inViews = true);
    if (this.inViews) return this.step(part);
    const line = asLine(safeJson(part.endsWith(',') ? part.slice(0, -1) : part));
    if (line !== null) this.lines.push(line);
    return line !== null;
  }

  private step(part: string): boolean {
    const seq = stepSeq(part);
    if (seq !== null) this.viewSeq = seq;
    return seq !== null;
  }

  /** How far the lines, then the views, have come, by seq. */
  get fraction(): number {
    const last = this.head?.lastSeq ?? 0;
    if (last === 0) return this.closed ? 1 : this.inViews ? 0.5 : 0;
    const seq = this.inViews ? this.viewSeq : (this.lines.at(-1)?.seq ?? 0);
    return Math.min(1, (this.inViews ? 0.5 : 0) + seq / last / 2);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The export URL of a room in a language and time zone (the zone this device reads times in). */
export function exportUrl(roomId: string, lang: string, tz: string): string {
  return `/api/rooms/${encodeURIComponent(roomId)}/export?${new URLSearchParams({ lang, tz })}`;
}

/** Fetches this viewer's export with its own link token, reporting progress as the lines arrive. */
export async function fetchExport(url: string, token: string, onProgress: Progress, fetcher: typeof fetch = fetch): Promise<FetchedExport> {
  let res: Response;
  try {
    res = await fetcher(url, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    return { ok: false, code: typeof body?.error === 'string' ? body.error : `HTTP_${res.status}` };
  }
  const reader = new ExportReader();
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  const stream = res.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await stream.read();
    } catch {
      return { ok: false, code: 'NETWORK' };
    }
    const { done, value } = chunk;
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    pieces.push(piece);
    if (!reader.push(piece)) return { ok: false, code: 'BAD_RESPONSE' };
    onProgress(reader.fraction);
  }
  const last = decoder.decode();
  pieces.push(last);
  if (!reader.push(last) || !reader.end() || reader.head === null) return { ok: false, code: 'NETWORK' };
  onProgress(1);
  return { ok: true, text: pieces.join(''), doc: { ...reader.head, lines: reader.lines } };
}
