import { expect, test } from 'vitest';
import { shortHash } from './short-hash.ts';

test('short hash shows the first eight hex digits, a dash for none', () => {
  expect(shortHash('7b4c5cc5e0f1a2b3')).toBe('7b4c5cc5');
  expect(shortHash(undefined)).toBe('—');
});
