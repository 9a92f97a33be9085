import { isRoomRoute, parseRoute, withoutToken, type Route } from './route.ts';

/** The parts of `location` a page opens with. */
export type Address = { pathname: string; search: string; hash: string };

/** A route and, when the address bar showed a token, the address to show instead (for `history.replaceState`). */
export type Opened = { route: Route; address: string | null };

const tokenKey = (roomId: string) => `veiltable.token.${roomId}`;

function keep(storage: Storage | null, roomId: string, token: string): boolean {
  try {
    storage?.setItem(tokenKey(roomId), token);
    return storage !== null;
  } catch {
    return false;
  }
}

function kept(storage: Storage | null, roomId: string): string | null {
  try {
    const token = storage?.getItem(tokenKey(roomId)) ?? null;
    return token && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

/**
 * Reads a room link's token once: a token in the fragment is kept for the tab's session (`storage`, by room id;
 * a new link for the same room replaces the kept one) and leaves the address bar, where a stream or a screenshot
 * would show it; an address without one opens with the kept token, so a reload, back or forward keeps the seat.
 * When the token cannot be kept (storage blocked), the address keeps it: a reload must not lose the seat.
 */
export function openRoute(address: Address, storage: Storage | null): Opened {
  const route = parseRoute(address.pathname, address.hash);
  if (!isRoomRoute(route)) return { route, address: null };
  if (route.token === null) return { route: { ...route, token: kept(storage, route.roomId) }, address: null };
  if (!keep(storage, route.roomId, route.token)) return { route, address: null };
  return { route, address: `${address.pathname}${address.search}${withoutToken(address.hash)}` };
}

/** The tab's session storage, or null where the browser refuses it (some private modes throw on access). */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
