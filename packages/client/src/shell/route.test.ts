import { describe, expect, test } from 'vitest';
import { absoluteLink, parseRoute, replayLink, routeChanged, withoutToken, type Route } from './route.ts';

test.each([
  ['the root is home', '/', '', { page: 'home' }],
  ['an unknown path is home', '/about', '#t=abc', { page: 'home' }],
  ['a room link carries its token in the fragment', '/r/room_1', '#t=tok-123', { page: 'room', roomId: 'room_1', token: 'tok-123' }],
  ['a trailing slash is accepted', '/r/abc/', '#t=x', { page: 'room', roomId: 'abc', token: 'x' }],
  ['a room without a token says so', '/r/abc', '', { page: 'room', roomId: 'abc', token: null }],
  ['an empty token counts as none', '/r/abc', '#t=', { page: 'room', roomId: 'abc', token: null }],
  ['other fragment keys are ignored', '/r/abc', '#x=1&t=k', { page: 'room', roomId: 'abc', token: 'k' }],
  ['a room\'s replay carries the token as its room does', '/r/abc/replay', '#t=k', { page: 'replay', roomId: 'abc', token: 'k' }],
  ['a room\'s replay without a token says so', '/r/abc/replay/', '', { page: 'replay', roomId: 'abc', token: null }],
  ['the replay of a file has no room', '/replay', '#t=k', { page: 'replay-file' }],
  ['anything else under a room is home', '/r/abc/other', '#t=k', { page: 'home' }],
])('%s', (_name, path, hash, expected) => {
  expect(parseRoute(path, hash)).toEqual(expected);
});

test('a replay link names the room and carries the token in its fragment', () => {
  expect(replayLink('room_1', 'tok-1')).toBe('/r/room_1/replay#t=tok-1');
  expect(parseRoute('/r/room_1/replay', '#t=tok-1')).toEqual({ page: 'replay', roomId: 'room_1', token: 'tok-1' });
});

test('relative links from the server become absolute; absolute ones stay', () => {
  expect(absoluteLink('/r/a#t=b', 'http://192.168.0.5:3000')).toBe('http://192.168.0.5:3000/r/a#t=b');
  expect(absoluteLink('https://x.test/r/a#t=b', 'http://localhost')).toBe('https://x.test/r/a#t=b');
});

test.each([
  ['the token alone leaves nothing', '#t=tok', ''],
  ['other keys stay, in order', '#x=1&t=tok&y=2', '#x=1&y=2'],
  ['an anchor without a token stays', '#board', '#board'],
  ['no fragment stays none', '', ''],
  ['a key that only starts with t stays', '#to=1&t=k', '#to=1'],
  ['an empty token goes too', '#t=&x=1', '#x=1'],
])('withoutToken: %s', (_name, hash, expected) => {
  expect(withoutToken(hash)).toBe(expected);
});

describe('a fragment that changes while a room is open (issue 13: a tab tap lost the token)', () => {
  const room = { page: 'room', roomId: 'abc', token: 'tok-1' } as const;
  test.each<[string, Route, Route | 'reload' | 'keep']>([
    ['the same room with its kept token keeps the page', { page: 'room', roomId: 'abc', token: 'tok-1' }, 'keep'],
    ['the same room with no token to be had keeps the page', { page: 'room', roomId: 'abc', token: null }, 'keep'],
    ['another token is another identity: a fresh page', { page: 'room', roomId: 'abc', token: 'tok-2' }, 'reload'],
    ['another room is shown as such', { page: 'room', roomId: 'xyz', token: 'tok-9' }, { page: 'room', roomId: 'xyz', token: 'tok-9' }],
    ['leaving for home shows home', { page: 'home' }, { page: 'home' }],
    ['the room\'s replay is another page', { page: 'replay', roomId: 'abc', token: 'tok-1' }, { page: 'replay', roomId: 'abc', token: 'tok-1' }],
  ])('%s', (_name, next, expected) => {
    expect(routeChanged(room, next)).toEqual(expected);
  });
});
