import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import type { CotState } from './state.ts';
import { GM, P1, P2, P3, body, character, deal, refusal, run, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/**
 * Issue 12 (#13): each character's choice in a step the party plays together is its own player's (COT-REM-01,
 * COT-TRS-02, COT-TSP-02, COT-TSP-04). Each player commits its own characters (or none); the step is carried out,
 * all at once in action order, when every player has committed, or at once when the GM sends it.
 */

const waitThenEvents = (s: CotState) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
const step = (s: CotState) => (s.phase.kind === 'event' ? s.phase.step : null);

/** The party on a face-up ♦ of this strength: remains before 転界, tear spirits after. */
function atDiamond(strength: number, tenkai = false): CotState {
  const s = toDecision(started());
  if (tenkai) {
    s.party.tenkai = true;
    s.bone!.card = null;
  }
  stack(s, 'C5', 'D', strength, true);
  return waitThenEvents(s).state;
}

/** The treasure step with this cap. */
function atTreasure(cap: number): CotState {
  const s = toDecision(started());
  s.phase = { kind: 'event', step: { kind: 'treasure', cap }, processed: [] };
  return s;
}

type Row = [name: string, at: () => CotState, command: CotCommand, rule: string];

describe('one player cannot commit another seat\'s character (issue 12, #13)', () => {
  test.each<Row>([
    ['COT-REM-01 searching the remains', () => atDiamond(4), { type: 'cot.remains.search', searchers: [{ character: 'ch1' }, { character: 'ch2' }] }, 'COT-REM-01'],
    ['COT-TRS-02 spotting the treasure', () => atTreasure(8), { type: 'cot.treasure.resolve', spotters: ['ch2'] }, 'COT-TRS-02'],
    ['COT-TSP-04 moving 霊圧 on accepting the tear spirits', () => atDiamond(3, true), { type: 'cot.tsp.accept', adjust: [{ character: 'ch2', direction: 'down' }] }, 'COT-TSP-04'],
    ['COT-TSP-02 summoning the tear spirits', () => atDiamond(5, true), { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }, { character: 'ch2', skill: 'summon' }] }, 'COT-TSP-02'],
  ])('%s: refused NOT_YOUR_CHARACTER, nothing spent', (_name, at, command, rule) => {
    const s = at();
    expect(refusal(s, command, P1)).toEqual({ code: 'NOT_YOUR_CHARACTER', rule });
    // The GM may name anyone's characters (it steps in for absent players).
    expect(() => run(s, command, GM)).not.toThrow();
  });
});

describe('a choice several players make together (COT-REM-01 step 3, COT-TSP-02)', () => {
  test('COT-REM-01 each player commits its own searchers; when the last has, all roll at once in action order', () => {
    let s = atDiamond(6);
    s = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch3' }] }, P3).state;
    s = run(s, { type: 'cot.remains.search', searchers: [] }, P2).state;
    // Nothing is rolled or spent before every player has committed; the table sees who has.
    expect(s.characters.map((c) => c.ltfThirds)).toEqual([0, 0, 0]);
    expect(view(s, P1).phase.detail.committed).toEqual([{ seat: 's3', characters: ['ch3'] }, { seat: 's2', characters: [] }]);
    // 〈慰霊〉 40: ch1 (first in action order) rolls the 5, a special; ch3 the 30, a success.
    const out = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, P1, [5, 30]);
    const checks = out.events.map(body).flatMap((e) => (e.type === 'cot.check' ? [[e.character, e.roll]] : []));
    expect(checks).toEqual([['ch1', 5], ['ch3', 30]]);
    expect(out.state.party.remains).toBe(3);
    expect(out.state.characters.map((c) => c.ltfThirds)).toEqual([3, 0, 3]);
  });

  test('COT-REM-01 a player may change its commitment until the last player commits', () => {
    let s = atDiamond(6);
    s = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, P1).state;
    s = run(s, { type: 'cot.remains.search', searchers: [] }, P1).state;
    s = run(s, { type: 'cot.remains.search', searchers: [] }, P2).state;
    const out = run(s, { type: 'cot.remains.search', searchers: [] }, P3).state;
    // Nobody searched: the card stays face-up (COT-EVT-03).
    expect(out.characters.map((c) => c.ltfThirds)).toEqual([0, 0, 0]);
    expect(out.phase.kind).toBe('cycleEnd');
  });

  test('COT-REM-01 the GM carries it out at once, with what the players committed so far and the characters it names', () => {
    let s = atDiamond(6);
    s = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch2' }] }, P2).state;
    const out = run(s, { type: 'cot.remains.search', searchers: [{ character: 'ch3' }] }, GM, [30, 30]).state;
    expect(out.characters.map((c) => c.ltfThirds)).toEqual([0, 3, 3]);
    expect(out.party.remains).toBe(2);
  });

  test('COT-TRS-02 spotters are committed by their own players; a ♦ played by its owner replaces the 2D6 at once', () => {
    let s = atTreasure(8);
    s = run(s, { type: 'cot.treasure.resolve', spotters: ['ch1'] }, P1).state;
    s = run(s, { type: 'cot.treasure.resolve', spotters: [] }, P2).state;
    expect(s.party.treasures).toEqual([]);
    // 2D6 = 6, then ch1 and ch3 spot in action order (〈目星〉 35: 5 is a special, 70 a failure).
    const out = run(s, { type: 'cot.treasure.resolve', spotters: ['ch3'] }, P3, [3, 3, 5, 70]).state;
    expect(out.party.treasures).toEqual([8]);
    expect(out.characters.map((c) => c.ltfThirds)).toEqual([3, 0, 3]);

    const d = atTreasure(8);
    const seven = deal(d, 'ch2', 'D', 7);
    const committed = run(d, { type: 'cot.treasure.resolve', spotters: ['ch1'] }, P1).state;
    expect(refusal(committed, { type: 'cot.treasure.resolve', spotters: [], diamond: { character: 'ch2', card: seven } }, P1)).toEqual({ code: 'NOT_YOUR_CHARACTER', rule: 'COT-TRS-01' });
    const played = run(committed, { type: 'cot.treasure.resolve', spotters: [], diamond: { character: 'ch2', card: seven } }, P2).state;
    expect(played.party.treasures).toEqual([7]);
    // T-FX-ENC ♦: 〈目星〉 cannot be attempted, so ch1's commitment spends nothing.
    expect(played.characters.map((c) => c.ltfThirds)).toEqual([0, 0, 0]);
  });

  test('COT-TSP-04 COT-TSP-01 the party accepts when every player has chosen to; each moves only its own 霊圧', () => {
    let s = atDiamond(3, true);
    s = run(s, { type: 'cot.tsp.accept', adjust: [{ character: 'ch1', direction: 'down' }] }, P1).state;
    s = run(s, { type: 'cot.tsp.accept', adjust: [] }, P2).state;
    expect(step(s)).toMatchObject({ kind: 'tearSpirit' });
    // ch1 rolls 〈死祭り〉 40: a critical (01), 霊圧 10 − 3; then the tie-break D100s 50, 60, 70.
    const out = run(s, { type: 'cot.tsp.accept', adjust: [] }, P3, [1, 50, 60, 70]).state;
    expect(out.characters.map((c) => c.spiritPressure)).toEqual([7, 10, 10]);
    expect(out.characters.map((c) => c.call)).toEqual([8, 5, 5]);
  });

  test('COT-TSP-01 COT-TSP-02 when the players split between fighting and accepting, nothing happens until the GM decides', () => {
    let s = atDiamond(5, true);
    s = run(s, { type: 'cot.tsp.accept', adjust: [] }, P1).state;
    s = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch2', skill: 'summon' }] }, P2).state;
    s = run(s, { type: 'cot.tsp.accept', adjust: [] }, P3).state;
    expect(step(s)).toMatchObject({ kind: 'tearSpirit' });
    expect(s.characters.map((c) => c.call)).toEqual([5, 5, 5]);
    expect(view(s, P1).phase.detail.committed).toEqual([
      { seat: 's1', characters: [], choice: 'accept' },
      { seat: 's2', characters: ['ch2'], choice: 'summon' },
      { seat: 's3', characters: [], choice: 'accept' },
    ]);
    // The GM has the party fight: ch2's summoning (30, a success at 20) and the GM's ch1 (a failure at 80) roll together.
    const out = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] }, GM, [80, 20, 1, 2, 3]).state;
    expect(step(out)).toMatchObject({ kind: 'tearSpiritCombat', summoner: 'ch2', spiritPow: 5 + 1 + 2 + 3 });
  });

  test('COT-TSP-02 a summoning that fails leaves the step open, with nobody committed', () => {
    let s = atDiamond(5, true);
    s = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] }, P1).state;
    s = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch2', skill: 'summon' }] }, P2).state;
    const out = run(s, { type: 'cot.tsp.summon', summoners: [{ character: 'ch3', skill: 'summon' }] }, P3, [90, 90, 90]).state;
    expect(step(out)).toMatchObject({ kind: 'tearSpirit' });
    expect(view(out, GM).phase.detail.committed).toEqual([]);
  });

  test('COT-TSP-02 a character the GM runs joins through the GM: the players alone cannot carry the choice out', () => {
    const s = toDecision(started());
    character(s, 'ch3').seat = null;
    s.party.tenkai = true;
    s.bone!.card = null;
    stack(s, 'C5', 'D', 5, true);
    let at = waitThenEvents(s).state;
    at = run(at, { type: 'cot.tsp.accept', adjust: [] }, P1).state;
    at = run(at, { type: 'cot.tsp.accept', adjust: [] }, P2).state;
    expect(step(at)).toMatchObject({ kind: 'tearSpirit' });
    const out = run(at, { type: 'cot.tsp.accept', adjust: [{ character: 'ch3', direction: 'up' }] }, GM, [90, 50, 60, 70]).state;
    expect(step(out)).toBeNull();
  });
});
