import { describe, expect, test } from 'vitest';
import { streamLink } from './stream-link.ts';

describe('streamLink', () => {
  test.each([
    ['opaque', 'https://t.example/r/abc#t=tok', false, 'https://t.example/r/abc?stream=1#t=tok'],
    ['transparent', 'https://t.example/r/abc#t=tok', true, 'https://t.example/r/abc?stream=1&bg=transparent#t=tok'],
    ['a link with a query already', 'https://t.example/r/abc?x=1#t=tok', false, 'https://t.example/r/abc?x=1&stream=1#t=tok'],
  ])('%s', (_name, url, transparent, expected) => {
    expect(streamLink(url, transparent)).toBe(expected);
  });
});
