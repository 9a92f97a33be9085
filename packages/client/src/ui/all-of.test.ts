import { expect, test } from 'vitest';
import { allOf } from './all-of.ts';

type Suit = 'S' | 'H' | 'D' | 'C';

test('a complete list is the list itself', () => {
  expect(allOf<Suit>()(['S', 'H', 'D', 'C'])).toEqual(['S', 'H', 'D', 'C']);
});

test('a list with a member missing or one too many does not compile', () => {
  // @ts-expect-error 'C' is missing
  allOf<Suit>()(['S', 'H', 'D']);
  // @ts-expect-error 'X' is not a suit
  allOf<Suit>()(['S', 'H', 'D', 'C', 'X']);
});
