import { describe, expect, test } from 'vitest';
import { characterInput, characterTemplate, rowsForSeats, seatsWithoutCharacter } from './setup-draft.ts';

const seat = (n: number) => ({ id: `s${n}`, name: `P${n}` });

describe('the setup form seats every seat, whenever it was added (COT-SET-01 step 6)', () => {
  test('the seats there when the form opens each get a row, seated, named after the seat', () => {
    const { rows, offered } = rowsForSeats([], [], [seat(1), seat(2)]);
    expect(rows.map((r) => [r.name, r.seat])).toEqual([['P1', 's1'], ['P2', 's2']]);
    expect(offered).toEqual(['s1', 's2']);
  });

  test('a seat added after the first gets its own row; the rows already edited stay as they are', () => {
    const first = rowsForSeats([], [], [seat(1)]);
    first.rows[0]!.name = 'Lindgren';
    const next = rowsForSeats(first.rows, first.offered, [seat(1), seat(2), seat(3)]);
    expect(next.rows.map((r) => [r.name, r.seat])).toEqual([['Lindgren', 's1'], ['P2', 's2'], ['P3', 's3']]);
  });

  test('a row the GM removed is not offered again; a seat the GM gave to another row is not doubled', () => {
    const first = rowsForSeats([], [], [seat(1), seat(2)]);
    const removed = first.rows.filter((r) => r.seat !== 's1');
    expect(rowsForSeats(removed, first.offered, [seat(1), seat(2)]).rows.map((r) => r.seat)).toEqual(['s2']);
    const moved = [{ ...characterTemplate('Gm', null), seat: 's3' }];
    expect(rowsForSeats(moved, [], [seat(3)]).rows).toHaveLength(1);
  });
});

describe('seats still without a character, after the setup', () => {
  test.each([
    ['every seat plays', [seat(1), seat(2)], [{ seat: 's1' }, { seat: 's2' }], []],
    ['a seat added later', [seat(1), seat(2), seat(3)], [{ seat: 's1' }, { seat: null }, { seat: 's2' }], ['s3']],
    ['no characters yet', [seat(1)], [], ['s1']],
  ] as const)('%s', (_name, seats, characters, free) => {
    expect(seatsWithoutCharacter(seats, characters).map((s) => s.id)).toEqual(free);
  });
});

test('the sheet goes out with its skills parsed from the text', () => {
  const row = { ...characterTemplate('Eve', 's4'), skillsText: 'see=55, 登はん=40\nbad' };
  expect(characterInput(row)).toMatchObject({ name: 'Eve', seat: 's4', skills: { see: 55, 登はん: 40 } });
  expect(characterInput(row)).not.toHaveProperty('skillsText');
});
