import type { ExportHead, ExportViewStep, LogLine } from '@veiltable/protocol';
import { EXPORT_FORMAT } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { ExportReader, fetchExport } from './export-stream.ts';

// An export as the server writes it (server rooms/viewer-export.ts): the head and `"lines":[` on its first line,
// one log line per line, `],"views":[`, one view step per line, `]}` on the last. The reader parses the lines as
// they arrive, whatever the pieces' edges, and counts the views without keeping them (the page reads none).

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
const VIEWS: ExportViewStep[] = [
  { seq: 0, view: { game: 'free-table', note: 'a "view",\n]}' } },
  { seq: 6, patch: { base: 0, ops: [{ op: 'set', path: ['note'], value: '],"views":[' }] } },
];
const items = (list: unknown[]) => list.map((item, k) => `${k ? ',' : ''}\n${JSON.stringify(item)}`).join('');
const TEXT = `${JSON.stringify(head).slice(0, -1)},"lines":[${items(LINES)}\n],"views":[${items(VIEWS)}\n]}\n`;

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
  test('the whole text is one JSON document: head, lines and views', () => {
    expect(JSON.parse(TEXT)).toEqual({ ...head, lines: LINES, views: VIEWS });
  });

  test.each([1, 7, 64, TEXT.length])('pieces of %i characters give the same head and lines', (size) => {
    const reader = new ExportReader();
    for (let k = 0; k < TEXT.length; k += size) expect(reader.push(TEXT.slice(k, k + size))).toBe(true);
    expect({ head: reader.head, lines: reader.lines, end: reader.end() }).toEqual({ head, lines: LINES, end: true });
  });

  test('progress is the newest line\'s seq against the head\'s last seq, then the newest view step\'s', () => {
    const reader = new ExportReader();
    const fractions = TEXT.split('\n').map((part) => {
      reader.push(`${part}\n`);
      return reader.fraction;
    });
    // head, lines 2 4 8, the views' line, steps 0 and 6, the end, the empty rest.
    expect(fractions).toEqual([0, 2 / 16, 4 / 16, 8 / 16, 1 / 2, 1 / 2, 1 / 2 + 6 / 16, 1 / 2 + 6 / 16, 1 / 2 + 6 / 16]);
  });

  test.each([
    ['views before their line', TEXT.replace('\n],"views":[', '')],
    ['the end before the views', TEXT.replace(/\n\],"views":\[[^]*$/, '\n]}\n')],
    ['a step without its seq', TEXT.replace('{"seq":6,', '{')],
  ])('%s is refused', (_name, text) => {
    const reader = new ExportReader();
    const fine = text.split('\n').map((part) => reader.push(`${part}\n`));
    expect(fine.every(Boolean) && reader.end()).toBe(false);
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
