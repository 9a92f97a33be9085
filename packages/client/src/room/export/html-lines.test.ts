import type { LogLine } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { translate } from '../../shell/i18n/translate.ts';
import { htmlLines, type HtmlLineContext } from './html-lines.ts';

// The export reads each line as the timeline does (timeline-line.svelte): same names, tags, rolls and tabs, with
// the time in the reader's zone.

const AT = Date.parse('2026-12-01T15:30:00.000Z');
const seats = [{ id: 's1', name: 'Ann' }, { id: 's2', name: 'Bo' }];
const ctx = (lang: 'ko' | 'ja' | 'en', tz: string, portraits = new Map<string, string>()): HtmlLineContext => ({
  t: (key, params) => translate(lang, key, params),
  actor: (a) => (a.role === 'gm' ? 'GM' : (seats.find((s) => s.id === a.seat)?.name ?? a.seat)),
  seat: (id) => seats.find((s) => s.id === id)?.name ?? id,
  face: () => '',
  view: { seats },
  game: 'free-table',
  lang,
  tz,
  portraits,
});
const feed = (item: Record<string, unknown>, type = 'feed'): LogLine => ({ seq: 1, at: AT, i: 0, seen: { type, item } });
const chat = (over: Record<string, unknown>) => feed({ kind: 'chat', id: 'm1', from: { role: 'player', seat: 's1' }, to: { kind: 'all' }, channel: 'main', text: 'hello', ...over });
const roll = (over: Record<string, unknown>) => feed({ kind: 'roll', id: 'r1', by: { role: 'gm' }, channel: 'main', visibility: 'gm', revealed: false, ...over });
const HASH = 'c'.repeat(64);

describe('htmlLines', () => {
  test.each([
    ['a line to everyone is the main tab\'s', 'en', chat({}), { kind: 'chat', channel: 'main', whisper: false, who: { name: 'Ann' }, text: 'hello' }],
    ['雑談 goes to the other tab', 'ja', chat({ channel: 'other' }), { channel: 'other', whisper: false }],
    ['a whisper to a seat names it, in Korean', 'ko', chat({ to: { kind: 'seat', seat: 's2' } }), { whisper: true, to: translate('ko', 'tl.toSeat', { name: 'Bo' }) }],
    ['a speaker\'s face: name, colour, its inlined portrait', 'en', chat({ speaker: { name: 'Masked', color: '#ff8800', portrait: HASH } }), { who: { name: 'Masked', color: '#ff8800', portrait: 'data:image/png;base64,AA==' } }],
    ['a roll the viewer may not see says only that it happened', 'en', roll({}), { kind: 'roll', whisper: true, text: `🎲 ${translate('en', 'tl.secretRoll')}`, to: translate('en', 'tl.hiddenFor.gm') }],
    ['a roll with its result and verdict', 'en', roll({ visibility: 'public', result: { text: '2D6 > 9', comparison: { success: true } } }), { whisper: false, text: '🎲 2D6 > 9', verdict: { label: 'Success', good: true } }],
    ['a seat joining reads as the timeline says it', 'en', { seq: 1, at: AT, i: 0, seen: { type: 'seat.added', seat: 's2', name: 'Bo' } }, { kind: 'event', channel: 'main', text: translate('en', 'tl.seat.added', { name: 'Bo' }) }],
  ] as const)('%s', (_name, lang, l, expected) => {
    const [got] = htmlLines([l as LogLine], ctx(lang, 'UTC', new Map([[HASH, 'data:image/png;base64,AA==']])));
    expect(got).toMatchObject(expected);
  });

  test.each([
    ['Asia/Seoul', '12/2, 12:30 AM'],
    ['America/New_York', '12/1, 10:30 AM'],
  ])('times read in the reader\'s zone: %s', (tz, clock) => {
    const [got] = htmlLines([chat({})], ctx('en', tz));
    expect(got!.time).toContain(clock);
    expect(got!.iso).toBe('2026-12-01T15:30:00.000Z');
  });

  test('a portrait that was not inlined keeps the table\'s address', () => {
    const [got] = htmlLines([chat({ speaker: { name: 'M', color: '#000000', portrait: HASH } })], ctx('en', 'UTC'));
    expect(got!.who!.portrait).toBe(`/api/portraits/${HASH}`);
  });
});
