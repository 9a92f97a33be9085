import { describe, expect, test } from 'vitest';
import type { CotEvent } from './state.ts';
import type { CotState } from './state.ts';
import { labyrinthRequirement } from './tables.ts';
import { GM, P1, P2, body, character, facingClub, refusal, run, setupInput, square, stack, started, toDecision } from './test-support.ts';

/** The T-OBS rows the engine plays past the plain SD count: readings of ♣2/3/5/K, the rope, ENC, the boat, dust, bonus. */

const notes = (events: CotEvent[], key: string) => events.map(body).flatMap((e) => (e.type === 'cot.note' && e.key === key ? [e.params] : []));
const outcomes = (events: CotEvent[], outcome: string) =>
  events.map(body).flatMap((e) => (e.type === 'cot.step' && e.outcome === outcome ? [e.params] : []));
const chances = (events: CotEvent[]) => events.map(body).flatMap((e) => (e.type === 'cot.check' ? [e.chance] : []));
const obstacle = (s: CotState) => {
  if (s.phase.kind !== 'event' || s.phase.step?.kind !== 'obstacle') throw new Error(`no obstacle: ${JSON.stringify(s.phase).slice(0, 120)}`);
  return s.phase.step;
};
const supplies = (fairyDust: number, ropes = true) => ({ party: { food: 5, money: 100, sleds: 1, ropes, fairyDust } });

describe('♣2 trap (T-OBS, COT-OBS-04)', () => {
  test('T-OBS ♣2 a search total above 0 finds it; one disarm at + search SD × 20% clears it', () => {
    let s = facingClub(2);
    expect(obstacle(s)).toMatchObject({ stage: 'roll', required: 1 });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'repair' }] }).code).toBe('WRONG_SKILL');
    const search = [{ character: 'ch1', skill: 'search' }, { character: 'ch2', skill: 'search' }, { character: 'ch3', skill: 'search', fail: true }];
    s = run(s, { type: 'cot.obs.attempt', rolls: search }, GM, [5, 70]).state;
    expect(obstacle(s)).toMatchObject({ stage: 'disarm', total: 2, bonus: 40 });
    const two = [{ character: 'ch1', skill: 'repair' }, { character: 'ch2', skill: 'trapMaking' }];
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: two }).code).toBe('ONE_ROLL');
    const out = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'repair' }] }, GM, [30]);
    expect(chances(out.events)).toEqual([40]);
    expect(out.state.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 2 } });
  });

  test('T-OBS ♣2 a search total of 0 sets it off: its D6 kind is told and the GM settles it', () => {
    const rolls = ['ch1', 'ch2', 'ch3'].map((character) => ({ character, skill: 'search' }));
    const out = run(facingClub(2), { type: 'cot.obs.attempt', rolls }, GM, [70, 70, 70, 4]);
    expect(notes(out.events, 'obstacle.trap')).toEqual([{ d6: 4, trap: 'poisonDarts' }]);
    expect(obstacle(out.state)).toMatchObject({ stage: 'sprung', trap: 4 });
    expect(refusal(out.state, { type: 'cot.obs.attempt', rolls }).code).toBe('WAITS_FOR_GM');
    expect(square(run(out.state, { type: 'cot.obs.rule', passed: true }).state, 'C5').stack[0]!.tapped).toBe(true);
  });

  test('T-OBS ♣2 a failed disarm sets it off', () => {
    const found = run(facingClub(2), { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'search' }] }, GM, [30]).state;
    const out = run(found, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'trapMaking' }] }, GM, [90, 6]);
    expect(obstacle(out.state)).toMatchObject({ stage: 'sprung', trap: 6 });
    expect(notes(out.events, 'obstacle.trap')).toEqual([{ d6: 6, trap: 'enemyAttack' }]);
  });
});

describe('♣3 toxic gas and ♣K magic labyrinth: the GM\'s number first (COT-OBS-04)', () => {
  test('T-OBS ♣3 POT = the GM\'s CON multiplier + the character\'s [荷重] − the best 〈鉱物知識〉 SD', () => {
    const characters = setupInput().characters;
    characters[0] = { ...characters[0]!, moveLoad: 12 + 14 + 3 };
    let s = facingClub(3, { characters });
    expect(obstacle(s).stage).toBe('value');
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'mineralLore' }] }).code).toBe('WAITS_FOR_GM');
    expect(refusal(s, { type: 'cot.obs.value', value: 5 }, P1).code).toBe('NOT_GM');
    s = run(s, { type: 'cot.obs.value', value: 5 }).state;
    character(s, 'ch2').skills.mineralLore = 50;
    const out = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'mineralLore' }] }, GM, [5]);
    expect(notes(out.events, 'obstacle.gas')).toEqual([
      { character: 'ch1', pot: 4 },
      { character: 'ch2', pot: 3 },
      { character: 'ch3', pot: 3 },
    ]);
    expect(square(out.state, 'C5').stack[0]!.tapped).toBe(true);
  });

  test.each([
    ['T-OBS ♣K a POW total of −1 or less needs SD 3', -1, 3],
    ['T-OBS ♣K 0 needs SD 2', 0, 2],
    ['T-OBS ♣K 9 needs SD 2', 9, 2],
    ['T-OBS ♣K 10 needs SD 1', 10, 1],
    ['T-OBS ♣K 19 needs SD 1', 19, 1],
    ['T-OBS ♣K 20 or more needs nothing', 20, 0],
  ])('%s', (_name, total, required) => {
    expect(labyrinthRequirement(total)).toBe(required);
  });

  test('T-OBS ♣K the GM\'s POW total sets the SD; 〈浄化〉 adds up over attempts', () => {
    let s = run(facingClub(13), { type: 'cot.obs.value', value: 12 }).state;
    expect(obstacle(s)).toMatchObject({ stage: 'roll', required: 1, value: 12 });
    character(s, 'ch1').skills.purification = 50;
    s = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'purification' }] }, GM, [30]).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 13 } });
    expect(run(facingClub(13), { type: 'cot.obs.value', value: 20 }).state.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
  });

  test('T-OBS ♣K a fumble takes the party to a random square; the labyrinth stays face-up and untapped', () => {
    const s = run(facingClub(13), { type: 'cot.obs.value', value: 0 }).state;
    character(s, 'ch1').skills.purification = 50;
    const out = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'purification' }] }, GM, [100, 2]);
    const [lost] = outcomes(out.events, 'lost');
    expect(out.state.party.position).toBe(lost!.to);
    expect(out.state.party).toMatchObject({ previousPosition: 'C5', mustReturn: false });
    expect(square(out.state, 'C5').stack[0]).toMatchObject({ faceUp: true, tapped: false });
    expect(character(out.state, 'ch1').ltfThirds).toBe(3);
  });
});

describe('♣5 poison thorns (COT-OBS-04)', () => {
  const thorns = () => {
    const s = facingClub(5);
    character(s, 'ch1').skills.plantLore = 50;
    character(s, 'ch1').limbAp = 2;
    return s;
  };
  const round = (roll: number) => {
    const rolls = [{ character: 'ch1', skill: 'plantLore' }, { character: 'ch2', skill: 'plantLore', fail: true }, { character: 'ch3', skill: 'plantLore', fail: true }];
    return run(thorns(), { type: 'cot.obs.attempt', rolls }, GM, [roll]).state;
  };

  test('T-OBS ♣5 progress is 3 − the best SD; 1 LTF takes a point off; pushing through is 1D3 POT a point, less limb AP', () => {
    let s = round(30);
    expect(obstacle(s)).toMatchObject({ stage: 'thorns', progress: 2 });
    s = run(s, { type: 'cot.obs.thornsPay', character: 'ch2' }, P2).state;
    expect(obstacle(s).progress).toBe(1);
    expect(character(s, 'ch2').ltfThirds).toBe(3);
    const out = run(s, { type: 'cot.obs.thornsPush' }, P1, [3, 2, 1]);
    expect(notes(out.events, 'obstacle.poison')).toEqual([
      { character: 'ch1', pot: 1 },
      { character: 'ch2', pot: 2 },
      { character: 'ch3', pot: 1 },
    ]);
    expect(square(out.state, 'C5').stack[0]!.tapped).toBe(true);
  });

  test('T-OBS ♣5 paying off the last point goes through without poison', () => {
    let s = round(5);
    expect(obstacle(s).progress).toBe(1);
    const out = run(s, { type: 'cot.obs.thornsPay', character: 'ch1' }, P1);
    expect(notes(out.events, 'obstacle.poison')).toEqual([]);
    s = out.state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
  });

  test('T-OBS ♣5 a critical leaves no progress: through at once', () => {
    expect(round(1).phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 5 } });
  });

  test('T-OBS ♣5 going back costs nothing: the party withdraws and must return', () => {
    const out = run(round(30), { type: 'cot.obs.withdraw' }, P1);
    expect(notes(out.events, 'obstacle.poison')).toEqual([]);
    expect(out.state.party.mustReturn).toBe(true);
  });
});

describe('rope, ENC and the old boat (T-OBS ♣9, ♣J, ♣Q)', () => {
  test('T-OBS ♣9 the jump loses the jumper\'s ENC; a failed jump falls for 2D6 damage', () => {
    const out = run(facingClub(9), { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'jump' }] }, GM, [70, 3, 4]);
    expect(chances(out.events)).toEqual([40 - 10]);
    expect(notes(out.events, 'obstacle.fall')).toEqual([{ character: 'ch1', damage: 7 }]);
  });

  test('T-OBS ♣9 with a rope, once someone is across the others cross on it for 1 LTF each', () => {
    let s = facingClub(9);
    const rope = (character: string) => ({ character, skill: 'jump', rope: true });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [rope('ch2')] }).code).toBe('NO_ROPE');
    s = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'jump' }] }, GM, [5]).state;
    expect(obstacle(s)).toMatchObject({ anchor: 'ch1', passed: ['ch1'] });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [rope('ch1')] }).code).toBe('NO_ROPE');
    s = run(s, { type: 'cot.obs.attempt', rolls: [rope('ch2'), rope('ch3')] }).state;
    expect(s.characters.map((c) => c.ltfThirds)).toEqual([0, 3, 3]);
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 9 } });
  });

  test('T-OBS ♣9 without a rope nobody crosses on one', () => {
    const s = run(facingClub(9, supplies(0, false)), { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'jump' }] }, GM, [5]).state;
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'jump', rope: true }] }).code).toBe('NO_ROPE');
  });

  test.each([
    ['T-OBS ♣J with a rope, those after the first across get 〈泳ぎ〉 +70%', true, 70],
    ['T-OBS ♣J without one they swim on their own skill', false, 0],
  ])('%s', (_name, ropes, chance) => {
    let s = facingClub(11, supplies(0, ropes));
    character(s, 'ch1').skills.swim = 50;
    s = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'swim' }] }, GM, [30]).state;
    const out = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'swim' }] }, GM, [60]);
    expect(chances(out.events)).toEqual([chance]);
  });

  /** The party entered C4 from C5 and faces the old boat there, every character with 〈操船〉 50. */
  const boat = () => {
    const s = toDecision(started());
    stack(s, 'C4', 'C', 12, true);
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4' } }).state;
    for (const c of out.characters) c.skills.boat = 50;
    return out;
  };
  const all = ['ch1', 'ch2', 'ch3'].map((character) => ({ character, skill: 'boat' }));

  test('T-OBS ♣Q at double the required SD the GM names the next square; straight on is proposed', () => {
    const s = run(boat(), { type: 'cot.obs.attempt', rolls: all }, GM, [1, 2, 3]).state;
    expect(obstacle(s)).toMatchObject({ stage: 'boat', required: 4, total: 9, boatTo: 'C3' });
    expect(refusal(s, { type: 'cot.obs.boat', to: 'C3' }, P1).code).toBe('NOT_GM');
    expect(refusal(s, { type: 'cot.obs.boat', to: 'A1' }).code).toBe('NOT_ADJACENT');
    expect(refusal(s, { type: 'cot.obs.withdraw' }, P1).code).toBe('WAITS_FOR_GM');
    const out = run(s, { type: 'cot.obs.boat', to: 'B4' }).state;
    expect(out.party).toMatchObject({ position: 'B4', previousPosition: 'C4' });
    expect(square(out, 'C4').stack[0]!.tapped).toBe(true);
    expect(out.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 12 } });
  });

  test('T-OBS ♣Q below double the boat is just overcome, the party staying', () => {
    let s = run(boat(), { type: 'cot.obs.attempt', rolls: all }, GM, [30, 30, 30]).state;
    s = run(s, { type: 'cot.obs.attempt', rolls: [all[0]!] }, GM, [30]).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
    expect(s.party.position).toBe('C4');
  });
});

describe('fairy dust and lore bonuses (T-TRADE 妖精粉, T-OBS ♣7 ♣10)', () => {
  test('T-TRADE 妖精粉 lowers the required SD by the strength used; at nothing the obstacle is overcome', () => {
    let s = facingClub(10, supplies(5));
    s = run(s, { type: 'cot.obs.dust', strength: 2 }, P1).state;
    expect(obstacle(s).required).toBe(1);
    expect(s.party.fairyDust).toBe(3);
    expect(refusal(s, { type: 'cot.obs.dust', strength: 4 }, P1).code).toBe('NOT_ENOUGH_DUST');
    s = run(s, { type: 'cot.obs.dust', strength: 1 }, P2).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 10 } });
  });

  test('T-TRADE 妖精粉 on the bog: once the SD added up reaches the lowered requirement, it is overcome', () => {
    let s = facingClub(7, supplies(5));
    character(s, 'ch1').skills.track = 50;
    s = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'track' }] }, GM, [30]).state;
    expect(obstacle(s)).toMatchObject({ total: 1, required: 3 });
    s = run(s, { type: 'cot.obs.dust', strength: 2 }, P1).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
  });

  test('T-TRADE 妖精粉 works only on the maze, the bog, the fog and the labyrinth', () => {
    expect(refusal(facingClub(6, supplies(5)), { type: 'cot.obs.dust', strength: 1 }, P1).code).toBe('NO_DUST_HERE');
  });

  test('T-OBS ♣7 a 〈アップランド湿原知識〉 roll adds its SD × 20% to the Track rolls, once per character', () => {
    let s = facingClub(7);
    character(s, 'ch1').skills.uplandMarshLore = 50;
    s = run(s, { type: 'cot.obs.bonus', characters: ['ch1'] }, P1, [5]).state;
    expect(obstacle(s)).toMatchObject({ bonus: 40, bonusRolled: ['ch1'] });
    expect(refusal(s, { type: 'cot.obs.bonus', characters: ['ch1'] }, P1).code).toBe('DUPLICATE');
    const out = run(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch2', skill: 'track' }] }, GM, [30]);
    expect(chances(out.events)).toEqual([40]);
    expect(refusal(facingClub(6), { type: 'cot.obs.bonus', characters: ['ch1'] }, P1).code).toBe('NO_BONUS');
  });
});
