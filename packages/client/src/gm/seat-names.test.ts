import { expect, test } from 'vitest';
import { MAX_SEATS_AT_ONCE, seatNames, type SeatNames } from './seat-names.ts';

const player = (n: number) => `Player ${n}`;

test.each<[string, string, number, SeatNames]>([
  ['a number adds that many seats, numbered on from the existing ones', '3', 2, { ok: true, names: ['Player 3', 'Player 4', 'Player 5'] }],
  ['full-width digits count as a number', '３', 0, { ok: true, names: ['Player 1', 'Player 2', 'Player 3'] }],
  ['names separated by commas', ' Aki, Bora ,Chihiro ', 0, { ok: true, names: ['Aki', 'Bora', 'Chihiro'] }],
  ['Japanese and full-width separators, and new lines', 'アキ、ボラ，チヒロ\n김철수', 0, { ok: true, names: ['アキ', 'ボラ', 'チヒロ', '김철수'] }],
  ['empty parts are skipped', 'Aki,, ,Bora', 0, { ok: true, names: ['Aki', 'Bora'] }],
  ['a name with digits is a name', 'Aki 2', 0, { ok: true, names: ['Aki 2'] }],
  ['nothing', '  ', 0, { ok: false, problem: 'empty' }],
  ['zero', '0', 0, { ok: false, problem: 'empty' }],
  ['only separators', ', 、', 0, { ok: false, problem: 'empty' }],
  ['too many by number', String(MAX_SEATS_AT_ONCE + 1), 0, { ok: false, problem: 'tooMany' }],
  ['too many by names', Array.from({ length: MAX_SEATS_AT_ONCE + 1 }, (_, i) => `n${i}`).join(','), 0, { ok: false, problem: 'tooMany' }],
  ['a name over 40 characters', 'x'.repeat(41), 0, { ok: false, problem: 'tooLong' }],
  ['40 characters (Korean) is fine', '가'.repeat(40), 0, { ok: true, names: ['가'.repeat(40)] }],
])('%s', (_name, input, existing, expected) => {
  expect(seatNames(input, existing, player)).toEqual(expected);
});
