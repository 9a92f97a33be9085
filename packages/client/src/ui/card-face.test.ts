import type { CardFace } from '@veiltable/protocol';
import { expect, test } from 'vitest';
import { faceLabel, faceText } from './card-face.ts';

test.each<[string, CardFace, string, boolean]>([
  ['ace of spades', { kind: 'standard', suit: 'S', rank: 1 }, 'A♠', false],
  ['ten of hearts is red', { kind: 'standard', suit: 'H', rank: 10 }, '10♥', true],
  ['jack of diamonds', { kind: 'standard', suit: 'D', rank: 11 }, 'J♦', true],
  ['king of clubs', { kind: 'standard', suit: 'C', rank: 13 }, 'K♣', false],
  ['custom text is printed as is', { kind: 'custom', text: 'Ambush!' }, 'Ambush!', false],
  ['jokers keep their English name', { kind: 'joker', n: 1 }, 'JOKER 1', false],
])('%s', (_name, face, text, red) => {
  expect(faceText(face)).toBe(text);
  expect(faceLabel(face).red).toBe(red);
});
