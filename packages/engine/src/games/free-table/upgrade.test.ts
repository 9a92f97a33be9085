import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { upgradeContract } from '../../kernel/upgrade-contract.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { AT, GM, P, cmd, run, table } from './testing.ts';

/** A table saved before the capabilities had slices: hands in the seats, one counter per kind of thing. */
const saved = () => JSON.parse(readFileSync(new URL('./fixtures/protocol-2-hands-in-seats.json', import.meta.url), 'utf8')) as unknown;

upgradeContract({ game: freeTable, saved: () => [saved()], current: () => [table(3, ['a', 'b'])], at: AT });

describe('free-table: a table saved with hands in its seats', () => {
  const up = () => freeTable.upgrade(saved(), AT) as FreeTableState;

  test('keeps every seat, hand, line, roll, note and declaration', () => {
    const old = saved() as { seats: { id: string; hand: unknown[] }[] };
    const s = up();
    expect(s.seats).toEqual([{ id: 's1', name: 'Ann' }, { id: 's2', name: 'Bo' }]);
    expect(s.hands).toEqual({ s1: old.seats[0]!.hand, s2: old.seats[1]!.hand });
    expect(s.feed.map((f) => f.id)).toEqual(['m1', 'm2', 'r1']);
    expect(freeTable.view(s, GM).notes).toEqual([{ id: 'n1', text: 'note' }]);
    expect(s.declCount).toBe(1);
  });

  test('goes on numbering where the old counters stopped', () => {
    const s = run(up(), [
      [GM, { type: 'seat.add', name: 'Cy' }],
      [P(1), { type: 'chat.send', to: { kind: 'all' }, text: 'again' }],
      [P(1), { type: 'roll', expr: '1D6' }],
      [GM, { type: 'note.add', text: 'second' }],
      [GM, { type: 'decl.open', prompt: 'next', kind: 'text' }],
    ]).state;
    expect(s.seats.at(-1)?.id).toBe('s3');
    expect(s.feed.slice(-2).map((f) => f.id)).toEqual(['m3', 'r2']);
    expect(s.notes.at(-1)?.id).toBe('n2');
    expect(s.decls.at(-1)?.id).toBe('d2');
    expect(freeTable.apply(s, cmd({ type: 'deck.draw', count: 1 }), P(3), AT).ok).toBe(true);
  });
});
