import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { addSeatRequest, createRoomRequest } from './http.ts';
import { findBadText, isStorableText, text } from './text.ts';

describe('text', () => {
  test.each([
    ['plain text', 'Night of the Lamp', true],
    ['Korean, Japanese and an emoji (a surrogate pair)', '밤의 탁자 夜の卓 🎲', true],
    ['an empty string', '', true],
    ['U+0000 inside', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD83Cb', false],
    ['a lone low surrogate', '\uDFB2', false],
    ['a high surrogate at the end', 'dice \uD83C', false],
    ['two high surrogates then a low one', '\uD83C\uD83C\uDFB2', false],
    ['a pair in the wrong order', '\uDFB2\uD83C', false],
  ])('%s: storable %s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
    const parsed = text().safeParse(value);
    expect(parsed.success).toBe(storable);
    if (!parsed.success) expect(findBadText(parsed.error.issues)).toBe(true);
  });

  test('chains like z.string(), and other failures are not BAD_TEXT', () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse('  Aki ')).toBe('Aki');
    const tooLong = name.safeParse('abcdefg');
    expect(!tooLong.success && findBadText(tooLong.error.issues)).toBe(false);
    const nested = z.object({ lines: z.array(text()) }).safeParse({ lines: ['ok', 'x\u0000'] });
    expect(!nested.success && findBadText(nested.error.issues)).toBe(true);
  });

  test('the HTTP bodies use it: room titles and seat names', () => {
    for (const title of ['a\u0000b', 'a\uD800b']) {
      const r = createRoomRequest.safeParse({ title });
      expect(!r.success && findBadText(r.error.issues)).toBe(true);
    }
    const seat = addSeatRequest.safeParse({ name: 'Ak\u0000i' });
    expect(!seat.success && findBadText(seat.error.issues)).toBe(true);
  });
});
