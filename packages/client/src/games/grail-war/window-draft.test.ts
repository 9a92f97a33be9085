import { describe, expect, test } from 'vitest';
import type { BatchPlan } from './model.ts';
import { judgmentOf } from './model.ts';
import { prebattleChoices } from './prebattle-choices.ts';
import { forcedSlots, swapCells, swapChoices, windowContext } from './window-draft.ts';
import { accepts, LANCER, masterSheet, RIN, room, run, SABER, seat, servantSheet, viewFor } from './test-room.ts';

const play = (card: string): BatchPlan['slots'][number] => ({ type: 'play', vs: { [LANCER]: judgmentOf(card) } });
const foe = (card: string): BatchPlan['slots'][number] => ({ type: 'play', vs: { [SABER]: judgmentOf(card), [RIN]: judgmentOf('wait') } });
const wait = (): BatchPlan['slots'][number] => ({ type: 'play', vs: { [LANCER]: { card: 'wait' } } });

/** Batch 1 revealed: saber (STR E: one 강타) plays 강타, 반격, 대기…; the seal window is open for rin. */
function windowRoom(options: Parameters<typeof room>[2] = {}) {
  let s = room({ saber: servantSheet({ stats: { str: 'E', end: 'C', agi: 'C', mag: 'E', luk: 'E', np: 'C' } }), rin: masterSheet({ sealsLeft: 2 }) }, true, options);
  const empty = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false };
  for (const v of ['s1', 's2', 's3']) s = run(s, seat(v), { type: 'battle.prepare', decl: empty });
  s = run(s, seat('s1'), { type: 'battle.submit', plan: { slots: [play('smash'), play('counter'), wait(), wait(), wait()], activatePlus: [] } });
  s = run(s, seat('s3'), { type: 'battle.submit', plan: { slots: [wait(), wait(), wait(), wait(), wait()], activatePlus: [] } });
  s = run(s, seat('s2'), { type: 'battle.submit', plan: { slots: [foe('smash'), foe('rush'), foe('wait'), foe('wait'), foe('wait')], activatePlus: [] } });
  const view = viewFor(s, seat('s3'));
  return { s, view, ctx: windowContext(view, view.battle!, view.characters.find((c) => c.id === RIN)!) };
}

describe('the seal window offers what the engine takes (GW-BATTLE-11, SEAL-05/07/08/10)', () => {
  const { s, view, ctx } = windowRoom();

  test('the window is open for rin, with 행동 제한, 강제 공격 and 절대 방어 under 001', () => {
    expect(view.battle!.phase).toBe('window');
    expect(ctx.servant).toBe(SABER);
    expect(ctx.seals).toEqual(['actionRestriction', 'forcedAttack', 'absoluteDefense']);
    expect(forcedSlots(ctx)).toEqual([1, 2, 3, 4, 5]);
  });

  test('SEAL-10 swaps never offer a card the pool cannot pay (the one 강타 is used in slot 1)', () => {
    expect(swapChoices(ctx, 2, LANCER)).not.toContain('smash');
    expect(swapChoices(ctx, 1, LANCER)).toContain('smash');
    expect(swapChoices(ctx, 2, LANCER)).toEqual(expect.arrayContaining(['counter', 'rush', 'critical']));
    expect(swapCells(ctx).map((c) => c.slot)).toEqual([1, 2, 3, 4, 5]);
  });

  test.each([
    ['SEAL-10 행동 제한 swap of slot 2 to 맹공', [{ seal: 'actionRestriction' as const, slot: 2, opponent: LANCER, judgment: judgmentOf('rush') }], 'ok'],
    ['SEAL-07 + SEAL-08 together', [{ seal: 'forcedAttack' as const, slot: 3 }, { seal: 'absoluteDefense' as const, slot: 1 }], 'ok'],
    ['a swap to a card the pool lacks is what the picker keeps out', [{ seal: 'actionRestriction' as const, slot: 2, opponent: LANCER, judgment: judgmentOf('smash') }], 'POOL_EMPTY'],
  ])('%s → %s', (_name, actions, expected) => {
    expect(accepts(s, seat('s3'), { type: 'battle.window', decl: { actions } })).toBe(expected);
  });

  test('SEAL-05/07 under 000 rules: the heal is offered, 강제 공격 only on slots with a 일반/기술 judgment', () => {
    const old = windowRoom({ sealRules: '000' });
    expect(old.ctx.seals).toContain('defenseStanceHeal');
    expect(forcedSlots(old.ctx)).toEqual([1, 2]);
    expect(accepts(old.s, seat('s3'), { type: 'battle.window', decl: { actions: [{ seal: 'forcedAttack', slot: 2, opponent: LANCER }] } })).toBe('ok');
  });
});

describe('the pre-battle form (GW-BATTLE-08, SPEC-05, ITEM-01, MERIT-01, CLASS-04)', () => {
  const s = room(
    {
      saber: servantSheet({ stats: { str: 'C', end: 'B+', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, lineage: 'guardian', merit: 2, consumables: { berserkerPotion: 1 } }),
      rin: masterSheet({ specializations: ['conviction'], sealsLeft: 2, consumables: { protectionPotion: 1 } }),
    },
    true,
  );
  const choices = (v: string, id: string) => {
    const view = viewFor(s, seat(v));
    return prebattleChoices(view, view.battle!, view.characters.find((c) => c.id === id)!);
  };

  test('each seat is offered only what its sheet allows', () => {
    expect(choices('s1', SABER)).toMatchObject({ convictionMax: 0, seals: [], consumables: ['berserkerPotion'], potionNeedsKind: true, plusStats: ['end'], guardian: true });
    expect(choices('s3', RIN)).toMatchObject({ convictionMax: 3, seals: ['attackStance', 'defenseStance', 'restoration'], sealsLeft: 2, consumables: ['protectionPotion'], plusStats: [], guardian: false });
    expect(choices('s2', LANCER)).toMatchObject({ seals: [], consumables: [], plusStats: [], guardian: false });
  });

  test('the declarations built from those choices are accepted', () => {
    const saber = { row: null, seals: [], conviction: 0, consumables: [{ item: 'berserkerPotion' as const, kind: 'rush' as const }], activatePlus: ['end' as const], guardian: true };
    const rin = { row: 'back' as const, seals: ['attackStance' as const, 'restoration' as const], conviction: 3, consumables: [{ item: 'protectionPotion' as const }], activatePlus: [], guardian: false };
    expect(accepts(s, seat('s1'), { type: 'battle.prepare', decl: saber })).toBe('ok');
    expect(accepts(s, seat('s3'), { type: 'battle.prepare', decl: rin })).toBe('ok');
  });

  test.each([
    ['GW-TRUST-03 trust +10 under the trust trial, its master fighting: offered, and accepted', 10, true, true],
    ['GW-TRUST-03 trust +9: not offered', 9, true, false],
    ['GW-TRUST-03 the trust trial off: not offered', 10, false, false],
  ])('%s', (_name, trust, trustRule, offered) => {
    const t = room({}, true, { trustRule });
    t.characters[SABER]!.trust = trust;
    const view = viewFor(t, seat('s1'));
    expect(prebattleChoices(view, view.battle!, view.characters.find((c) => c.id === SABER)!).shieldMaster).toBe(offered);
    const decl = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false, shieldMaster: true };
    expect(accepts(t, seat('s1'), { type: 'battle.prepare', decl }) === 'ok').toBe(offered);
  });
});
