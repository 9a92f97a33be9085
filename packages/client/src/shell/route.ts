/**
 * Where the browser is: the home page, a room opened with the token its link carried, the replay of a room's log
 * (its members' token again), or the replay of an export file from the device.
 */
export type Route =
  | { page: 'home' }
  | { page: 'room'; roomId: string; token: string | null }
  | { page: 'replay'; roomId: string; token: string | null }
  | { page: 'replay-file' };

/** A route that belongs to a room, opened with a token. */
export type RoomRoute = Extract<Route, { roomId: string }>;

/**
 * Reads `/r/<roomId>#t=<token>`, `/r/<roomId>/replay#t=<token>` and `/replay`. The token lives in the fragment so it
 * never reaches server logs or Referer headers; the server only ever sees it inside the socket handshake and API calls.
 */
export function parseRoute(pathname: string, hash: string): Route {
  if (/^\/replay\/?$/.test(pathname)) return { page: 'replay-file' };
  const match = /^\/r\/([A-Za-z0-9_-]{1,64})(\/replay)?\/?$/.exec(pathname);
  if (!match) return { page: 'home' };
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('t');
  return { page: match[2] ? 'replay' : 'room', roomId: match[1]!, token: token && token.length > 0 ? token : null };
}

/** Whether a route belongs to a room (its page or its replay). */
export function isRoomRoute(route: Route): route is RoomRoute {
  return route.page === 'room' || route.page === 'replay';
}

/** The replay of a room's log, for its members: the link carries this page's token, for a tab that keeps none yet. */
export function replayLink(roomId: string, token: string): string {
  return `/r/${encodeURIComponent(roomId)}/replay#t=${encodeURIComponent(token)}`;
}

/** The fragment without its `t=` part (`#t=x&y=1` → `#y=1`, `#t=x` → ``); any other fragment stays as it is. */
export function withoutToken(hash: string): string {
  const parts = hash.replace(/^#/, '').split('&').filter((part) => part.length > 0 && !/^t(=|$)/.test(part));
  return parts.length > 0 ? `#${parts.join('&')}` : '';
}

/** Makes a link the server returned (often a path) absolute, so it can be copied and sent to someone. */
export function absoluteLink(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * What the route a new fragment leads to means for a page showing `current`: the same room (or its replay) with another token is
 * another identity, so the page starts afresh ('reload'); the same room with the same token, or with none (an
 * in-page anchor where no token could be kept), changes nothing ('keep'); anything else is a new route to show.
 */
export function routeChanged(current: Route, next: Route): Route | 'reload' | 'keep' {
  if (!isRoomRoute(next) || !isRoomRoute(current) || next.page !== current.page || next.roomId !== current.roomId) return next;
  if (next.token === null || next.token === current.token) return 'keep';
  return 'reload';
}
