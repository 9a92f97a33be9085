import { describe, expect, test } from 'vitest';
import { distributeCall } from './spirits.ts';
import type { CotState } from './state.ts';
import { GM, P1, body, character, deal, refusal, run, square, stack, started, toDecision } from './test-support.ts';
import { treasureRank } from './treasure.ts';

const deciding = (): CotState => toDecision(started());
const waitThenEvents = (s: CotState, dice: number[] = []) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM, dice);
const step = (s: CotState) => (s.phase.kind === 'event' ? s.phase.step : null);

/** The treasure step with this cap. */
function atTreasure(cap: number): CotState {
  const s = deciding();
  s.phase = { kind: 'event', step: { kind: 'treasure', cap }, processed: [] };
  return s;
}

describe('treasure (COT-TRS)', () => {
  const special = { chance: 35, roll: 5, level: 'special', sd: 2 } as const;
  const critical = { chance: 35, roll: 1, level: 'critical', sd: 3 } as const;
  const fumble = { chance: 35, roll: 100, level: 'fumble', sd: 0 } as const;
  test.each([
    ['COT-TRS-02 TV-17 cap 8, 2D6 6, best 〈目星〉 SD 2: rank 8', 8, 6, [special], 8],
    ['COT-TRS-02 TV-18 cap 8, 2D6 7, SD 3: capped at 8', 8, 7, [critical], 8],
    ['COT-TRS-01 TV-19 cap 8, 2D6 9: nothing, whatever 〈目星〉 gives', 8, 9, [critical], null],
    ['COT-TRS-02 any 〈目星〉 fumble loses the treasure', 8, 4, [special, fumble], null],
    ['COT-TRS-01 without 〈目星〉 the rank stands', 8, 5, [], 5],
  ] as const)('%s', (_name, cap, rank, checks, expected) => {
    expect(treasureRank(cap, rank, [...checks])).toBe(expected);
  });

  test('COT-TRS-01 TV-17 through the command: 2D6 = 6, a spotter\'s special adds 2; 640 L; spotting costs 1 LTF', () => {
    const out = run(atTreasure(8), { type: 'cot.treasure.resolve', spotters: ['ch1'] }, GM, [3, 3, 5]);
    expect(out.state.party.treasures).toEqual([8]);
    expect(character(out.state, 'ch1').ltfThirds).toBe(3);
    expect(out.events.map(body).filter((b) => b.type === 'cot.step')).toEqual([
      { type: 'cot.step', cycle: out.state.cycle, step: 'treasure', outcome: 'found', params: { rank: 8, contents: 'goods 640 L' } },
    ]);
    expect(character(out.state, 'ch1').experienceChecks).toContain('set:spot');
  });

  test('COT-TRS-01 a ♦ from a hand replaces the 2D6; above the cap it cannot be used', () => {
    const s = atTreasure(8);
    const seven = deal(s, 'ch1', 'D', 7);
    const nine = deal(s, 'ch1', 'D', 9);
    expect(refusal(s, { type: 'cot.treasure.resolve', spotters: [], diamond: { character: 'ch1', card: nine } }, P1).code).toBe('ABOVE_CAP');
    expect(refusal(s, { type: 'cot.treasure.resolve', spotters: ['ch1'], diamond: { character: 'ch1', card: seven } }, P1).code).toBe('NO_SPOT_WITH_DIAMOND');
    const out = run(s, { type: 'cot.treasure.resolve', spotters: [], diamond: { character: 'ch1', card: seven } }, P1).state;
    expect(out.party.treasures).toEqual([7]);
    expect(out.discard.map((c) => c.id)).toContain(seven);
  });

  test('COT-TRS-03 treasure is only recorded by rank during the mission; the event goes on', () => {
    const out = run(atTreasure(12), { type: 'cot.treasure.resolve', spotters: [] }, GM, [6, 6]).state;
    expect(out.party.treasures).toEqual([12]);
    expect(out.party.money).toBe(100);
    expect(out.phase.kind).toBe('cycleEnd');
  });
});

describe('remains (COT-REM-01)', () => {
  const atRemains = (strength: number) => {
    const s = deciding();
    stack(s, 'C5', 'D', strength, true);
    return waitThenEvents(s).state;
  };

  test('COT-REM-01 searchers pay 1 LTF, roll at once, apply in action order, capped at the strength', () => {
    // memorial 40: critical ≤ 2, special ≤ 8. ch1 critical (3), ch2 special (2) against strength 4.
    const out = run(atRemains(4), { type: 'cot.remains.search', searchers: [{ character: 'ch2' }, { character: 'ch1' }] }, GM, [1, 5]).state;
    expect(out.party.remains).toBe(4);
    expect(character(out, 'ch1').deathRites).toBe(43);
    expect(character(out, 'ch2').deathRites).toBe(42);
    expect(out.characters.map((c) => c.ltfThirds)).toEqual([3, 3, 0]);
    expect(character(out, 'ch1').experienceChecks).toContain('set:memorial');
  });

  test('COT-REM-01 a fumble brings a tear-spirit event of the same strength', () => {
    const out = run(atRemains(6), { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, GM, [100]).state;
    expect(step(out)).toMatchObject({ kind: 'tearSpirit', strength: 6, bone: false });
  });

  test('COT-FX-01 a heart substitutes for the 〈慰霊〉 roll (T-FX-REM)', () => {
    const s = atRemains(5);
    const heart = deal(s, 'ch1', 'H', 2);
    const out = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch1', substitute: heart }] }, GM).state;
    expect(out.party.remains).toBe(1);
    expect(out.discard.map((c) => c.id)).toContain(heart);
  });
});

describe('tear spirits (COT-TSP) and the bone (COT-BON-02)', () => {
  test.each([
    ['COT-TSP-04 TV-06 霊圧 1/3/9, strength 10, no rolls: +6 / +4 / +0', [1, 3, 9], [50, 60, 70], 10, [6, 4, 0]],
    ['COT-TSP-04 TV-07 after 〈死祭り〉 霊圧 2/3/6: +5 / +4 / +1, every level ends at 7', [2, 3, 6], [50, 60, 70], 10, [5, 4, 1]],
    ['COT-TSP-04 TV-08 霊圧 4/4, strength 3, D100 A 12, B 80: A +2, B +1', [4, 4], [12, 80], 3, [2, 1]],
  ])('%s', (_name, levels, d100, strength, expected) => {
    const entries = levels.map((level, i) => ({ id: `x${i}`, level, d100: d100[i]! }));
    const added = distributeCall(entries, strength);
    expect(entries.map((e) => added[e.id])).toEqual(expected);
  });

  const atSpirit = (strength: number) => {
    const s = deciding();
    s.party.tenkai = true;
    s.bone!.card = null;
    stack(s, 'C5', 'D', strength, true);
    return waitThenEvents(s).state;
  };

  test('COT-TSP-01 COT-TSP-04 accepting: rollers move 霊圧 by their SD as chosen, then 〈呼び声〉 is spread', () => {
    const s = atSpirit(3);
    for (const [i, sp] of [1, 3, 9].entries()) s.characters[i]!.spiritPressure = sp;
    // ch3 rolls 〈死祭り〉 40 and gets a critical (01): 霊圧 9 − 3 = 6. Tie-break D100s: 50, 60, 70.
    const out = run(s, { type: 'cot.tsp.accept', adjust: [{ character: 'ch3', direction: 'down' }] }, GM, [1, 50, 60, 70]).state;
    expect(out.characters.map((c) => c.spiritPressure)).toEqual([1, 3, 6]);
    expect(out.characters.map((c) => c.call)).toEqual([5 + 3, 5, 5]);
    expect(square(out, 'C5').stack).toEqual([]);
  });

  test('COT-TSP-02 summoning: the best SD wins (ties: higher skill); POW = strength + 2D6 on a special', () => {
    const s = atSpirit(5);
    character(s, 'ch2').skills.summon = 60;
    // ch1 summon 30: success at 20; ch2 summon 60: special at 10 → ch2, POW 5 + 4 + 3.
    const out = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }, { character: 'ch2', skill: 'summon' }] }, GM, [20, 10, 4, 3]).state;
    expect(step(out)).toMatchObject({ kind: 'tearSpiritCombat', spiritPow: 12, summoner: 'ch2' });
    expect(refusal(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'climb' }] }, P1).code).toBe('NOT_A_SUMMONING_SKILL');
  });

  test('COT-TSP-02 a summoning fumble raises the summoner\'s 〈呼び声〉 by the strength', () => {
    const out = run(atSpirit(5), { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] }, GM, [100]).state;
    expect(character(out, 'ch1').call).toBe(10);
    expect(step(out)).toMatchObject({ kind: 'tearSpirit' });
  });

  test('COT-TSP-03 the GM reports the winner, who rolls T-REMAINS once; the card is removed', () => {
    const s = atSpirit(5);
    s.phase = { kind: 'event', step: { kind: 'tearSpiritCombat', entryId: square(s, 'C5').stack[0]!.card.id, strength: 5, spiritPow: 12, bone: false, summoner: 'ch1' }, processed: [square(s, 'C5').stack[0]!.card.id] };
    expect(refusal(s, { type: 'cot.tsp.outcome', winner: 'ch1' }, P1).code).toBe('NOT_GM');
    const out = run(s, { type: 'cot.tsp.outcome', winner: 'ch1' }, GM, [5]).state;
    expect(out.party.remains).toBe(2);
    expect(character(out, 'ch1').deathRites).toBe(42);
    expect(square(out, 'C5').stack).toEqual([]);
  });

  test('COT-BON-02 the bone challenges the party; its first opponent is the third responder; the winner gains 1 remains and +5', () => {
    const s = deciding();
    s.party.tenkai = true;
    s.party.thirdResponder = 'ch2';
    const bone = s.bone!.card!;
    s.bone!.card = null;
    square(s, 'C5').stack.unshift({ card: bone, faceUp: true, tapped: false, origin: 'bone' });
    const at = waitThenEvents(s).state;
    expect(step(at)).toMatchObject({ kind: 'tearSpiritCombat', bone: true, summoner: 'ch2', spiritPow: 15, strength: 8 });
    const out = run(at, { type: 'cot.tsp.outcome', winner: 'ch2' }, GM).state;
    expect(out.party.remains).toBe(1);
    expect(character(out, 'ch2').deathRites).toBe(45);
    expect(out.removed.map((c) => c.id)).toEqual([bone.id]);
  });
});
