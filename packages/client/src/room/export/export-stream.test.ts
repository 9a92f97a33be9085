import type { ExportHead, LogLine } from '@veiltable/protocol';
import { EXPORT_FORMAT } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { ExportReader, fetchExport } from './export-stream.ts';

// An export as the server writes it (server rooms/viewer-export.ts): the head and `"lines":[` on its first line,
// one log line per line, `]}` on the last. The reader parses it as it arrives, whatever the pieces' edges.

const head: ExportHead = {
  format: EXPORT_FORMAT,
  room: { id: 'r1', game: 'free-table', title: 'Night', rng: { alg: 'sfc32', hash: 'ab'.repeat(32) } },
  viewer: { role: 'player', seat: 's1' },
  exportedAt: '2026-12-01T21:00:00.000Z',
  lang: 'ko',
  tz: 'Asia/Seoul',
  lastSeq: 8,
};
const line = (seq: number): LogLine => ({ seq, at: 1_700_000_000_000 + seq, i: 0, seen: { type: 'feed', item: { kind: 'chat', text: `line ${seq}\n"quoted"` } } });
const LINES = [2, 4, 8].map(line);
const TEXT = `${JSON.stringify(head).slice(0, -1)},"lines":[${LINES.map((l, k) => `${k ? ',' : ''}\n${JSON.stringify(l)}`).join('')}\n]}\n`;

/** A response whose body arrives in pieces of `size` bytes. */
function streamed(text: string, size: number, cut = Infinity): Response {
  const bytes = new TextEncoder().encode(text);
  const end = Math.min(bytes.length, cut);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= end) return controller.close();
      controller.enqueue(bytes.slice(at, Math.min(end, (at += size))));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('ExportReader', () => {
  test('the whole text is one JSON document: head and lines', () => {
    expect(JSON.parse(TEXT)).toEqual({ ...head, lines: LINES });
  });

  test.each([1, 7, 64, TEXT.length])('pieces of %i characters give the same head and lines', (size) => {
    const reader = new ExportReader();
    for (let k = 0; k < TEXT.length; k += size) expect(reader.push(TEXT.slice(k, k + size))).toBe(true);
    expect({ head: reader.head, lines: reader.lines, end: reader.end() }).toEqual({ head, lines: LINES, end: true });
  });

  test('progress is the newest line\'s seq against the head\'s last seq', () => {
    const reader = new ExportReader();
    const [first, ...rest] = TEXT.split('\n');
    reader.push(`${first}\n${rest[0]}\n`);
    expect(reader.fraction).toBe(2 / 8);
    reader.push(`${rest.slice(1).join('\n')}`);
    expect(reader.fraction).toBe(1);
  });

  test('the view\'s steps after the lines: read one per line, progress running on through them', () => {
    const steps = [{ seq: 0, view: { n: 0 } }, { seq: 4, patch: { base: 0, ops: [{ op: 'set' as const, path: ['n'], value: 4 }] } }];
    const text = `${TEXT.slice(0, TEXT.lastIndexOf('\n]}'))}\n],"views":[${steps.map((s, k) => `${k ? ',' : ''}\n${JSON.stringify(s)}`).join('')}\n]}\n`;
    expect(JSON.parse(text)).toEqual({ ...head, lines: LINES, views: steps });
    const reader = new ExportReader();
    const parts = text.split('\n');
    reader.push(`${parts.slice(0, 6).join('\n')}\n`);
    expect({ views: reader.views, fraction: reader.fraction }).toEqual({ views: [steps[0]], fraction: 0.5 });
    reader.push(parts.slice(6).join('\n'));
    expect({ lines: reader.lines, views: reader.views, end: reader.end(), fraction: reader.fraction }).toEqual({ lines: LINES, views: steps, end: true, fraction: 0.75 });
  });

  test('something that is not an export is refused', () => {
    expect(new ExportReader().push('<html>\n')).toBe(false);
  });
});

describe('fetchExport', () => {
  test('reports progress as the lines come and keeps the file as it was sent', async () => {
    const seen: number[] = [];
    const got = await fetchExport('/x', 'tok', (f) => seen.push(f), async () => streamed(TEXT, 40));
    expect(got).toEqual({ ok: true, text: TEXT, doc: { ...head, lines: LINES } });
    expect(seen.at(-1)).toBe(1);
    expect(seen.some((f) => f > 0 && f < 1)).toBe(true);
  });

  test('sends the token in the authorization header, nowhere else', async () => {
    const asked: { url: string; auth: string | null }[] = [];
    await fetchExport('/api/rooms/r1/export', 'tok-1', () => {}, async (url, init) => {
      asked.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return streamed(TEXT, 100);
    });
    expect(asked).toEqual([{ url: '/api/rooms/r1/export', auth: 'Bearer tok-1' }]);
  });

  test.each([
    ['a refusal reads as its code', async () => new Response(JSON.stringify({ error: 'FORBIDDEN', message: 'no' }), { status: 403 }), 'FORBIDDEN'],
    ['a body cut before its last line is a network failure', async () => streamed(TEXT, 30, TEXT.length - 4), 'NETWORK'],
    ['no answer is a network failure', async () => Promise.reject(new TypeError('offline')), 'NETWORK'],
  ])('%s', async (_name, fetcher, code) => {
    expect(await fetchExport('/x', 'tok', () => {}, fetcher as typeof fetch)).toEqual({ ok: false, code });
  });
});
