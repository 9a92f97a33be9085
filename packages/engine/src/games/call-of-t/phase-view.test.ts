import { describe, expect, test } from 'vitest';
import type { CotState } from './state.ts';
import { GM, P1, VIEWERS, body, refusal, run, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/** The party waits on the gate C5 under a face-up card of this suit and rank, whose event step then waits. */
function facing(suit: 'C' | 'H', rank: number): CotState {
  const s = toDecision(started());
  stack(s, 'C5', suit, rank, true);
  return run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
}

const rolls = (skill: string) => ['ch1', 'ch2', 'ch3'].map((character) => ({ character, skill }));

describe('the rule-table row of an event step, in everyone\'s view', () => {
  test.each([
    ['COT-OBS-02 T-OBS ♣4 maze path: Map Making or INT×3', 4, ['mapMaking', 'int*3'], true],
    ['COT-OBS-02 T-OBS ♣6 cliff: Climb', 6, ['climb'], false],
    ['COT-OBS-02 T-OBS ♣7 bottomless bog: Track', 7, ['track'], false],
    ['COT-OBS-02 T-OBS ♣8 crumbling path: Earthworks or STR×3', 8, ['earthworks', 'str*3'], true],
    ['COT-OBS-02 T-OBS ♣9 crevasse: Jump', 9, ['jump'], false],
    ['COT-OBS-02 T-OBS ♣10 deep fog: See', 10, ['see'], true],
    ['COT-OBS-02 T-OBS ♣J river crossing: Swim', 11, ['swim'], false],
    ['COT-OBS-02 T-OBS ♣Q old boat: Boat', 12, ['boat'], false],
  ] as const)('%s; any other skill is refused', (_name, rank, skills, simultaneous) => {
    const s = facing('C', rank);
    for (const v of VIEWERS) expect(view(s, v).phase).toMatchObject({ step: 'obstacle', detail: { strength: rank, skills: [...skills], simultaneous } });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: rolls('listen') }, GM)).toEqual({ code: 'WRONG_SKILL', rule: 'COT-OBS-02' });
    const out = run(s, { type: 'cot.obs.attempt', rolls: rolls(skills.at(-1)!) }, GM, [70, 70, 70]);
    const checks = out.events.map(body).flatMap((e) => (e.type === 'cot.check' ? [e.purpose] : []));
    expect(checks).toEqual(['ch1', 'ch2', 'ch3'].map(() => `obstacle.${skills.at(-1)}`));
  });

  test.each([
    ['COT-INT-04 T-INT ♥4 Durulz ferryman: 移動(2)', 4, { counterpart: 'durulzFerryman', effects: ['move'], move: 2 }],
    ['COT-INT-04 T-INT ♥J Sartarite explorers: 移動(1) among five effects', 11, { counterpart: 'sartariteExplorers', effects: ['scout', 'reinforce', 'defend', 'trade', 'move'], move: 1 }],
    ['COT-INT-01 T-INT ♥7 hidden village: lodging, no move', 7, { counterpart: 'hiddenVillage', effects: ['lodging'], move: 0 }],
    ['COT-INT-01 the ♥A has no row (Q1): the GM rules it', 1, { counterpart: null, effects: null, move: null }],
  ] as const)('%s', (_name, rank, row) => {
    const s = facing('H', rank);
    for (const v of VIEWERS) expect(view(s, v).phase).toMatchObject({ step: 'interaction', detail: row });
  });

  test('COT-HID-01 the row is public: a player reads the same detail as the GM', () => {
    const s = facing('C', 10);
    expect(view(s, P1).phase).toEqual(view(s, GM).phase);
  });
});
