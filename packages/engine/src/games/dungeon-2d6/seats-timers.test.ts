import { describe, expect, test } from 'vitest';
import { d6View } from '@veiltable/protocol/games/dungeon-2d6';
import { toEveryone } from '../../kernel/events.ts';
import { dungeon2d6 } from './index.ts';
import { GM, seat, SPECTATOR, TABLE_START, TestTable } from './test-table.ts';

describe('seats', () => {
  test('the GM adds seats s1, s2 …; everyone sees their names; a player may not add one', () => {
    const t = new TestTable();
    t.do({ type: 'seat.add', name: 'Aki' });
    expect(t.raw).toEqual([toEveryone({ type: 'seat.added', data: { seat: 's1', name: 'Aki' } })]);
    t.do({ type: 'seat.add', name: 'Bea' });
    expect(t.fail({ type: 'seat.add', name: 'Cid' }, seat(1)).code).toBe('NOT_GM');
    for (const viewer of [GM, seat(2), SPECTATOR]) {
      expect(d6View.parse(dungeon2d6.view(t.state, viewer)).seats).toEqual([{ id: 's1', name: 'Aki' }, { id: 's2', name: 'Bea' }]);
    }
  });
});

describe('timers (D6-WIN-11, D6-WIN-13)', () => {
  const timers = (t: TestTable) => dungeon2d6.timers!(t.state).map((x) => [x.key, x.deadline, x.command]);
  const roll = { type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI' } };

  function tableWithCheck(options: Record<string, number>): TestTable {
    const t = new TestTable();
    t.do({ type: 'options.set', options });
    t.zone('Hall');
    t.add('Rin');
    t.add('Ogre', { controller: 'enemy', side: 'enemies' });
    return t;
  }

  test('D6-WIN-11 no timers without a table timeout', () => {
    const t = tableWithCheck({ windowTimeoutSeconds: 0 });
    t.do(roll, seat(1));
    const w = t.openWindow('concentration')!;
    expect(t.state.windows[w]!.deadline).toBeNull();
    expect(timers(t)).toEqual([]);
  });

  test('D6-WIN-11 an open window is due at the opening command’s time plus the table timeout; a closed one drops out', () => {
    const t = tableWithCheck({ windowTimeoutSeconds: 20 });
    t.at = TABLE_START + 7_000;
    t.do(roll, seat(1));
    const w = t.openWindow('concentration')!;
    expect(timers(t)).toEqual([[`timeout:${w}`, TABLE_START + 27_000, { type: 'window.timeout', window: w }]]);
    t.at += 20_000;
    t.do({ type: 'window.timeout', window: w });
    expect(timers(t)).toEqual([]);
  });

  test('D6-WIN-11 the deadline is fixed when the window opens: later commands and a new table timeout leave it', () => {
    const t = tableWithCheck({ windowTimeoutSeconds: 20 });
    t.do(roll, seat(1));
    const w = t.openWindow('concentration')!;
    t.at += 15_000;
    t.do({ type: 'options.set', options: { windowTimeoutSeconds: 90 } });
    t.do({ type: 'gm.spirit-note', text: 'a draught' });
    expect(t.state.windows[w]!.deadline).toBe(TABLE_START + 20_000);
    t.do(roll, seat(1));
    expect(t.state.windows[t.openWindow('concentration')!]!.deadline).toBe(TABLE_START + 15_000 + 90_000);
  });

  test('D6-WIN-11 replaying the same commands at the same times rebuilds the same deadlines', () => {
    const play = (opened: number) => {
      const t = tableWithCheck({ windowTimeoutSeconds: 30 });
      t.at = opened;
      t.do(roll, seat(1));
      return t.state;
    };
    expect(play(TABLE_START + 5_000)).toEqual(play(TABLE_START + 5_000));
    expect(Object.values(play(TABLE_START + 6_000).windows)[0]!.deadline).toBe(TABLE_START + 36_000);
  });

  test('D6-WIN-13 the active side’s minimum span ends at its own time and is listed until the server reports it', () => {
    const t = tableWithCheck({ activeWindowMinSeconds: 3 });
    t.do({ type: 'opposed.start', active: { character: 'ch1', kind: 'action', ability: 'AGI' }, passive: { character: 'ch2', ability: 'AGI' } }, seat(1));
    const w = t.openWindow('concentration')!;
    expect(timers(t)).toEqual([[`min:${w}`, TABLE_START + 3_000, { type: 'window.min-elapsed', window: w }]]);
    t.do({ type: 'window.min-elapsed', window: w });
    expect(t.state.windows[w]!.minSpanEnds).toBeNull();
    expect(timers(t)).toEqual([]);
  });

  test.each([
    ['D6-WIN-11 the GM sees the deadline', GM, true],
    ['D6-WIN-11 the seat whose character may act sees the deadline', seat(1), true],
    ['D6-WIN-11 another seat is not given the deadline', seat(2), false],
    ['D6-WIN-11 a spectator is not given the deadline', SPECTATOR, false],
  ] as const)('%s', (_name, viewer, sees) => {
    const t = tableWithCheck({ windowTimeoutSeconds: 20, activeWindowMinSeconds: 3 });
    t.add('Sol', { owner: 2 });
    t.do({ type: 'opposed.start', active: { character: 'ch1', kind: 'action', ability: 'AGI' }, passive: { character: 'ch2', ability: 'AGI' } }, seat(1));
    const w = t.openWindow('concentration')!;
    const shown = d6View.parse(dungeon2d6.view(t.state, viewer)).windows.find((x) => x.id === w)!;
    expect(shown.status).toBe('open');
    if (sees) expect(shown).toMatchObject({ deadline: TABLE_START + 20_000, minSpanEnds: TABLE_START + 3_000 });
    else {
      expect(shown).not.toHaveProperty('deadline');
      expect(shown).not.toHaveProperty('minSpanEnds');
    }
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
