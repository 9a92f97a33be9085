import { describe, expect, test } from 'vitest';
import { arcaneStarts, cellChoices, draftPlan, emptyDraft, modeChoices, planContext, plusChoices, problems, riderKinds, supportChoices } from './plan-draft.ts';
import { accepts, LANCER, masterSheet, RIN, room, SABER, seat, servantSheet, viewFor } from './test-room.ts';

const NP = { id: 'ex', name: 'Excalibur', npType: 'antiArmy' as const, mode: 'trueNameRelease' as const, hpDamage: 30, mpDamage: 0, mpCost: 50, cards: 1 };
// saber: STR C+ (its own +), an NP it cannot pay MP for; rin: combat, magic and fate specializations, 3 seals.
const state = room({
  saber: servantSheet({ stats: { str: 'C+', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, noblePhantasms: [NP], merit: 4 }),
  rin: masterSheet({ specializations: ['combat', 'magic', 'fate'], sealsLeft: 3, merit: 8 }),
});
const ctxOf = (s: string, id: string) => {
  const view = viewFor(state, seat(s));
  return planContext(view, view.battle!, view.characters.find((c) => c.id === id)!);
};
const saber = ctxOf('s1', SABER);
const rin = ctxOf('s3', RIN);

describe('slot pickers offer legal choices only (GW-BATTLE-10, MERIT-06, SPEC-01/02/04, SEAL-04, SUP-01)', () => {
  test.each([
    ['SEAL-04 an NP whose MP cost is out of reach is not offered: the boost is the master\'s, after the reveal', () => cellChoices(saber, emptyDraft(saber), 0).includes('np:ex'), false],
    ['SEAL-04 … and one the servant can pay is', () => cellChoices({ ...saber, mp: 100 }, emptyDraft(saber), 0).includes('np:ex'), true],
    ['SEAL-04 the servant\'s plan offers no boost rider on 보구', () => 'boost' in riderKinds(saber, 'np:ex'), false],
    ['MERIT-06 no + on a stat with its own + (STR C+ → 강타)', () => riderKinds(saber, 'smash').plus, false],
    ['MERIT-06 + on 반격 is offered', () => riderKinds(saber, 'counter').plus, true],
    ['MERIT-06 no + on 치명', () => riderKinds(saber, 'critical').plus, false],
    ['MERIT-01 batch activation offers only stats with their own +', () => plusChoices(saber), ['str']],
    ['SPEC-01 일격 필살 is offered to a combat master', () => cellChoices(rin, emptyDraft(rin), 0).includes('oneHitKill'), true],
    ['SPEC-01 일격 필살 only once per batch', () => {
      const d = emptyDraft(rin);
      d.picks[0] = 'oneHitKill';
      return cellChoices(rin, d, 1).includes('oneHitKill');
    }, false],
    ['SPEC-01 일격 필살 is never a servant choice', () => cellChoices(saber, emptyDraft(saber), 0).includes('oneHitKill'), false],
    ['SPEC-02 비전 마술 may start in slots 1–3', () => arcaneStarts(rin, emptyDraft(rin)), [0, 1, 2]],
    ['SPEC-04 명운 rides on 일반 only', () => [riderKinds(rin, 'normal:rush').fate, riderKinds(rin, 'oneHitKill').fate], [true, false]],
    ['SUP-01 a master supports with 일반 per aspect; no 마술 without spells', () => supportChoices(rin, emptyDraft(rin), 0), { physical: ['normal:smash', 'normal:counter', 'normal:rush'], magic: false }],
    ['SUP-01 support is a slot mode when an ally stands', () => modeChoices(saber, emptyDraft(saber), 0), ['play', 'support', 'withdraw']],
    ['SUP-01 a lone fighter cannot support', () => modeChoices(ctxOf('s2', LANCER), emptyDraft(ctxOf('s2', LANCER)), 0), ['play', 'withdraw']],
  ])('%s', (_name, run, expected) => {
    expect(run()).toEqual(expected);
  });

  test('MERIT-06 the merit budget is flagged: 4 merit buys two +, not three', () => {
    const d = emptyDraft(saber);
    for (const c of [0, 1, 2]) {
      d.picks[c] = 'counter';
      d.riders[c]!.plus = true;
    }
    expect(problems(saber, d)).toEqual(['merit']);
    d.riders[2]!.plus = false;
    expect(problems(saber, d)).toEqual([]);
  });

  test('every control yields a plan the engine accepts: servant + / support / withdraw', () => {
    const d = emptyDraft(saber);
    d.picks[1] = 'counter';
    d.riders[1]!.plus = true;
    d.modes[2] = 'support';
    d.support[2] = { ally: RIN, opponent: LANCER, mode: 'physical', card: 'rush' };
    d.modes[3] = 'withdraw';
    d.activatePlus = [];
    const plan = draftPlan(saber, d);
    expect(plan.slots[2]).toEqual({ type: 'support', ally: RIN, opponent: LANCER, mode: 'physical', card: 'rush' });
    expect(accepts(state, seat('s1'), { type: 'battle.submit', plan })).toBe('ok');
  });

  test('every control yields a plan the engine accepts: master 비전 마술, 명운, 일반 support', () => {
    const d = emptyDraft(rin);
    d.arcaneStart = 0;
    d.picks[3] = 'normal:rush';
    d.riders[3]!.fate = true;
    d.modes[4] = 'support';
    d.support[4] = { ally: SABER, opponent: LANCER, mode: 'physical', card: 'normal:counter' };
    const plan = draftPlan(rin, d);
    expect(plan.slots.slice(0, 3).map((s) => s.type === 'play' && s.vs[LANCER]!.card)).toEqual(['arcane', 'arcane', 'arcane']);
    expect(plan.slots[3]).toEqual({ type: 'play', vs: { [LANCER]: { card: 'normal', aspect: 'rush', fate: true } } });
    expect(problems(rin, d)).toEqual([]);
    expect(accepts(state, seat('s3'), { type: 'battle.submit', plan })).toBe('ok');
  });

  test('SPEC-02 + SPEC-01 together cost 8 merit, which rin has; 일격 필살 then still fits', () => {
    const d = emptyDraft(rin);
    d.arcaneStart = 0;
    d.picks[3] = 'oneHitKill';
    expect(problems(rin, d)).toEqual([]);
    expect(accepts(state, seat('s3'), { type: 'battle.submit', plan: draftPlan(rin, d) })).toBe('ok');
  });
});
