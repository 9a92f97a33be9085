import { describe, expect, test } from 'vitest';
import { adjustedCon, moveCostThirds, recoveryFor } from './fatigue.ts';
import { aceMove } from './pursuer.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, P3, character, deal, decision, refusal, run, sleepwalkStep, square, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/** A game whose ch1 sleepwalks with the roll given, the GM having confirmed the derived step. */
function sleepwalking(roll: number, bone = 'B2'): CotState {
  return run(sleepwalkStep(roll, bone).state, { type: 'cot.sleepwalk.confirm' }, GM).state;
}

describe('sleepwalking and restraint (COT-TIM-03/04)', () => {
  test('COT-TIM-03 TV-14 a special sleepwalker steps toward the bone, vertical first; only the square is told', () => {
    const s = sleepwalking(12);
    expect(decision(s).sleepwalkers).toEqual([{ character: 'ch1', level: 'special', to: 'C4', restrainedBy: null }]);
    expect(view(s, P2).bone).toEqual({ revealed: false });
  });

  test('COT-TIM-03 a character whose 〈呼び声〉 does not exceed POW makes no roll', () => {
    const s = run(started(), { type: 'cot.inv.force' }, GM, [1]).state;
    expect(decision(s).sleepwalkers).toEqual([]);
  });

  test('COT-TIM-03 on the bone\'s own square there is no move', () => {
    expect(decision(sleepwalking(12, 'C5')).sleepwalkers[0]!.to).toBeNull();
  });

  test.each([
    ['COT-TIM-04 TV-14 restraining a special costs 2 LTF', 12, 6],
    ['COT-TIM-04 restraining a success costs 1 LTF', 40, 3],
  ])('%s', (_name, roll, thirds) => {
    const out = run(sleepwalking(roll), { type: 'cot.time.restrain', character: 'ch2', sleepwalker: 'ch1' }, P2).state;
    expect(character(out, 'ch2').ltfThirds).toBe(thirds);
    expect(decision(out).activities.ch2).toBe('watch');
  });

  test.each([
    ['COT-TIM-04 a critical cannot be restrained', 2, 'ch2', 'CANNOT_RESTRAIN_CRITICAL'],
    ['COT-TIM-04 a sleepwalker cannot restrain', 12, 'ch1', 'IS_SLEEPWALKING'],
  ])('%s', (_name, roll, restrainer, code) => {
    const s = sleepwalking(roll);
    expect(refusal(s, { type: 'cot.time.restrain', character: restrainer, sleepwalker: 'ch1' }, restrainer === 'ch1' ? P1 : P2).code).toBe(code);
  });

  test('COT-TIM-04 a restrainer cannot rest or sleep', () => {
    const s = run(sleepwalking(12), { type: 'cot.time.restrain', character: 'ch2', sleepwalker: 'ch1' }, P2).state;
    expect(refusal(s, { type: 'cot.time.activity', character: 'ch2', activity: 'rest' }, P2).code).toBe('MUST_WATCH');
  });

  test('COT-TIM-05 an unrestrained sleepwalker forces the move; once restrained the party is free', () => {
    const s = sleepwalking(12);
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, P1).code).toBe('FORCED_MOVE');
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'B5' } }, P1).code).toBe('FORCED_MOVE');
    const freed = run(s, { type: 'cot.time.restrain', character: 'ch2', sleepwalker: 'ch1' }, P2).state;
    expect(run(freed, { type: 'cot.time.propose', plan: { kind: 'wait' } }, P1).state.phase.kind).toBe('time');
  });
});

describe('the party decision (COT-TIM-05..10)', () => {
  test('COT-TIM-05 a proposal is carried out when every player accepts; the whole party moves', () => {
    let s = toDecision(started());
    s = run(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4' } }, P1).state;
    s = run(s, { type: 'cot.time.accept' }, P2).state;
    expect(s.party.position).toBe('C5');
    s = run(s, { type: 'cot.time.accept' }, P3).state;
    expect(s.party).toMatchObject({ position: 'C4', previousPosition: 'C5' });
    expect(s.phase.kind).not.toBe('time');
  });

  test('COT-TIM-05 the GM\'s proposal is decided at once and may set a forced move aside', () => {
    const s = run(sleepwalking(12), { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(s.party.position).toBe('C5');
    expect(s.phase.kind).not.toBe('time');
  });

  test('COT-TIM-05 a scouting fumble forces the next move into the scouted square', () => {
    const s = toDecision(started());
    s.party.forcedMove = { to: 'C4', reason: 'fumble' };
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'B5' } }, P1).code).toBe('FORCED_MOVE');
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4' } }, GM).state;
    expect(out.party.forcedMove).toBeNull();
  });

  test('COT-OBS-01 after an obstacle was not overcome the party may only go back (or wait)', () => {
    const s = toDecision(started());
    Object.assign(s.party, { mustReturn: true, previousPosition: 'B5' });
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4' } }, P1).code).toBe('MUST_RETURN');
    expect(run(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'B5' } }, GM).state.party.position).toBe('B5');
  });

  test.each([
    ['COT-TIM-06 load up to STR: 2/3 LTF per square', 12, 2],
    ['COT-TIM-06 up to STR+CON: 1 per square', 26, 3],
    ['COT-TIM-06 up to STR+CON+8: 2 per square', 34, 6],
    ['COT-TIM-06 up to STR+CON+16: 3 per square', 42, 9],
    ['COT-TIM-06 above STR+CON+16 the GM rules', 43, null],
  ])('%s', (_name, moveLoad, thirds) => {
    expect(moveCostThirds({ str: 12, con: 14, moveLoad })).toBe(thirds);
  });

  test('COT-TIM-06 TV-27 three squares with load ≤ STR add 2 LTF in total', () => {
    let s = toDecision(started());
    for (const to of ['C4', 'C3', 'C2']) {
      s = run(s, { type: 'cot.time.propose', plan: { kind: 'move', to } }, GM).state;
      s.phase = { kind: 'time', step: { kind: 'decision', sleepwalkers: [], activities: {}, proposal: null } };
      // Clear what the event phase drew, so each step is a plain move.
      for (const q of s.squares) q.stack = [];
    }
    expect(character(s, 'ch1').ltfThirds).toBe(6);
  });

  test('COT-TIM-07 a hand card may be laid face-up on a blank square entered; no deck draw follows', () => {
    const s = toDecision(started());
    const card = deal(s, 'ch1', 'C', 4);
    const deck = s.deck.length;
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4', place: { character: 'ch1', card } } }, GM).state;
    expect(square(out, 'C4').stack[0]).toMatchObject({ faceUp: true, origin: 'hand' });
    expect(out.deck.length).toBe(deck);
  });

  test('COT-TIM-07 a card can only be laid on a blank square', () => {
    const s = toDecision(started());
    stack(s, 'C4', 'D', 2, false);
    const card = deal(s, 'ch1', 'C', 4);
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'move', to: 'C4', place: { character: 'ch1', card } } }, P1).code).toBe('NOT_BLANK');
  });

  test.each([
    ['COT-TIM-08 TV-26 CON 14, sleep: adjusted 14, recover 2', 'sleep', 'leather', 14, 2],
    ['COT-TIM-08 TV-26 rest: adjusted 12, recover 2', 'rest', 'leather', 12, 2],
    ['COT-TIM-08 TV-26 watch: adjusted 10, recover 2', 'watch', 'leather', 10, 2],
    ['COT-TIM-08 TV-26 watch with load ≤ STR: adjusted 6, recover 1', 'watch', 'str', 6, 1],
    ['COT-TIM-08 adjusted 3 recovers nothing', 'watch', 'strCon', 2, 0],
  ] as const)('%s', (_name, activity, load, adjusted, recovered) => {
    expect(adjustedCon(14, activity, load)).toBe(adjusted);
    expect(recoveryFor(adjusted)).toBe(recovered);
  });

  test('COT-TIM-08 T-REC bands: 4–9 → 1, 16–21 → 3, 22 → 4', () => {
    expect([4, 9, 10, 15, 16, 21, 22].map(recoveryFor)).toEqual([1, 1, 2, 2, 3, 3, 4]);
  });

  test('COT-TIM-09 TV-26 a watcher pays +1 LTF and recovers 2: net −1; the counter never goes below 0 (COT-DIE-11)', () => {
    let s = toDecision(started());
    for (const c of s.characters) c.ltfThirds = 9;
    character(s, 'ch3').ltfThirds = 0;
    s = run(s, { type: 'cot.time.activity', character: 'ch1', activity: 'watch' }, P1).state;
    s = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(character(s, 'ch1').ltfThirds).toBe(6);
    expect(character(s, 'ch2').ltfThirds).toBe(3);
    expect(character(s, 'ch3').ltfThirds).toBe(0);
  });

  test('COT-TIM-08 with no food a wait recovers nothing', () => {
    const s = toDecision(started({ party: { food: 0, money: 0, sleds: 0, ropes: false, fairyDust: 0 } }));
    for (const c of s.characters) c.ltfThirds = 9;
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(out.characters.map((c) => c.ltfThirds)).toEqual([9, 9, 9]);
  });

  test('COT-TIM-10 the party leaves only from the gate, which ends the exploration cycle', () => {
    const s = toDecision(started());
    expect(run(s, { type: 'cot.time.propose', plan: { kind: 'leave' } }, GM).state.phase.kind).toBe('departed');
    const away = toDecision(started());
    away.party.position = 'C4';
    expect(refusal(away, { type: 'cot.time.propose', plan: { kind: 'leave' } }, GM).code).toBe('NOT_AT_GATE');
  });
});

describe('pursuer (COT-TIM-11..13)', () => {
  const afterTenkai = () => {
    const s = started();
    s.party.tenkai = true;
    return toDecision(s);
  };

  test('COT-TIM-12 the strongest face-up spade steps toward the party, vertical first, keeping its state', () => {
    const s = afterTenkai();
    const nine = stack(s, 'A1', 'S', 9, true);
    stack(s, 'E5', 'S', 5, true);
    square(s, 'E5').stack[0]!.tapped = true;
    const waiting = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(waiting.phase).toMatchObject({ kind: 'time', step: { kind: 'pursuer', candidates: [nine] } });
    const out = run(waiting, { type: 'cot.pursuer.choose', entry: nine }, GM).state;
    expect(square(out, 'A2').stack[0]).toMatchObject({ faceUp: true, tapped: false });
    expect(square(out, 'A2').stack[0]!.card.id).toBe(nine);
    expect(square(out, 'A1').stack).toEqual([]);
  });

  test('COT-TIM-12 a single candidate waits for the GM\'s confirmation; a player cannot confirm it', () => {
    const s = afterTenkai();
    const nine = stack(s, 'A1', 'S', 9, true);
    const waiting = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(square(waiting, 'A1').stack[0]!.card.id).toBe(nine);
    expect(refusal(waiting, { type: 'cot.pursuer.choose', entry: nine }, P1).code).toBe('NOT_GM');
    expect(view(waiting, P1).phase).toMatchObject({ kind: 'time', step: 'pursuer', detail: { candidates: [nine] } });
    const out = run(waiting, { type: 'cot.pursuer.choose', entry: nine }, GM).state;
    expect(square(out, 'A2').stack[0]!.card.id).toBe(nine);
    expect(out.phase.kind).not.toBe('time');
  });

  test('COT-TIM-11 before 転界 there is no pursuer', () => {
    const s = toDecision(started());
    stack(s, 'A1', 'S', 9, true);
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(square(out, 'A1').stack).toHaveLength(1);
  });

  test('COT-TIM-12 a tie for the strongest waits for the GM\'s choice', () => {
    const s = afterTenkai();
    stack(s, 'A1', 'S', 9, true);
    const other = stack(s, 'E1', 'D', 9, true);
    // A standard deck has one ♠9; the tie needs a second card of that strength.
    const spade = stack(s, 'E2', 'S', 8, true);
    square(s, 'E2').stack[0]!.card.face = { kind: 'standard', suit: 'S', rank: 9 };
    const out = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    expect(out.phase).toMatchObject({ kind: 'time', step: { kind: 'pursuer' } });
    expect(refusal(out, { type: 'cot.pursuer.choose', entry: other }, GM).code).toBe('NOT_A_CANDIDATE');
    const moved = run(out, { type: 'cot.pursuer.choose', entry: spade }, GM).state;
    expect(square(moved, 'E3').stack[0]!.card.id).toBe(spade);
  });

  test.each([
    ['COT-TIM-13 D10 1: up', 1, null, 'up'],
    ['COT-TIM-13 D10 2: right', 2, null, 'right'],
    ['COT-TIM-13 D10 3: down', 3, null, 'down'],
    ['COT-TIM-13 D10 4: left', 4, null, 'left'],
    ['COT-TIM-13 D10 5: stop', 5, 'up', 'stop'],
    ['COT-TIM-13 TV-29 D10 7 after "right" moves right', 7, 'right', 'right'],
    ['COT-TIM-13 D10 6–9 with no previous move: stop', 9, null, 'stop'],
    ['COT-TIM-13 D10 10: two steps toward the party', 10, 'left', 'toward'],
  ] as const)('%s', (_name, d10, last, move) => {
    expect(aceMove(d10, last)).toBe(move);
  });

  test('COT-TIM-13 the ♠A pursuer follows T-ACE: 10 moves it two steps toward the party', () => {
    const s = afterTenkai();
    const ace = stack(s, 'C1', 'S', 1, true);
    const waiting = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    const out = run(waiting, { type: 'cot.pursuer.choose', entry: ace }, GM, [10]).state;
    expect(square(out, 'C3').stack[0]!.card.id).toBe(ace);
    expect(out.party.aceLastMove).toBe('toward');
  });

  test('COT-TIM-13 an ace move off the board leaves it where it is', () => {
    const s = afterTenkai();
    const ace = stack(s, 'C1', 'S', 1, true);
    const waiting = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    const out = run(waiting, { type: 'cot.pursuer.choose', entry: ace }, GM, [1]).state;
    expect(square(out, 'C1').stack[0]!.card.id).toBe(ace);
  });
});
