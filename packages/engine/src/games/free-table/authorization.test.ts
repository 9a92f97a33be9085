import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import { describe, expect, test } from 'vitest';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { AT, GM, P, SPECTATOR, handIds, run, table } from './testing.ts';

/** Refusals that say the sender may not do this, as opposed to what the table is like. */
const AUTHORIZATION = new Set(['NOT_GM', 'NOT_YOUR_CARD', 'NOT_YOUR_ROLL', 'NOT_A_PLAYER', 'SPECTATOR_READ_ONLY', 'NO_SUCH_SEAT', 'NOT_YOUR_CHARACTER']);

/**
 * Who may send each command, and a table where seat s1 (the owner of whatever the command names) may: 'gm' for the
 * GM alone, 'owner' for the seat whose card, roll or answer it is (and the GM where the GM may act for it), 'member'
 * for anyone at the table. A new command type without a row does not compile.
 */
type Row = { who: 'gm' | 'owner' | 'owner-or-gm' | 'seat' | 'member'; given: () => FreeTableState; command: (s: FreeTableState) => unknown };

/** s1 and s2 with two cards each, a face-down card of s1's on the table, a GM roll of s1's, and an open declaration. */
const busy = (): FreeTableState =>
  run(table(2, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']), [
    [GM, { type: 'deck.deal', seat: 's1', count: 3 }],
    [GM, { type: 'deck.deal', seat: 's2', count: 2 }],
    [P(1), { type: 'roll', expr: '2D6', visibility: 'gm' }],
    [GM, { type: 'decl.open', prompt: 'Go?', kind: 'text' }],
    [GM, { type: 'note.add', text: 'n' }],
  ]).state;
const faceDown = (): FreeTableState => {
  const s = busy();
  return run(s, [[P(1), { type: 'card.play', card: handIds(s, 's1')[2], faceUp: false }]]).state;
};
const s1Card = (s: FreeTableState) => handIds(s, 's1')[0];
/** s1 with a second character, so either may go (CAST-03 keeps the last one). */
const twoOfS1 = (): FreeTableState => run(busy(), [[P(1), { type: 'cast.add', name: 'Second' }]]).state;

const rows = {
  'seat.add': { who: 'gm', given: busy, command: () => ({ type: 'seat.add', name: 'C' }) },
  'seat.rename': { who: 'gm', given: busy, command: () => ({ type: 'seat.rename', seat: 's1', name: 'A2' }) },
  'chat.send': { who: 'member', given: busy, command: () => ({ type: 'chat.send', to: { kind: 'all' }, text: 'hi' }) },
  'cast.add': { who: 'member', given: busy, command: () => ({ type: 'cast.add', name: 'Extra' }) },
  'cast.set': { who: 'owner-or-gm', given: busy, command: () => ({ type: 'cast.set', character: 's1.c1', name: 'Renamed' }) },
  'cast.remove': { who: 'owner-or-gm', given: twoOfS1, command: () => ({ type: 'cast.remove', character: 's1.c2' }) },
  'cast.palette': { who: 'owner-or-gm', given: busy, command: () => ({ type: 'cast.palette', character: 's1.c1', lines: ['2D6'] }) },
  roll: { who: 'member', given: busy, command: () => ({ type: 'roll', expr: '1D6' }) },
  'roll.reveal': { who: 'owner', given: busy, command: () => ({ type: 'roll.reveal', roll: 'r1' }) },
  'dice.system': { who: 'gm', given: busy, command: () => ({ type: 'dice.system', system: 'Cthulhu' }) },
  'note.add': { who: 'gm', given: busy, command: () => ({ type: 'note.add', text: 'x' }) },
  'note.remove': { who: 'gm', given: busy, command: () => ({ type: 'note.remove', note: 'n1' }) },
  'deck.create': { who: 'gm', given: () => table(2), command: () => ({ type: 'deck.create', deck: { kind: 'standard' } }) },
  'deck.shuffle': { who: 'gm', given: busy, command: () => ({ type: 'deck.shuffle' }) },
  'deck.deal': { who: 'gm', given: busy, command: () => ({ type: 'deck.deal', seat: 's1', count: 1 }) },
  'deck.draw': { who: 'seat', given: busy, command: () => ({ type: 'deck.draw', count: 1 }) },
  'card.pass': { who: 'owner', given: busy, command: (s) => ({ type: 'card.pass', card: s1Card(s), to: 's2' }) },
  'card.play': { who: 'owner', given: busy, command: (s) => ({ type: 'card.play', card: s1Card(s), faceUp: true }) },
  'card.flip': { who: 'owner-or-gm', given: faceDown, command: (s) => ({ type: 'card.flip', card: s.table[0]!.card.id }) },
  'card.discard': { who: 'owner-or-gm', given: busy, command: (s) => ({ type: 'card.discard', card: s1Card(s) }) },
  'decl.open': { who: 'gm', given: busy, command: () => ({ type: 'decl.open', prompt: 'p', kind: 'text' }) },
  'decl.answer': { who: 'seat', given: busy, command: () => ({ type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'yes' } }) },
  'decl.reveal': { who: 'gm', given: busy, command: () => ({ type: 'decl.reveal', decl: 'd1' }) },
  'record.release': { who: 'gm', given: busy, command: () => ({ type: 'record.release' }) },
} satisfies Record<FreeTableCommand['type'], Row>;

/** Who, by role in the row, may send it: the GM, s1 (the owner), s2 (another seat). */
function allowed(who: Row['who'], sender: 'gm' | 'owner' | 'other'): boolean {
  if (who === 'gm') return sender === 'gm';
  if (who === 'owner') return sender === 'owner';
  if (who === 'owner-or-gm') return sender !== 'other';
  if (who === 'seat') return sender !== 'gm';
  return true;
}

const senders: [string, 'gm' | 'owner' | 'other', Viewer][] = [['the GM', 'gm', GM], ['its owner s1', 'owner', P(1)], ['another seat s2', 'other', P(2)]];

describe('free-table: who may send each command (one row per command type)', () => {
  test.each(Object.entries(rows).flatMap(([type, row]) => senders.map(([name, sender, viewer]) => [type, name, sender, viewer, row] as const)))(
    '%s by %s',
    (type, _name, sender, viewer, row: Row) => {
      const state = row.given();
      const parsed = freeTable.parseCommand(row.command(state));
      if (!parsed.ok) throw new Error(`${type}: the sample does not parse`);
      const result = freeTable.apply(state, parsed.value, viewer, AT);
      if (allowed(row.who, sender)) expect(result.ok ? 'accepted' : result.error.code).toBe('accepted');
      else expect(result.ok ? 'accepted' : AUTHORIZATION.has(result.error.code) ? 'refused' : result.error.code).toBe('refused');
    },
  );

  test.each(Object.entries(rows))('%s by a spectator', (_type, row: Row) => {
    const state = row.given();
    const parsed = freeTable.parseCommand(row.command(state));
    expect(parsed.ok && freeTable.apply(state, parsed.value, SPECTATOR, AT)).toMatchObject({ ok: false, error: { code: 'SPECTATOR_READ_ONLY' } });
  });
});
