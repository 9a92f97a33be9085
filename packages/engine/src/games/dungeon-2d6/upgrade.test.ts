import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { d6View } from '@veiltable/protocol/games/dungeon-2d6';
import { upgradeContract } from '../../kernel/upgrade-contract.ts';
import { dungeon2d6 } from './index.ts';
import type { D6State } from './state.ts';
import { GM, seat, SPECTATOR, TABLE_START, TestTable } from './test-table.ts';

/**
 * A snapshot saved by the version whose windows held flags instead of times (protocol 1, commit 1072ce3): table
 * timeout 45 s, active side's minimum 5 s; Rin's search check rolled and resolved (w1, closed), then Rin's opposed
 * action against the Ogre started (w2, open, minimum span pending).
 */
const saved = (): unknown => JSON.parse(readFileSync(new URL('./fixtures/protocol-1-windows.json', import.meta.url), 'utf8'));

/** When the room loads it: an hour after the table's clock started. */
const LOADED = TABLE_START + 3_600_000;

const upgrade = (state: unknown, at = LOADED): D6State => dungeon2d6.upgrade!(state, at);

function tableFrom(state: D6State, at: number): TestTable {
  const t = new TestTable();
  t.state = state;
  t.at = at;
  return t;
}

describe('states saved before windows held their deadlines (D6-WIN-11, D6-WIN-13)', () => {
  test('an open window is due the table’s spans after the load; a closed one keeps no times; the flags are gone', () => {
    const { windows } = upgrade(saved());
    expect(windows.w1).toEqual({ id: 'w1', kind: 'concentration', eligible: ['ch1'], passed: [], status: 'closed', closedBy: 'rule', deadline: null, minSpanEnds: null });
    expect(windows.w2).toEqual({ id: 'w2', kind: 'concentration', eligible: ['ch1'], passed: [], status: 'open', deadline: LOADED + 45_000, minSpanEnds: LOADED + 5_000 });
  });

  test('D6-BASE-01 a check saved waiting for the GM without a target stands as its total', () => {
    const { checks } = upgrade(saved());
    expect(checks.k1!.outcome).toBe('success');
    expect(checks.k2).toMatchObject({ outcome: 'total', resolved: false, opposed: 'o1' });
  });

  test('the server is given both of the open window’s timers at those times', () => {
    expect(dungeon2d6.timers!(upgrade(saved())).map((x) => [x.key, x.deadline, x.command])).toEqual([
      ['timeout:w2', LOADED + 45_000, { type: 'window.timeout', window: 'w2' }],
      ['min:w2', LOADED + 5_000, { type: 'window.min-elapsed', window: 'w2' }],
    ]);
  });

  test('a table whose timeout was turned off since gets no deadline: the earlier server armed no timer then', () => {
    const old = saved() as { options: Record<string, unknown> };
    old.options.windowTimeoutSeconds = 0;
    expect(upgrade(old).windows.w2).toMatchObject({ deadline: null, minSpanEnds: LOADED + 5_000 });
  });

  test('the rule event waits for the minimum span, then the game goes on', () => {
    const t = tableFrom(upgrade(saved()), LOADED + 1_000);
    expect(t.fail({ type: 'opposed.roll-passive', opposed: 'o1' }).code).toBe('WINDOW_MIN_SPAN');
    t.at = LOADED + 5_000;
    t.do({ type: 'window.min-elapsed', window: 'w2' });
    t.do({ type: 'opposed.roll-passive', opposed: 'o1' });
    expect(t.state.windows.w2).toMatchObject({ status: 'closed', closedBy: 'rule' });
  });

  test('the server’s timeout closes the window at its deadline', () => {
    const t = tableFrom(upgrade(saved()), LOADED + 45_000);
    t.do({ type: 'window.timeout', window: 'w2' });
    expect(t.state.windows.w2).toMatchObject({ status: 'closed', closedBy: 'timeout' });
    expect(dungeon2d6.timers!(t.state)).toEqual([]);
  });

  test.each([
    ['the GM', GM],
    ['the seat of the acting character', seat(1)],
    ['a spectator', SPECTATOR],
  ])('the upgraded state gives %s a view the protocol accepts', (_name, viewer) => {
    expect(d6View.safeParse(dungeon2d6.view(upgrade(saved()), viewer)).success).toBe(true);
  });
});

upgradeContract({
  game: dungeon2d6,
  saved: () => [saved()],
  current: () => {
    const t = new TestTable();
    t.do({ type: 'options.set', options: { windowTimeoutSeconds: 20 } });
    t.do({ type: 'seat.add', name: 'Aki' });
    t.do({ type: 'zone.add', name: 'Hall' });
    t.add('Rin');
    t.do({ type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI' } }, seat(1));
    return [t.state];
  },
  at: LOADED,
});
