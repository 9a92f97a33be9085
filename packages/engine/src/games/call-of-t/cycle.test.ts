import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import { INTERACTION_TABLE } from './tables.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, P3, body, character, deal, investigate, refusal, run, square, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

const waitThenEvents = (s: CotState, dice: number[] = []) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM, dice);

/** A quiet cycle: nothing declared, the party waits on a safe gate. */
function quietCycle(s: CotState): CotState {
  return waitThenEvents(toDecision(s)).state;
}

describe('cycle and flow (COT-FLOW-01, COT-END)', () => {
  test('COT-FLOW-01 a cycle runs investigation, time passage, events, then the cycle end', () => {
    const phases: string[] = [];
    let s = started({ options: { gateIsSafe: true } });
    phases.push(s.phase.kind);
    s = toDecision(s);
    phases.push(s.phase.kind);
    s = waitThenEvents(s).state;
    phases.push(s.phase.kind);
    s = run(s, { type: 'cot.end.next' }, GM).state;
    phases.push(s.phase.kind);
    expect(phases).toEqual(['investigation', 'time', 'cycleEnd', 'investigation']);
    expect(s.cycle).toBe(2);
  });

  test('COT-END-01 each player records the cycle\'s LTF change for their own character', () => {
    const hungry = { food: 0, money: 0, sleds: 0, ropes: false, fairyDust: 0 };
    let s = investigate(started({ options: { gateIsSafe: true }, party: hungry }), { ch1: { kind: 'scout', target: 'C4' } }, [70]).state;
    s = waitThenEvents(s).state;
    expect(refusal(s, { type: 'cot.end.confirm', character: 'ch1' }, P2).code).toBe('NOT_YOUR_CHARACTER');
    const out = run(s, { type: 'cot.end.confirm', character: 'ch1' }, P1);
    expect(body(out.events[0]!)).toMatchObject({ key: 'ltf.recorded', params: { character: 'ch1', change: 3, ltfThirds: 3 } });
    expect(view(out.state, P2).phase.detail.confirmed).toEqual(['ch1']);
  });

  test('COT-END-02 the GM passes a hand card; only giver, receiver and GM see it, others see the sizes change', () => {
    const s = quietCycle(started({ options: { gateIsSafe: true } }));
    const card = deal(s, 'ch1', 'C', 8);
    expect(refusal(s, { type: 'cot.end.pass', from: 'ch1', to: 'ch2', card }, P1).code).toBe('NOT_GM');
    const out = run(s, { type: 'cot.end.pass', from: 'ch1', to: 'ch2', card }, GM);
    const newId = character(out.state, 'ch2').hand[0]!.id;
    expect(newId).not.toBe(card);
    expect(view(out.state, P2).hands.ch2![0]!.face).toEqual({ kind: 'standard', suit: 'C', rank: 8 });
    const p3 = out.events.map((e) => viewEvent(e, P3));
    expect(JSON.stringify(p3)).not.toContain(newId);
    expect(JSON.stringify(p3)).not.toContain(card);
    expect(view(out.state, P3).characters.map((c) => c.handCount)).toEqual([0, 1, 0]);
  });

  test('COT-END-03 after cycle 14 comes the night cycle', () => {
    let s = started({ options: { gateIsSafe: true } });
    for (let n = 1; n <= 14; n++) {
      expect(s.cycle).toBe(n);
      s = run(quietCycle(s), { type: 'cot.end.next' }, GM).state;
    }
    expect(s.phase.kind).toBe('night');
  });

  test('COT-MOD-13 the cycle limit follows the option', () => {
    let s = started({ options: { gateIsSafe: true, maxCycles: 2 } });
    s = run(quietCycle(s), { type: 'cot.end.next' }, GM).state;
    s = run(quietCycle(s), { type: 'cot.end.next' }, GM).state;
    expect(s.phase.kind).toBe('night');
  });
});

describe('interactions (COT-INT)', () => {
  const meeting = (rank: number, dice: number[]) => {
    const s = toDecision(started());
    stack(s, 'C5', 'H', rank, true);
    return waitThenEvents(s, dice).state;
  };

  test('COT-INT-01 the engine rolls the number appearing and hands the row to the GM', () => {
    const s = meeting(5, [4]); // Durulz warband: 1D6+2
    expect(s.phase).toMatchObject({ kind: 'event', step: { kind: 'interaction', number: 5, count: 6 } });
    expect(INTERACTION_TABLE[5]!.effects).toEqual(['scout', 'reinforce', 'defend']);
  });

  test('COT-INT-01 after a defeat the same number brings nobody on its minimum roll, else twice as many', () => {
    const none = toDecision(started());
    none.party.defeatedInteractionNumbers = [5];
    const heart = stack(none, 'C5', 'H', 5, true);
    const out = waitThenEvents(none, [1]);
    expect(out.events.map(body).some((e) => e.type === 'cot.step' && e.step === 'interaction' && e.outcome === 'nobody')).toBe(true);
    expect(out.state.discard.map((c) => c.id)).toContain(heart);
    const many = toDecision(started());
    many.party.defeatedInteractionNumbers = [5];
    stack(many, 'C5', 'H', 5, true);
    expect(waitThenEvents(many, [4]).state.phase).toMatchObject({ step: { count: 12 } });
  });

  test('COT-INT-04 援軍: the card is tapped and moved next door, and lowers the first encounter there', () => {
    const s = meeting(9, [3, 3]);
    const heart = square(s, 'C5').stack[0]!.card.id;
    const out = run(s, { type: 'cot.int.outcome', result: { effect: 'reinforce', to: 'C4', value: 7 } }, GM).state;
    expect(square(out, 'C4').stack[0]).toMatchObject({ tapped: true, faceUp: true });
    expect(square(out, 'C4').stack[0]!.card.id).toBe(heart);
    expect(out.party.reinforcements).toEqual([{ square: 'C4', entryId: heart, value: 7 }]);
  });

  test('COT-INT-01 only the GM reports the effect taken', () => {
    expect(refusal(meeting(2, [3]), { type: 'cot.int.outcome', result: { effect: 'none' } }, P1).code).toBe('NOT_GM');
  });

  test('COT-INT-03 偵察 substitutes for scout rolls: each named adjacent square is closed and its suit told to the party', () => {
    const s = meeting(12, [2]); // elves: Scout, Trade
    const hidden = stack(s, 'B5', 'S', 12, false);
    const out = run(s, { type: 'cot.int.outcome', result: { effect: 'scout', squares: ['C4', 'B5'] } }, GM).state;
    expect(square(out, 'C4').stack).toEqual([expect.objectContaining({ faceUp: false })]);
    for (const v of [P1, P2, P3]) {
      const facts = view(out, v).facts;
      expect(facts.map((f) => f.square).sort()).toEqual(['B5', 'C4']);
      expect(facts.find((f) => f.square === 'B5')).toMatchObject({ entryId: hidden, value: 'S' });
    }
    expect(refusal(s, { type: 'cot.int.outcome', result: { effect: 'scout', squares: ['C3'] } }, GM).code).toBe('NOT_ADJACENT');
  });
});
