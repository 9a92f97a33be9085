import { describe, expect, test } from 'vitest';
import { absoluteLink, fragmentChanged, parseRoute } from './route.ts';

test.each([
  ['the root is home', '/', '', { page: 'home' }],
  ['an unknown path is home', '/about', '#t=abc', { page: 'home' }],
  ['a room link carries its token in the fragment', '/r/room_1', '#t=tok-123', { page: 'room', roomId: 'room_1', token: 'tok-123' }],
  ['a trailing slash is accepted', '/r/abc/', '#t=x', { page: 'room', roomId: 'abc', token: 'x' }],
  ['a room without a token says so', '/r/abc', '', { page: 'room', roomId: 'abc', token: null }],
  ['an empty token counts as none', '/r/abc', '#t=', { page: 'room', roomId: 'abc', token: null }],
  ['other fragment keys are ignored', '/r/abc', '#x=1&t=k', { page: 'room', roomId: 'abc', token: 'k' }],
])('%s', (_name, path, hash, expected) => {
  expect(parseRoute(path, hash)).toEqual(expected);
});

test('relative links from the server become absolute; absolute ones stay', () => {
  expect(absoluteLink('/r/a#t=b', 'http://192.168.0.5:3000')).toBe('http://192.168.0.5:3000/r/a#t=b');
  expect(absoluteLink('https://x.test/r/a#t=b', 'http://localhost')).toBe('https://x.test/r/a#t=b');
});

describe('a fragment that changes while a room is open (issue 13: a tab tap lost the token)', () => {
  const room = { page: 'room', roomId: 'abc', token: 'tok-1' } as const;
  test.each([
    ['an in-page anchor keeps the room and its token', '/r/abc', '#board', 'keep'],
    ['an empty fragment keeps the room and its token', '/r/abc', '', 'keep'],
    ['the same token again keeps the room', '/r/abc', '#t=tok-1', 'keep'],
    ['another token is another identity: a fresh page', '/r/abc', '#t=tok-2', 'reload'],
    ['another room is shown as such', '/r/xyz', '#t=tok-9', { page: 'room', roomId: 'xyz', token: 'tok-9' }],
    ['leaving for home shows home', '/', '', { page: 'home' }],
  ] as const)('%s', (_name, path, hash, expected) => {
    expect(fragmentChanged(room, path, hash)).toEqual(expected);
  });
});
