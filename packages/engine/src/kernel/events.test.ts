import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { EVERYONE, GM_ONLY, perViewer, seatsAndGm, toAudience, toEveryone, viewEvent } from './events.ts';

const gm: Viewer = { role: 'gm' };
const spectator: Viewer = { role: 'spectator' };
const seat = (s: string): Viewer => ({ role: 'player', seat: s });
const viewers: [string, Viewer][] = [['gm', gm], ['spectator', spectator], ['s1', seat('s1')], ['s2', seat('s2')], ['s9 (added later)', seat('s9')]];

describe('the event envelope', () => {
  test('toEveryone: every viewer reads the same', () => {
    const e = toEveryone({ type: 'x', n: 1 });
    for (const [, v] of viewers) expect(viewEvent(e, v)).toEqual({ type: 'x', n: 1 });
  });

  test('toAudience: the audience reads the whole, everyone else the public part or nothing', () => {
    const secret = { type: 'roll', total: 7 };
    const hidden = { type: 'roll' };
    const withOthers = toAudience(seatsAndGm(['s1']), secret, hidden);
    const without = toAudience(GM_ONLY, secret);
    expect(viewers.map(([, v]) => viewEvent(withOthers, v))).toEqual([secret, hidden, secret, hidden, hidden]);
    expect(viewers.map(([, v]) => viewEvent(without, v))).toEqual([secret, null, null, null, null]);
  });

  test('nobody is in an audience unless named: a whisper between seats leaves the GM out', () => {
    const e = toAudience({ seats: ['s1', 's2'] }, { type: 'chat', text: 'psst' });
    expect(viewers.map(([, v]) => viewEvent(e, v) !== null)).toEqual([false, false, true, true, false]);
  });

  test('perViewer: each viewer reads what the function said for it, seats added later what a stranger seat read', () => {
    const read = (v: Viewer) => (v.role === 'gm' ? { type: 'hp', hp: 9 } : v.role === 'player' && v.seat === 's1' ? { type: 'hp', hp: 9, own: true } : v.role === 'player' && v.seat === 's2' ? null : { type: 'hp' });
    const e = perViewer('hp', ['s1', 's2', 's3'], read);
    for (const [, v] of [...viewers, ['s3', seat('s3')] as [string, Viewer]]) expect(viewEvent(e, v)).toEqual(read(v.role === 'player' && !['s1', 's2', 's3'].includes(v.seat) ? seat('s0') : v));
    // s3 reads what a later seat reads, so it needs no list of its own; s2 reads nothing although later seats read something.
    expect(e.parts.flatMap((p) => p.to.seats ?? [])).toEqual(['s1', 's2']);
    expect(e.parts.at(-1)?.to.anySeat).toBe(true);
  });

  test('perViewer: viewers who read the same share one part', () => {
    const e = perViewer('x', ['s1', 's2'], () => ({ type: 'x' }));
    expect(e.parts).toEqual([{ to: EVERYONE, seen: { type: 'x' } }]);
  });

  test('perViewer: nothing for anyone is an event with no parts', () => {
    expect(perViewer('x', ['s1'], () => null).parts).toEqual([]);
  });
});
