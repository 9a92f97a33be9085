import type { CotOptions } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { omenSquares, roadBackSquares } from './death-omen.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, body, character, deal, decision, refusal, run, square, started } from './test-support.ts';
import { view } from './view.ts';

describe('death omen (COT-TIM-02)', () => {
  const tenkai = (options: Partial<CotOptions> = {}) => {
    const s = started({ options });
    s.party.tenkai = true;
    return s;
  };

  test('COT-TIM-02 squares near the gate: distance first, then the gate\'s column, never the gate', () => {
    expect(omenSquares(5, 5, 'C5').slice(0, 6)).toEqual(['C4', 'B5', 'D5', 'C3', 'B4', 'D4']);
    expect(omenSquares(5, 5, 'C5')).not.toContain('C5');
  });

  test('COT-TIM-01 after 転界 the time phase opens with the death omen, and the GM confirms the squares', () => {
    const s = tenkai();
    const spade = deal(s, 'ch1', 'S', 9);
    deal(s, 'ch1', 'S', 3);
    const out = run(s, { type: 'cot.inv.force' }, GM, [90]).state;
    expect(out.phase).toMatchObject({ kind: 'time', step: { kind: 'omen', cards: [{ character: 'ch1', cardId: spade, square: 'C4' }] } });
    const placed = run(out, { type: 'cot.omen.confirm' }, GM).state;
    const entry = square(placed, 'C4').stack[0]!;
    expect(entry).toMatchObject({ faceUp: false, origin: 'hand' });
    expect(entry.card.id).not.toBe(spade);
    expect(entry.card.face).toEqual({ kind: 'standard', suit: 'S', rank: 9 });
    expect(view(placed, P1).facts).toEqual([expect.objectContaining({ square: 'C4', fact: 'card' })]);
    expect(view(placed, P2).facts).toEqual([]);
    expect(decision(placed)).toBeTruthy();
  });

  test('COT-TIM-02 a successful resistance roll keeps the spade', () => {
    const s = tenkai();
    deal(s, 'ch1', 'S', 9);
    const out = run(s, { type: 'cot.inv.force' }, GM, [20]).state;
    expect(decision(out)).toBeTruthy();
    expect(character(out, 'ch1').hand).toHaveLength(1);
  });

  test('COT-TIM-02 Roy is exempt, and characters without a spade do not roll', () => {
    const s = tenkai();
    character(s, 'ch1').exemptFromDeathOmen = true;
    deal(s, 'ch1', 'S', 9);
    deal(s, 'ch3', 'S', 4);
    const out = run(s, { type: 'cot.inv.force' }, GM, [20]);
    const rolls = out.events.map(body).flatMap((e) => (e.type === 'cot.check' && e.purpose === 'deathOmen' ? [e.character] : []));
    expect(rolls).toEqual(['ch3']);
  });

  test('COT-TIM-02 several failers: the GM shuffles their spades face-down; nobody learns where theirs went', () => {
    const s = tenkai();
    deal(s, 'ch1', 'S', 9);
    deal(s, 'ch2', 'S', 7);
    const omen = run(s, { type: 'cot.inv.force' }, GM, [90, 90]).state;
    const placed = run(omen, { type: 'cot.omen.confirm', squares: ['C4', 'B5'] }, GM).state;
    const faces = ['C4', 'B5'].map((q) => square(placed, q).stack[0]!);
    expect(faces.every((e) => !e.faceUp)).toBe(true);
    expect(faces.map((e) => (e.card.face.kind === 'standard' ? e.card.face.rank : 0)).sort()).toEqual([7, 9]);
    for (const v of [P1, P2]) expect(view(placed, v).facts).toEqual([]);
    expect(refusal(omen, { type: 'cot.omen.confirm', squares: ['C5', 'B5'] }, GM).code).toBe('BAD_SQUARE');
  });

  test.each([
    ['COT-TIM-02 Q5 road back: one step from the party toward the gate, vertical first', 'A2', ['A3']],
    ['COT-TIM-02 Q5 road back: further cards go on along the road', 'A2', ['A3', 'A4']],
    ['COT-TIM-02 Q5 road back from next to the gate: the gate is left out, the squares nearest it are used', 'C4', ['C4']],
  ])('%s', (_name, from, squares) => {
    const s = tenkai({ omenPlacement: 'roadBack' });
    s.party.position = from;
    deal(s, 'ch1', 'S', 9);
    if (squares.length > 1) deal(s, 'ch2', 'S', 7);
    const out = run(s, { type: 'cot.inv.force' }, GM, squares.map(() => 90)).state;
    expect(out.phase).toMatchObject({ kind: 'time', step: { kind: 'omen' } });
    if (out.phase.kind !== 'time' || out.phase.step.kind !== 'omen') return;
    expect(out.phase.step.cards.map((c) => c.square)).toEqual(squares);
  });

  test('COT-TIM-02 Q5 the road back runs vertical first, and the squares nearest the gate follow it', () => {
    expect(roadBackSquares(5, 5, 'C5', 'A1').slice(0, 6)).toEqual(['A2', 'A3', 'A4', 'A5', 'B5', 'C4']);
    expect(roadBackSquares(5, 5, 'C5', 'C5')).toEqual(omenSquares(5, 5, 'C5'));
  });
});
