import type { LogLine } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { ComposerState } from './composer.svelte.ts';
import { inTab, kindOf, type Tab } from './line-kinds.ts';
import { FollowState, PAGE_LINES, Timeline } from './timeline.svelte.ts';

const at = 1_700_000_000_000;
const chat = (seq: number, over: Record<string, unknown> = {}, i = 0): LogLine => ({
  seq,
  at: at + seq,
  i,
  seen: { type: 'feed', item: { kind: 'chat', id: `m${seq}`, from: { role: 'player', seat: 's1' }, to: { kind: 'all' }, channel: 'main', text: `line ${seq}`, ...over } },
});
const roll = (seq: number, over: Record<string, unknown> = {}): LogLine => ({
  seq,
  at,
  i: 0,
  seen: { type: 'feed', item: { kind: 'roll', id: `r${seq}`, by: { role: 'gm' }, channel: 'main', visibility: 'public', revealed: false, ...over } },
});
const event = (seq: number, i = 0): LogLine => ({ seq, at, i, seen: { type: 'deck.shuffled', count: 52 } });

const keys = (t: Timeline) => t.lines.map((l) => l.key);

function timeline(): { t: Timeline; asked: [number, number][] } {
  const asked: [number, number][] = [];
  const t = new Timeline((before, limit) => {
    asked.push([before, limit]);
    return `ref${asked.length}`;
  });
  return { t, asked };
}

describe('the timeline\'s lines', () => {
  test('appended lines keep log order, and a line sent twice (seq and event index) is kept once', () => {
    const { t } = timeline();
    t.reset([chat(3), event(4, 0), event(4, 1)], true);
    t.append([event(4, 1), chat(5)]);
    t.append([chat(5), chat(6)]);
    expect(keys(t)).toEqual(['3.0', '4.0', '4.1', '5.0', '6.0']);
  });

  test('lines arriving out of order are placed in order', () => {
    const { t } = timeline();
    t.reset([chat(5)], false);
    t.append([chat(7), chat(6, {}, 1), chat(6, {}, 0)]);
    expect(keys(t)).toEqual(['5.0', '6.0', '6.1', '7.0']);
  });

  test('paging asks before the oldest line held, once at a time, and stops when there is no more', () => {
    const { t, asked } = timeline();
    t.reset([chat(120), chat(121)], true);
    t.loadOlder();
    t.loadOlder();
    expect(asked).toEqual([[120, PAGE_LINES]]);
    t.older('ref1', [chat(20), chat(119)], true);
    expect(keys(t)).toEqual(['20.0', '119.0', '120.0', '121.0']);
    t.loadOlder();
    expect(asked.at(-1)).toEqual([20, PAGE_LINES]);
    t.older('ref2', [chat(1), chat(20)], false);
    expect(keys(t)).toEqual(['1.0', '20.0', '119.0', '120.0', '121.0']);
    t.loadOlder();
    expect(asked).toHaveLength(2);
  });

  test('a page asked for before a welcome still merges, but the new welcome\'s paging state stands', () => {
    const { t, asked } = timeline();
    t.reset([chat(50)], true);
    t.loadOlder();
    t.reset([chat(60)], true);
    t.older('ref1', [chat(40)], false);
    expect(keys(t)).toEqual(['40.0', '60.0']);
    expect(t.more).toBe(true);
    expect(t.loading).toBe(false);
    t.loadOlder();
    expect(asked.at(-1)).toEqual([40, PAGE_LINES]);
  });

  test('a refused page request frees the timeline to ask again; another refusal is not its own', () => {
    const { t, asked } = timeline();
    t.reset([chat(9)], true);
    t.loadOlder();
    expect(t.refused('other')).toBe(false);
    expect(t.loading).toBe(true);
    expect(t.refused('ref1')).toBe(true);
    t.loadOlder();
    expect(asked).toHaveLength(2);
  });

  test('a reveal line marks its roll as shown to everyone', () => {
    const { t } = timeline();
    t.reset([roll(3, { visibility: 'gm' })], false);
    expect(t.revealed.has('r3')).toBe(false);
    t.append([{ seq: 4, at, i: 0, seen: { type: 'roll.revealed', item: { kind: 'roll', id: 'r3', by: { role: 'gm' }, channel: 'main', visibility: 'gm', revealed: true } } }]);
    expect(t.revealed.has('r3')).toBe(true);
  });
});

describe('tabs filter one list', () => {
  const lines = [
    ['main chat', chat(1), ['all', 'main']],
    ['off-topic chat', chat(2, { channel: 'other' }), ['all', 'other']],
    ['whisper to the GM', chat(3, { to: { kind: 'gm' } }), ['all', 'main', 'whisper']],
    ['whisper to a seat, off-topic', chat(4, { to: { kind: 'seat', seat: 's2' }, channel: 'other' }), ['all', 'other', 'whisper']],
    ['public roll', roll(5), ['all', 'main']],
    ['GM-only roll', roll(6, { visibility: 'gm' }), ['all', 'main', 'whisper']],
    ['revealed roll', roll(7, { visibility: 'self', revealed: true }), ['all', 'main']],
    ['table event', event(8), ['all', 'main']],
  ] as const;
  test.each(lines)('%s', (_name, line, tabs) => {
    const read = kindOf(line);
    for (const tab of ['all', 'main', 'other', 'whisper'] as Tab[]) expect(inTab(read, tab)).toBe((tabs as readonly string[]).includes(tab));
  });

  test('the shown lines follow the tab', () => {
    const { t } = timeline();
    t.reset(lines.map(([, l]) => l), false);
    t.tab = 'whisper';
    expect(t.shown.map((l) => l.seq)).toEqual([3, 4, 6]);
    t.tab = 'other';
    expect(t.shown.map((l) => l.seq)).toEqual([2, 4]);
    t.tab = 'all';
    expect(t.shown).toHaveLength(lines.length);
  });
});

describe('following the newest line', () => {
  test('new lines are followed while the reader is at the end', () => {
    const f = new FollowState();
    expect(f.arrived(2)).toBe(true);
    expect(f.unseen).toBe(0);
  });

  test('scrolled up, new lines are counted for the "new messages" button instead', () => {
    const f = new FollowState();
    f.scrolled(false);
    expect(f.arrived(1)).toBe(false);
    expect(f.arrived(2)).toBe(false);
    expect(f.unseen).toBe(3);
    f.jumped();
    expect(f.unseen).toBe(0);
    expect(f.arrived(1)).toBe(true);
  });

  test('scrolling back to the end clears the count; nothing arriving is nothing to follow', () => {
    const f = new FollowState();
    f.scrolled(false);
    f.arrived(4);
    f.scrolled(true);
    expect(f.unseen).toBe(0);
    expect(f.following).toBe(true);
    expect(f.arrived(0)).toBe(false);
  });
});

describe('the composer', () => {
  test('sends chat.send with target, channel and roll visibility', () => {
    const c = new ComposerState();
    expect(c.command()).toBeNull();
    c.text = '  1D100<=50 聞き耳 ';
    c.to = 's2';
    c.channel = 'other';
    c.visibility = 'gm';
    expect(c.command()).toEqual({ type: 'chat.send', to: { kind: 'seat', seat: 's2' }, channel: 'other', text: '1D100<=50 聞き耳', visibility: 'gm' });
    c.to = 'gm';
    expect(c.command()?.to).toEqual({ kind: 'gm' });
  });

  test('the visibility goes back to everyone after each sent line, unless pinned', () => {
    const c = new ComposerState();
    c.text = 'S2D6';
    c.visibility = 'self';
    c.sent();
    expect([c.text, c.visibility]).toEqual(['', 'public']);
    c.pinned = true;
    c.visibility = 'gm';
    c.text = '2D6';
    c.sent();
    expect([c.text, c.visibility]).toEqual(['', 'gm']);
  });

  test('a palette line fills the input; a target no longer offered falls back to everyone', () => {
    const c = new ComposerState();
    c.fill('CC<=60 目星');
    expect(c.text).toBe('CC<=60 目星');
    c.to = 's3';
    c.keepTarget(['all', 'gm', 's1', 's3']);
    expect(c.to).toBe('s3');
    c.keepTarget(['all', 's1']);
    expect(c.to).toBe('all');
  });
});
