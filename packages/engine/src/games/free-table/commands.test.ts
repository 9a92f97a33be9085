import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { standardFaces } from '../../capabilities/cards/deck.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import type { Step } from './testing.ts';
import { AT, GM, P, SPECTATOR, cmd, eventsFor, handIds, run, table, viewOf } from './testing.ts';

const UNKNOWN_CARD = 'c0123456789abcdef';

/** Three seats, a six-card deck; s1 holds two cards, s2 one; s2 has a face-down card on the table. */
function dealt(): FreeTableState {
  const s = run(table(3, ['A', 'B', 'C', 'D', 'E', 'F']), [
    [GM, { type: 'deck.deal', seat: 's1', count: 2 }],
    [GM, { type: 'deck.deal', seat: 's2', count: 2 }],
  ]).state;
  return run(s, [[P(2), { type: 'card.play', card: handIds(s, 's2')[1], faceUp: false }]]).state;
}
const s1Card = (s: FreeTableState, i = 0) => handIds(s, 's1')[i]!;
const s2Card = (s: FreeTableState) => handIds(s, 's2')[0]!;
const tableCard = (s: FreeTableState, i = 0) => s.table[i]!.card.id;

/** A GM-only roll by s1 (r1), a public roll by s1 (r2), a GM note n1, a text declaration d1 for s1 and s2. */
function busy(): FreeTableState {
  return run(dealt(), [
    [P(1), { type: 'roll', expr: '2D6', visibility: 'gm' }],
    [P(1), { type: 'roll', expr: '2D6' }],
    [GM, { type: 'note.add', text: 'note' }],
    [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text', seats: ['s1', 's2'] }],
    [GM, { type: 'decl.open', prompt: 'Which?', kind: 'choice', choices: ['x', 'y'] }],
    [GM, { type: 'decl.open', prompt: 'Card?', kind: 'card', seats: ['s1', 's2'] }],
  ]).state;
}

type Given = () => FreeTableState;
type Command = unknown | ((s: FreeTableState) => unknown);
const resolve = (s: FreeTableState, c: Command) => cmd(typeof c === 'function' ? c(s) : c);

const rejections: [string, Given, Viewer, Command, string][] = [
  ['a spectator may not act', busy, SPECTATOR, { type: 'chat.send', to: { kind: 'all' }, text: 'hi' }, 'SPECTATOR_READ_ONLY'],
  ['a spectator may not roll', busy, SPECTATOR, { type: 'roll', expr: '2D6' }, 'SPECTATOR_READ_ONLY'],
  ['only the GM adds seats', busy, P(1), { type: 'seat.add', name: 'x' }, 'NOT_GM'],
  ['only the GM renames seats', busy, P(1), { type: 'seat.rename', seat: 's1', name: 'x' }, 'NOT_GM'],
  ['rename of an unknown seat', busy, GM, { type: 'seat.rename', seat: 's9', name: 'x' }, 'NO_SUCH_SEAT'],
  ['whisper to an unknown seat', busy, P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's9' }, text: 'x' }, 'NO_SUCH_SEAT'],
  ['a player whose seat is gone', busy, P(9), { type: 'chat.send', to: { kind: 'all' }, text: 'x' }, 'NO_SUCH_SEAT'],
  ['a malformed roll', busy, P(1), { type: 'roll', expr: 'hello' }, 'DICE_SYNTAX'],
  ['reveal of an unknown roll', busy, P(1), { type: 'roll.reveal', roll: 'r99' }, 'NO_SUCH_ROLL'],
  ['reveal of another seat’s roll', busy, P(2), { type: 'roll.reveal', roll: 'r1' }, 'NOT_YOUR_ROLL'],
  ['the GM may not reveal a player’s roll', busy, GM, { type: 'roll.reveal', roll: 'r1' }, 'NOT_YOUR_ROLL'],
  ['reveal of a public roll', busy, P(1), { type: 'roll.reveal', roll: 'r2' }, 'ROLL_ALREADY_PUBLIC'],
  ['only the GM adds notes', busy, P(1), { type: 'note.add', text: 'x' }, 'NOT_GM'],
  ['only the GM removes notes', busy, P(1), { type: 'note.remove', note: 'n1' }, 'NOT_GM'],
  ['removal of an unknown note', busy, GM, { type: 'note.remove', note: 'n9' }, 'NO_SUCH_NOTE'],
  ['only the GM creates decks', busy, P(1), { type: 'deck.create', deck: { kind: 'standard' } }, 'NOT_GM'],
  ['a new deck while cards are out', busy, GM, { type: 'deck.create', deck: { kind: 'standard' } }, 'DECK_IN_USE'],
  ['only the GM shuffles', busy, P(1), { type: 'deck.shuffle' }, 'NOT_GM'],
  ['only the GM deals', busy, P(1), { type: 'deck.deal', seat: 's1', count: 1 }, 'NOT_GM'],
  ['deal to an unknown seat', busy, GM, { type: 'deck.deal', seat: 's9', count: 1 }, 'NO_SUCH_SEAT'],
  ['deal more than the pile holds', busy, GM, { type: 'deck.deal', seat: 's1', count: 3 }, 'DECK_EMPTY'],
  ['draw before any deck', () => table(1), P(1), { type: 'deck.draw', count: 1 }, 'DECK_EMPTY'],
  ['draw more than the pile holds', busy, P(3), { type: 'deck.draw', count: 3 }, 'DECK_EMPTY'],
  ['the GM has no hand to draw into', busy, GM, { type: 'deck.draw', count: 1 }, 'NOT_A_PLAYER'],
  ['the GM has no hand to pass from', busy, GM, (s: FreeTableState) => ({ type: 'card.pass', card: s1Card(s), to: 's2' }), 'NOT_A_PLAYER'],
  ['pass of an unknown card', busy, P(1), { type: 'card.pass', card: UNKNOWN_CARD, to: 's2' }, 'NO_SUCH_CARD'],
  ['pass of a draw-pile card', busy, P(1), (s: FreeTableState) => ({ type: 'card.pass', card: s.deck.draw[0]!.id, to: 's2' }), 'NO_SUCH_CARD'],
  ['pass of another seat’s card', busy, P(1), (s: FreeTableState) => ({ type: 'card.pass', card: s2Card(s), to: 's3' }), 'NOT_YOUR_CARD'],
  ['pass of a table card', busy, P(2), (s: FreeTableState) => ({ type: 'card.pass', card: tableCard(s), to: 's1' }), 'CARD_NOT_IN_HAND'],
  ['pass to an unknown seat', busy, P(1), (s: FreeTableState) => ({ type: 'card.pass', card: s1Card(s), to: 's9' }), 'NO_SUCH_SEAT'],
  ['pass to oneself', busy, P(1), (s: FreeTableState) => ({ type: 'card.pass', card: s1Card(s), to: 's1' }), 'SAME_SEAT'],
  ['the GM has no hand to play from', busy, GM, (s: FreeTableState) => ({ type: 'card.play', card: s1Card(s), faceUp: true }), 'NOT_A_PLAYER'],
  ['play of another seat’s card', busy, P(1), (s: FreeTableState) => ({ type: 'card.play', card: s2Card(s), faceUp: true }), 'NOT_YOUR_CARD'],
  ['play of an unknown card', busy, P(1), { type: 'card.play', card: UNKNOWN_CARD, faceUp: true }, 'NO_SUCH_CARD'],
  ['flip of a hand card', busy, P(1), (s: FreeTableState) => ({ type: 'card.flip', card: s1Card(s) }), 'NO_SUCH_CARD'],
  ['flip of another seat’s table card', busy, P(1), (s: FreeTableState) => ({ type: 'card.flip', card: tableCard(s) }), 'NOT_YOUR_CARD'],
  ['discard of another seat’s table card', busy, P(1), (s: FreeTableState) => ({ type: 'card.discard', card: tableCard(s) }), 'NOT_YOUR_CARD'],
  ['discard of another seat’s hand card', busy, P(1), (s: FreeTableState) => ({ type: 'card.discard', card: s2Card(s) }), 'NOT_YOUR_CARD'],
  ['discard of a draw-pile card, even by the GM', busy, GM, (s: FreeTableState) => ({ type: 'card.discard', card: s.deck.draw[0]!.id }), 'NO_SUCH_CARD'],
  ['only the GM opens declarations', busy, P(1), { type: 'decl.open', prompt: 'x', kind: 'text' }, 'NOT_GM'],
  ['a choice declaration needs choices', busy, GM, { type: 'decl.open', prompt: 'x', kind: 'choice' }, 'BAD_DECL'],
  ['choices only for a choice declaration', busy, GM, { type: 'decl.open', prompt: 'x', kind: 'text', choices: ['a', 'b'] }, 'BAD_DECL'],
  ['a declaration for an unknown seat', busy, GM, { type: 'decl.open', prompt: 'x', kind: 'text', seats: ['s1', 's9'] }, 'NO_SUCH_SEAT'],
  ['a declaration with no seats at the table', () => table(0), GM, { type: 'decl.open', prompt: 'x', kind: 'text' }, 'NO_SEATS'],
  ['the GM does not answer', busy, GM, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'x' } }, 'NOT_A_PLAYER'],
  ['answer to an unknown declaration', busy, P(1), { type: 'decl.answer', decl: 'd9', answer: { kind: 'text', text: 'x' } }, 'NO_SUCH_DECL'],
  ['answer from a seat not asked', busy, P(3), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'x' } }, 'NOT_IN_DECL'],
  ['answer of the wrong kind', busy, P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'choice', index: 0 } }, 'BAD_ANSWER'],
  ['choice out of range', busy, P(1), { type: 'decl.answer', decl: 'd2', answer: { kind: 'choice', index: 2 } }, 'BAD_ANSWER'],
  ['card answer not in one’s hand', busy, P(1), (s: FreeTableState) => ({ type: 'decl.answer', decl: 'd3', answer: { kind: 'card', card: s2Card(s) } }), 'CARD_NOT_IN_HAND'],
  ['answer after the reveal', () => run(busy(), [[GM, { type: 'decl.reveal', decl: 'd1' }]]).state, P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'x' } }, 'DECL_CLOSED'],
  ['reveal twice', () => run(busy(), [[GM, { type: 'decl.reveal', decl: 'd1' }]]).state, GM, { type: 'decl.reveal', decl: 'd1' }, 'DECL_CLOSED'],
  ['only the GM forces a reveal', busy, P(1), { type: 'decl.reveal', decl: 'd1' }, 'NOT_GM'],
  ['forced reveal of an unknown declaration', busy, GM, { type: 'decl.reveal', decl: 'd9' }, 'NO_SUCH_DECL'],
];

describe('free-table rejections', () => {
  test.each(rejections)('%s', (_name, given, actor, command, code) => {
    const state = given();
    const before = structuredClone(state);
    const c = resolve(state, command);
    const result = freeTable.apply(state, c, actor, AT);
    expect(result.ok ? 'accepted' : result.error.code).toBe(code);
    expect(state).toEqual(before);
  });

  test('a card named in an open sealed answer stays in the hand (CARD_DECLARED)', () => {
    const s = busy();
    const card = s1Card(s);
    const answered = run(s, [[P(1), { type: 'decl.answer', decl: 'd3', answer: { kind: 'card', card } }]]).state;
    for (const c of [
      { type: 'card.play', card, faceUp: true },
      { type: 'card.pass', card, to: 's2' },
      { type: 'card.discard', card },
    ]) {
      const r = freeTable.apply(answered, cmd(c), P(1), AT);
      expect(r.ok ? 'accepted' : r.error.code).toBe('CARD_DECLARED');
    }
    const again = run(answered, [[GM, { type: 'decl.open', prompt: 'again', kind: 'card', seats: ['s1'] }]]).state;
    const r = freeTable.apply(again, cmd({ type: 'decl.answer', decl: 'd4', answer: { kind: 'card', card } }), P(1), AT);
    expect(r.ok ? 'accepted' : r.error.code).toBe('CARD_DECLARED');
  });
});

/** `events`: what the GM reads of the command's events. */
type Check = (s: FreeTableState, events: ReturnType<typeof eventsFor>, before: FreeTableState) => void;
const happy: [string, Given, Viewer, Command, Check][] = [
  ['seat.add numbers seats in order', busy, GM, { type: 'seat.add', name: 'Dora' }, (s, ev) => {
    expect(s.seats.map((x) => x.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(ev).toEqual([{ type: 'seat.added', seat: 's4', name: 'Dora' }]);
  }],
  ['seat.rename', busy, GM, { type: 'seat.rename', seat: 's2', name: 'Bea' }, (s) => expect(s.seats[1]!.name).toBe('Bea')],
  // A seat speaks as its first character (CAST-05): at first, named after the seat.
  ['chat.send to all by a player', busy, P(2), { type: 'chat.send', to: { kind: 'all' }, text: 'hello' }, (s) =>
    expect(s.feed.at(-1)).toEqual({ kind: 'chat', id: 'm1', from: P(2), to: { kind: 'all' }, channel: 'main', text: 'hello', speaker: { name: s.seats[1]!.name, color: expect.stringMatching(/^#[0-9a-f]{6}$/) } })],
  ['chat.send to the off-topic tab keeps its channel', busy, P(2), { type: 'chat.send', to: { kind: 'all' }, channel: 'other', text: 'snacks?' }, (s) =>
    expect(s.feed.at(-1)).toMatchObject({ kind: 'chat', channel: 'other', text: 'snacks?' })],
  ['roll to the off-topic tab keeps its channel', busy, P(2), { type: 'roll', expr: '2D6', channel: 'other' }, (s) =>
    expect(s.feed.at(-1)).toMatchObject({ kind: 'roll', channel: 'other', visibility: 'public' })],
  ['chat.send ids count up within a conversation', () => run(busy(), [[GM, { type: 'chat.send', to: { kind: 'seat', seat: 's1' }, text: 'a' }]]).state, GM,
    { type: 'chat.send', to: { kind: 'seat', seat: 's1' }, text: 'b' }, (s) => expect(s.feed.at(-1)?.id).toBe('m.gm.s1.2')],
  ['roll keeps the dice result', busy, P(3), { type: 'roll', expr: '1D100<=50', visibility: 'self' }, (s) => {
    const item = s.feed.at(-1);
    expect(item).toMatchObject({ kind: 'roll', id: 'r3', by: P(3), visibility: 'self', revealed: false });
    expect(item?.kind === 'roll' && item.result.expr).toBe('1D100<=50');
  }],
  ['an S prefix makes a public roll a GM roll', busy, P(1), { type: 'roll', expr: 'S2D6' }, (s) =>
    expect(s.feed.at(-1)).toMatchObject({ visibility: 'gm' })],
  ['an S prefix leaves a self roll self', busy, GM, { type: 'roll', expr: 'S2D6', visibility: 'self' }, (s) =>
    expect(s.feed.at(-1)).toMatchObject({ visibility: 'self', by: GM })],
  ['roll.reveal by the roller', busy, P(1), { type: 'roll.reveal', roll: 'r1' }, (s, ev) => {
    expect(s.feed.find((f) => f.id === 'r1')).toMatchObject({ revealed: true });
    expect(ev.map((e) => e.type)).toEqual(['roll.revealed']);
  }],
  ['note.add', busy, GM, { type: 'note.add', text: 'second' }, (s) => expect(s.notes.map((n) => n.id)).toEqual(['n1', 'n2'])],
  ['note.remove', busy, GM, { type: 'note.remove', note: 'n1' }, (s) => expect(s.notes).toEqual([])],
  ['deck.create standard with jokers, shuffled', () => table(2), GM, { type: 'deck.create', deck: { kind: 'standard', jokers: true } }, (s) => {
    expect(s.deck.size).toBe(54);
    expect(s.deck.draw).toHaveLength(54);
    const faces = s.deck.draw.map((c) => c.face);
    expect([...faces].sort(byText)).toEqual(standardFaces(true).sort(byText));
    expect(faces).not.toEqual(standardFaces(true));
  }],
  ['deck.create once every card is back or discarded', () => run(dealt(), [
    [GM, { type: 'card.discard', card: handIds(dealt(), 's1')[0] }],
    [GM, { type: 'card.discard', card: handIds(dealt(), 's1')[1] }],
    [GM, { type: 'card.discard', card: handIds(dealt(), 's2')[0] }],
    [GM, { type: 'card.discard', card: dealt().table[0]!.card.id }],
  ]).state, GM, { type: 'deck.create', deck: { kind: 'standard' } }, (s) => {
    expect(s.deck).toMatchObject({ size: 52, discard: [] });
    expect(s.deck.draw).toHaveLength(52);
  }],
  ['deck.shuffle re-keys every card of the draw pile', busy, GM, { type: 'deck.shuffle' }, (s, ev, before) => {
    const old = new Set(before.deck.draw.map((c) => c.id));
    expect(s.deck.draw.some((c) => old.has(c.id))).toBe(false);
    expect(s.deck.draw.map((c) => c.face).sort(byText)).toEqual(before.deck.draw.map((c) => c.face).sort(byText));
    expect(ev).toEqual([{ type: 'deck.shuffled', count: 2 }]);
  }],
  ['deck.deal takes from the top', busy, GM, { type: 'deck.deal', seat: 's3', count: 2 }, (s, _ev, before) => {
    expect(s.deck.draw).toHaveLength(0);
    expect(s.hands.s3!.map((c) => c.face)).toEqual(before.deck.draw.map((c) => c.face).reverse());
  }],
  ['deck.draw into one’s own hand', busy, P(3), { type: 'deck.draw', count: 1 }, (s) => {
    expect(s.hands.s3!).toHaveLength(1);
    expect(s.deck.draw).toHaveLength(1);
  }],
  ['card.pass moves a card to another hand', busy, P(1), (s: FreeTableState) => ({ type: 'card.pass', card: s1Card(s), to: 's3' }), (s, _e, b) => {
    expect(s.hands.s1!).toHaveLength(1);
    expect(s.hands.s3!.map((c) => c.face)).toEqual([b.hands.s1![0]!.face]);
  }],
  ['card.play face up', busy, P(1), (s: FreeTableState) => ({ type: 'card.play', card: s1Card(s), faceUp: true }), (s, _e, b) =>
    expect(s.table.at(-1)).toEqual({ card: b.hands.s1![0], owner: P(1), faceUp: true })],
  ['card.flip by the owner', busy, P(2), (s: FreeTableState) => ({ type: 'card.flip', card: tableCard(s) }), (s) =>
    expect(s.table[0]!.faceUp).toBe(true)],
  ['card.flip by the GM', busy, GM, (s: FreeTableState) => ({ type: 'card.flip', card: tableCard(s) }), (s) =>
    expect(s.table[0]!.faceUp).toBe(true)],
  ['card.discard from one’s own hand', busy, P(2), (s: FreeTableState) => ({ type: 'card.discard', card: s2Card(s) }), (s, _e, b) =>
    expect(s.deck.discard).toEqual([b.hands.s2![0]])],
  ['card.discard of one’s own table card', busy, P(2), (s: FreeTableState) => ({ type: 'card.discard', card: tableCard(s) }), (s) => {
    expect(s.table).toEqual([]);
    expect(s.deck.discard).toHaveLength(1);
  }],
  ['card.discard by the GM of any hand card', busy, GM, (s: FreeTableState) => ({ type: 'card.discard', card: s1Card(s, 1) }), (s) =>
    expect(s.hands.s1!).toHaveLength(1)],
  ['decl.open defaults to every seat', busy, GM, { type: 'decl.open', prompt: 'Vote', kind: 'text' }, (s) =>
    expect(s.decls.at(-1)).toMatchObject({ id: 'd4', sealed: { seats: ['s1', 's2', 's3'], status: 'open' } })],
  ['decl.answer stores a sealed answer', busy, P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }, (s, ev) => {
    expect(s.decls[0]!.sealed.status).toBe('open');
    expect(ev).toEqual([{ type: 'decl.answered', decl: 'd1', seat: 's1', commitment: s.decls[0]!.sealed.answers['s1']!.commitment }]);
  }],
  ['decl.reveal forced by the GM', busy, GM, { type: 'decl.reveal', decl: 'd2' }, (s, ev) => {
    expect(s.decls[1]!.sealed.status).toBe('revealed');
    expect(ev.map((e) => e.type)).toEqual(['decl.revealed']);
  }],
];

function byText(a: unknown, b: unknown): number {
  return JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
}

describe('free-table commands', () => {
  test.each(happy)('%s', (_name, given, actor, command, check) => {
    const state = given();
    const before = structuredClone(state);
    const result = freeTable.apply(state, resolve(state, command), actor, AT);
    if (!result.ok) throw new Error(`rejected: ${result.error.code}`);
    expect(state).toEqual(before);
    check(result.value.state, eventsFor(result.value.events, GM), before);
    for (const v of [GM, SPECTATOR, P(1), P(2), P(3)]) viewOf(result.value.state, v);
  });
});

describe('determinism', () => {
  const script: Step[] = [
    [GM, { type: 'deck.create', deck: { kind: 'standard', jokers: true } }],
    [P(1), { type: 'deck.draw', count: 5 }],
    [P(2), { type: 'roll', expr: '2D6' }],
    [GM, { type: 'decl.open', prompt: 'Go?', kind: 'text' }],
    [P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'yes' } }],
    [GM, { type: 'deck.shuffle' }],
  ];

  test('the same commands from the same seed give the same state', () => {
    const a = run(table(3), script);
    const b = run(table(3), script);
    expect(a).toEqual(b);
  });

  test('another seed deals other cards', () => {
    const seats: Step[] = [1, 2, 3].map((i) => [GM, { type: 'seat.add', name: `Player ${i}` }]);
    const other = run(freeTable.setup('0'.repeat(64)), [...seats, ...script]).state;
    expect(other.hands.s1!.map((c) => c.face)).not.toEqual(run(table(3), script).state.hands.s1!.map((c) => c.face));
  });
});
