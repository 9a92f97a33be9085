import { describe, expect, test } from 'vitest';
import { verifyCommitment } from '../../kernel/commitment.ts';
import { freeTable } from './index.ts';
import { AT, GM, P, SPECTATOR, cmd, eventsFor, handIds, run, table, viewOf } from './testing.ts';

/** Two seats holding two cards each, and one declaration of every kind for both seats. */
function opened() {
  const s = run(table(2, ['A', 'B', 'C', 'D', 'E']), [
    [GM, { type: 'deck.deal', seat: 's1', count: 2 }],
    [GM, { type: 'deck.deal', seat: 's2', count: 2 }],
    [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text' }],
    [GM, { type: 'decl.open', prompt: 'Which?', kind: 'choice', choices: ['fight', 'flee', 'parley'] }],
    [GM, { type: 'decl.open', prompt: 'Card?', kind: 'card' }],
  ]).state;
  return s;
}

describe('sealed declarations', () => {
  test('the last answer reveals in the same command, as one event every viewer can check', () => {
    const s = run(opened(), [[P(1), { type: 'decl.answer', decl: 'd2', answer: { kind: 'choice', index: 2 } }]]).state;
    const r = freeTable.apply(s, cmd({ type: 'decl.answer', decl: 'd2', answer: { kind: 'choice', index: 0 } }), P(2), AT);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.events.map((e) => e.type)).toEqual(['decl.answered', 'decl.revealed']);
    for (const v of [GM, SPECTATOR, P(1), P(2)]) {
      const [, revealed] = eventsFor(r.value.events, v);
      if (revealed?.type !== 'decl.revealed') throw new Error('reveal missing');
      expect(revealed.decl.answers.map((a) => a.answer)).toEqual([{ kind: 'choice', index: 2 }, { kind: 'choice', index: 0 }]);
      for (const a of [...revealed.decl.answers, ...viewOf(r.value.state, v).declarations[1]!.answers]) {
        expect(verifyCommitment(a.answer, a.salt!, a.commitment!)).toBe(true);
      }
    }
  });

  test('a changed answer gets a new salt and a new commitment; the reveal publishes the last one', () => {
    const first = run(opened(), [[P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }]]).state;
    const again = run(first, [[P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }]]).state;
    const a = first.decls[0]!.sealed.answers['s1']!;
    const b = again.decls[0]!.sealed.answers['s1']!;
    expect(b.salt).not.toBe(a.salt);
    expect(b.commitment).not.toBe(a.commitment);
    const mine = viewOf(again, P(1)).declarations[0]!.answers[0]!;
    expect(mine).toEqual({ seat: 's1', declared: true, commitment: b.commitment, answer: { kind: 'text', text: 'north' }, salt: b.salt });
    const revealed = run(again, [[GM, { type: 'decl.reveal', decl: 'd1' }]]).state;
    const pub = viewOf(revealed, P(2)).declarations[0]!;
    expect(pub.status).toBe('revealed');
    expect(pub.answers).toEqual([
      { seat: 's1', declared: true, commitment: b.commitment, answer: { kind: 'text', text: 'north' }, salt: b.salt },
      { seat: 's2', declared: false },
    ]);
  });

  test('a revealed card answer goes face up to the table with the committed id', () => {
    const s = opened();
    const c1 = handIds(s, 's1')[0]!;
    const c2 = handIds(s, 's2')[1]!;
    const faces = [s.hands.s1![0]!.face, s.hands.s2![1]!.face];
    const r = run(s, [
      [P(1), { type: 'decl.answer', decl: 'd3', answer: { kind: 'card', card: c1 } }],
      [P(2), { type: 'decl.answer', decl: 'd3', answer: { kind: 'card', card: c2 } }],
    ]);
    expect(r.state.table).toEqual([
      { card: { id: c1, face: faces[0] }, owner: P(1), faceUp: true },
      { card: { id: c2, face: faces[1] }, owner: P(2), faceUp: true },
    ]);
    expect(handIds(r.state, 's1')).toHaveLength(1);
    const decl = viewOf(r.state, SPECTATOR).declarations[2]!;
    expect(decl.answers.map((a) => a.card)).toEqual(faces);
    for (const a of decl.answers) expect(verifyCommitment(a.answer, a.salt!, a.commitment!)).toBe(true);
    expect(eventsFor(r.events, SPECTATOR).map((e) => e.type)).toEqual(['decl.answered', 'decl.answered', 'decl.revealed', 'card.played', 'card.played']);
  });

  test('a declared card the GM discarded is revealed by face and stays in the discard pile', () => {
    const s = opened();
    const c1 = handIds(s, 's1')[0]!;
    const face = s.hands.s1![0]!.face;
    const r = run(s, [
      [P(1), { type: 'decl.answer', decl: 'd3', answer: { kind: 'card', card: c1 } }],
      [GM, { type: 'card.discard', card: c1 }],
      [GM, { type: 'decl.reveal', decl: 'd3' }],
    ]);
    expect(r.state.table).toEqual([]);
    expect(r.state.deck.discard).toEqual([{ id: c1, face }]);
    expect(viewOf(r.state, P(2)).declarations[2]!.answers[0]).toMatchObject({ declared: true, card: face });
  });

  test('the opened event and view show every seat undeclared', () => {
    const r = run(table(2), [[GM, { type: 'decl.open', prompt: 'Go?', kind: 'text' }]]);
    const [event] = eventsFor(r.events, P(1));
    expect(event).toEqual({
      type: 'decl.opened',
      decl: { id: 'd1', prompt: 'Go?', kind: 'text', seats: ['s1', 's2'], status: 'open', answers: [{ seat: 's1', declared: false }, { seat: 's2', declared: false }] },
    });
    expect(viewOf(r.state, P(1)).declarations).toEqual([event?.type === 'decl.opened' && event.decl]);
  });
});

describe('card ids are re-keyed through hidden zones', () => {
  test('draw, pass and face-down play each give a new id; face-up play keeps it', () => {
    let s = table(2, ['A', 'B', 'C', 'D']);
    const pile = s.deck.draw.map((c) => c.id);
    s = run(s, [[P(1), { type: 'deck.draw', count: 3 }]]).state;
    const drawn = handIds(s, 's1');
    expect(drawn.filter((id) => pile.includes(id))).toEqual([]);

    const passed = run(s, [[P(1), { type: 'card.pass', card: drawn[0], to: 's2' }]]);
    const received = handIds(passed.state, 's2')[0]!;
    expect(received).not.toBe(drawn[0]);
    expect(eventsFor(passed.events, P(1))).toEqual([{ type: 'card.passed', from: 's1', to: 's2', card: { id: drawn[0], face: s.hands.s1![0]!.face } }]);
    expect(eventsFor(passed.events, P(2))[0]).toMatchObject({ card: { id: received } });
    expect(eventsFor(passed.events, SPECTATOR)).toEqual([{ type: 'card.passed', from: 's1', to: 's2' }]);

    const down = run(s, [[P(1), { type: 'card.play', card: drawn[1], faceUp: false }]]).state;
    expect(down.table[0]!.card.id).not.toBe(drawn[1]);
    const up = run(s, [[P(1), { type: 'card.play', card: drawn[1], faceUp: true }]]).state;
    expect(up.table[0]!.card.id).toBe(drawn[1]);
  });

  test('other seats see a draw as a count only', () => {
    const r = run(table(2, ['A', 'B', 'C']), [[P(1), { type: 'deck.draw', count: 2 }]]);
    expect(eventsFor(r.events, P(2))).toEqual([{ type: 'cards.drawn', seat: 's1', cards: [], count: 2 }]);
    expect(eventsFor(r.events, GM)[0]).toMatchObject({ cards: [{ face: { kind: 'custom' } }, { face: { kind: 'custom' } }], count: 2 });
    expect(viewOf(r.state, P(2)).hands).toEqual({ s2: [] });
    expect(viewOf(r.state, SPECTATOR).seats.map((x) => x.handCount)).toEqual([2, 0]);
  });
});
