import { describe, expect, test } from 'vitest';
import { openRoute, type Address } from './kept-token.ts';

/** A tab's session storage, or one that refuses every write (a browser's private mode, a full quota). */
function storage(refuse = false): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (refuse) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

const at = (pathname: string, hash = '', search = ''): Address => ({ pathname, search, hash });

describe('a room link is read once (issue 13, item 1)', () => {
  test('the token is kept for the tab and leaves the address bar', () => {
    const tab = storage();
    expect(openRoute(at('/r/room_1', '#t=tok-1'), tab)).toEqual({ route: { page: 'room', roomId: 'room_1', token: 'tok-1' }, address: '/r/room_1' });
    expect(tab.getItem('veiltable.token.room_1')).toBe('tok-1');
  });

  test('a replay link is read the same way: its token kept for the room, out of the address bar', () => {
    const tab = storage();
    expect(openRoute(at('/r/room_1/replay', '#t=tok-1'), tab)).toEqual({ route: { page: 'replay', roomId: 'room_1', token: 'tok-1' }, address: '/r/room_1/replay' });
    expect(openRoute(at('/r/room_1'), tab).route).toEqual({ page: 'room', roomId: 'room_1', token: 'tok-1' });
  });

  test.each([
    ['a reload of the bare address', at('/r/room_1')],
    ['back or forward to an in-page anchor', at('/r/room_1', '#board')],
    ['a trailing slash', at('/r/room_1/')],
  ])('%s opens with the kept token and leaves the address alone', (_name, address) => {
    const tab = storage();
    openRoute(at('/r/room_1', '#t=tok-1'), tab);
    expect(openRoute(address, tab)).toEqual({ route: { page: 'room', roomId: 'room_1', token: 'tok-1' }, address: null });
  });

  test('a new link for the same room replaces the kept token: another identity', () => {
    const tab = storage();
    openRoute(at('/r/room_1', '#t=tok-1'), tab);
    expect(openRoute(at('/r/room_1', '#t=tok-2'), tab).route).toEqual({ page: 'room', roomId: 'room_1', token: 'tok-2' });
    expect(openRoute(at('/r/room_1'), tab).route).toEqual({ page: 'room', roomId: 'room_1', token: 'tok-2' });
  });

  test('each room keeps its own token', () => {
    const tab = storage();
    openRoute(at('/r/room_1', '#t=tok-1'), tab);
    openRoute(at('/r/room_2', '#t=tok-2'), tab);
    expect(openRoute(at('/r/room_1'), tab).route).toMatchObject({ token: 'tok-1' });
    expect(openRoute(at('/r/room_2'), tab).route).toMatchObject({ token: 'tok-2' });
  });

  test('a room never opened in this tab has no token', () => {
    expect(openRoute(at('/r/room_9'), storage())).toEqual({ route: { page: 'room', roomId: 'room_9', token: null }, address: null });
  });

  test('the query and the rest of the fragment stay in the address', () => {
    expect(openRoute(at('/r/room_1', '#x=1&t=tok-1', '?lang=ja'), storage()).address).toBe('/r/room_1?lang=ja#x=1');
  });

  test.each([
    ['refuses writes', storage(true)],
    ['is not there', null],
  ])('where the storage %s, the token stays in the address so a reload keeps the seat', (_name, tab) => {
    expect(openRoute(at('/r/room_1', '#t=tok-1'), tab)).toEqual({ route: { page: 'room', roomId: 'room_1', token: 'tok-1' }, address: null });
  });

  test('the home page has nothing to read', () => {
    expect(openRoute(at('/', '#t=tok-1'), storage())).toEqual({ route: { page: 'home' }, address: null });
  });
});
