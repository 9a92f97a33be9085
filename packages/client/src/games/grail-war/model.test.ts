import { describe, expect, test } from 'vitest';
import { allChoices, judgmentOf, legalChoices, planOf, remaining } from './model.ts';

const pool = { smash: 1, counter: 2, magecraft: 1, defense: 0, 'np:ea': 1 };

describe('the phone’s slot picker (GW-BATTLE-07, GW-BATTLE-10)', () => {
  test.each([
    ['every key with cards, 마술 once per aspect, 대기 first', () => allChoices(pool), ['wait', 'smash', 'counter', 'magecraft:smash', 'magecraft:counter', 'magecraft:rush', 'np:ea']],
    ['a key used up elsewhere is not offered', () => legalChoices(pool, ['smash', 'wait', 'wait'], 1), ['wait', 'counter', 'magecraft:smash', 'magecraft:counter', 'magecraft:rush', 'np:ea']],
    ['the cell’s own pick stays legal', () => legalChoices(pool, ['smash', 'wait'], 0), allChoices(pool)],
    ['under SEAL-03 001 nothing is used up', () => legalChoices(pool, ['smash', 'wait'], 1, true), allChoices(pool)],
  ])('%s', (_name, run, expected) => {
    expect(run()).toEqual(expected);
  });

  test('remaining counts what the picks take; judgments and plans have the wire shape', () => {
    expect(remaining(pool, ['counter', 'magecraft:rush', 'wait'])).toMatchObject({ counter: 1, magecraft: 0, smash: 1 });
    expect(judgmentOf('magecraft:rush')).toEqual({ card: 'magecraft', aspect: 'rush' });
    expect(judgmentOf('np:ea')).toEqual({ card: 'np', np: 'ea' });
    const plan = planOf(['b', 'c'], ['smash', 'wait', 'counter']);
    expect(plan.slots).toHaveLength(5);
    expect(plan.slots[0]).toEqual({ type: 'play', vs: { b: { card: 'smash' }, c: { card: 'wait' } } });
    expect(plan.slots[1]).toEqual({ type: 'play', vs: { b: { card: 'counter' }, c: { card: 'wait' } } });
    expect(planOf([], []).slots[4]).toEqual({ type: 'play', vs: {} });
  });
});
