import { describe, expect, test } from 'vitest';
import { d6View } from '@veiltable/protocol';
import { dungeon2d6 } from './index.ts';
import { GM, seat, SPECTATOR, TestTable } from './test-table.ts';

describe('seats', () => {
  test('the GM adds seats s1, s2 …; everyone sees their names; a player may not add one', () => {
    const t = new TestTable();
    t.do({ type: 'seat.add', name: 'Aki' });
    expect(t.events).toEqual([{ type: 'seat.added', audience: { to: 'all' }, data: { seat: 's1', name: 'Aki' } }]);
    t.do({ type: 'seat.add', name: 'Bea' });
    expect(t.fail({ type: 'seat.add', name: 'Cid' }, seat(1)).code).toBe('NOT_GM');
    for (const viewer of [GM, seat(2), SPECTATOR]) {
      expect(d6View.parse(dungeon2d6.view(t.state, viewer)).seats).toEqual([{ id: 's1', name: 'Aki' }, { id: 's2', name: 'Bea' }]);
    }
  });
});

describe('timers (D6-WIN-11, D6-WIN-13)', () => {
  const timers = (t: TestTable) => dungeon2d6.timers!(t.state).map((x) => [x.key, x.seconds, x.command]);

  function tableWithCheck(options: Record<string, number>): TestTable {
    const t = new TestTable();
    t.do({ type: 'options.set', options });
    t.zone('Hall');
    t.add('Rin');
    t.add('Ogre', { controller: 'enemy', side: 'enemies' });
    return t;
  }

  test('no timers without a table timeout', () => {
    const t = tableWithCheck({ windowTimeoutSeconds: 0 });
    t.do({ type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI' } }, seat(1));
    expect(t.openWindow('concentration')).toBeDefined();
    expect(timers(t)).toEqual([]);
  });

  test('every open window gets the table timeout; a closed one drops out', () => {
    const t = tableWithCheck({ windowTimeoutSeconds: 20 });
    t.do({ type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI' } }, seat(1));
    const w = t.openWindow('concentration')!;
    expect(timers(t)).toEqual([[`timeout:${w}`, 20, { type: 'window.timeout', window: w }]]);
    t.do({ type: 'window.timeout', window: w });
    expect(timers(t)).toEqual([]);
  });

  test('the active side’s minimum span is listed until the server reports it elapsed', () => {
    const t = tableWithCheck({ activeWindowMinSeconds: 3 });
    t.do({ type: 'opposed.start', active: { character: 'ch1', kind: 'action', ability: 'AGI' }, passive: { character: 'ch2', ability: 'AGI' } }, seat(1));
    const w = t.openWindow('concentration')!;
    expect(timers(t)).toEqual([[`min:${w}`, 3, { type: 'window.min-elapsed', window: w }]]);
    t.do({ type: 'window.min-elapsed', window: w });
    expect(timers(t)).toEqual([]);
  });
});

describe('parseCommand', () => {
  test('takes this game’s commands and refuses another game’s', () => {
    const parsed = dungeon2d6.parseCommand!({ type: 'window.pass', window: 'w1', character: 'ch1' });
    expect(parsed).toEqual({ ok: true, value: { type: 'window.pass', window: 'w1', character: 'ch1' } });
    const foreign = dungeon2d6.parseCommand!({ type: 'deck.shuffle' });
    expect(foreign.ok ? 'accepted' : foreign.error.code).toBe('UNKNOWN_COMMAND');
  });
});
