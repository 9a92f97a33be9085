import { describe, expect, test } from 'vitest';
import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { viewEvent } from '../../kernel/events.ts';
import type { CotEvent } from './state.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, VIEWERS, body, character, facingClub, refusal, run, setupInput } from './test-support.ts';
import { view } from './view.ts';

/** Antidotes (T-TRADE 毒消し) as the party's items: gained by the GM's trade, held, used against one poison, used up. */

type Doses = { antidoteThorns?: number; antidoteGas?: number };

const gain = (s: CotState, doses: Doses): CotState => run(s, { type: 'cot.gm.adjust', party: doses }).state;
const antidote = (id: string): CotCommand => ({ type: 'cot.obs.antidote', character: id });
const used = (events: CotEvent[]) => events.map(body).flatMap((e) => (e.type === 'cot.note' && e.key === 'obstacle.antidote' ? [e.params] : []));
const poisons = (s: CotState) => {
  if (s.phase.kind !== 'event' || s.phase.step?.kind !== 'obstacleCleared') throw new Error(`not past an obstacle: ${JSON.stringify(s.phase).slice(0, 120)}`);
  return s.phase.step.poisons;
};

/** Through the poison thorns (♣5) with a progress of 1 left: POT 1, 2 and 1 (ch1's limb AP 2 takes 2 off its 3). */
function pastThorns(doses: Doses): CotState {
  let s = gain(facingClub(5), doses);
  character(s, 'ch1').skills.plantLore = 50;
  character(s, 'ch1').limbAp = 2;
  const rolls = [{ character: 'ch1', skill: 'plantLore' }, { character: 'ch2', skill: 'plantLore', fail: true }, { character: 'ch3', skill: 'plantLore', fail: true }];
  s = run(s, { type: 'cot.obs.attempt', rolls }, GM, [5]).state;
  return run(s, { type: 'cot.obs.thornsPush' }, P1, [3, 2, 1]).state;
}

/** Through toxic gas (♣3), the GM's CON multiplier 3 and no 〈鉱物知識〉 SD: POT 3 + each character's [荷重]. */
function pastGas(doses: Doses): CotState {
  let s = gain(run(facingClub(3), { type: 'cot.obs.value', value: 3 }).state, doses);
  character(s, 'ch2').skills.mineralLore = 50;
  s = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'mineralLore' }] }, GM, [90]).state;
  return s;
}

describe('antidotes against the obstacles\' poisons (T-TRADE 毒消し, T-OBS ♣3 ♣5)', () => {
  test('T-TRADE 毒消し the GM\'s trade gives the party doses, which every viewer sees like the party\'s other items', () => {
    const s = gain(facingClub(5), { antidoteThorns: 2, antidoteGas: 1 });
    expect(s.party).toMatchObject({ antidoteThorns: 2, antidoteGas: 1 });
    for (const v of VIEWERS) expect(view(s, v).party).toMatchObject({ antidoteThorns: 2, antidoteGas: 1 });
  });

  test('T-OBS ♣5 the thorns\' POT waits past the obstacle for an antidote; a POT of 0 is no poison', () => {
    const characters = setupInput().characters.map((c, i) => (i === 2 ? { ...c, limbAp: 9 } : c));
    let s = facingClub(5, { characters });
    const rolls = ['ch1', 'ch2', 'ch3'].map((id) => ({ character: id, skill: 'plantLore', fail: true }));
    s = run(s, { type: 'cot.obs.attempt', rolls }).state;
    s = run(s, { type: 'cot.obs.thornsPay', character: 'ch1' }, P1).state;
    s = run(s, { type: 'cot.obs.thornsPay', character: 'ch2' }, P2).state;
    s = run(s, { type: 'cot.obs.thornsPush' }, P1, [3, 2, 1]).state;
    expect(poisons(s)).toEqual([
      { character: 'ch1', poison: 'thorns', pot: 3 },
      { character: 'ch2', poison: 'thorns', pot: 2 },
    ]);
  });

  test('T-TRADE 毒消し(茨) cancels the thorns\' POT of the character who takes it, and is used up', () => {
    const out = run(pastThorns({ antidoteThorns: 1 }), antidote('ch2'), P2);
    expect(out.state.party.antidoteThorns).toBe(0);
    expect(poisons(out.state)).toEqual([
      { character: 'ch1', poison: 'thorns', pot: 1 },
      { character: 'ch3', poison: 'thorns', pot: 1 },
    ]);
    expect(used(out.events)).toEqual([{ character: 'ch2', poison: 'thorns', pot: 2, left: 0 }]);
    for (const v of VIEWERS) expect(viewEvent(out.events[0]!, v)).toMatchObject({ type: 'cot.note', key: 'obstacle.antidote' });
    expect(refusal(out.state, antidote('ch1'), P1)).toEqual({ code: 'NO_ANTIDOTE', rule: 'COT-OBS-04' });
  });

  test('T-TRADE 毒消し(ガス) cancels toxic gas\'s POT', () => {
    const s = pastGas({ antidoteGas: 2 });
    expect(poisons(s).map((p) => [p.character, p.poison])).toEqual([['ch1', 'gas'], ['ch2', 'gas'], ['ch3', 'gas']]);
    const out = run(s, antidote('ch1'));
    expect(out.state.party.antidoteGas).toBe(1);
    expect(poisons(out.state).map((p) => p.character)).toEqual(['ch2', 'ch3']);
  });

  test('T-TRADE 毒消し what the antidotes leave is the GM\'s once the party goes on', () => {
    const s = run(pastThorns({ antidoteThorns: 3 }), antidote('ch1'), P1).state;
    const on = run(s, { type: 'cot.obs.done' }, P1).state;
    expect(on.party.antidoteThorns).toBe(2);
    expect(refusal(on, antidote('ch2'), P2)).toEqual({ code: 'NOT_YOUR_PHASE', rule: 'COT-OBS-04' });
  });

  test.each([
    ['T-TRADE 毒消し none left: refused', () => pastThorns({}), antidote('ch1'), P1, 'NO_ANTIDOTE'],
    ['T-TRADE 毒消し the gas antidote does not cancel the thorns', () => pastThorns({ antidoteGas: 1 }), antidote('ch1'), P1, 'NO_ANTIDOTE'],
    ['T-TRADE 毒消し the thorns\' antidote does not cancel the gas', () => pastGas({ antidoteThorns: 1 }), antidote('ch1'), P1, 'NO_ANTIDOTE'],
    ['T-TRADE 毒消し one poison takes one dose: a second is refused', () => run(pastThorns({ antidoteThorns: 2 }), antidote('ch1'), P1).state, antidote('ch1'), P1, 'NOT_POISONED'],
    ['T-TRADE 毒消し a player gives it only to their own character', () => pastThorns({ antidoteThorns: 1 }), antidote('ch2'), P1, 'NOT_YOUR_CHARACTER'],
    ['T-TRADE 毒消し an obstacle without poison leaves nothing to cancel', () => run(gain(facingClub(6), { antidoteThorns: 1 }), { type: 'cot.obs.rule', passed: true }).state, antidote('ch1'), P1, 'NOT_POISONED'],
    ['T-TRADE 毒消し not while the obstacle is still in the way', () => gain(facingClub(5), { antidoteThorns: 1 }), antidote('ch1'), P1, 'NOT_YOUR_PHASE'],
  ] as const)('%s', (_name, state, command, actor, code) => {
    expect(refusal(state(), command, actor).code).toBe(code);
  });
});
