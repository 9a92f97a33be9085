/** Where the browser is: the home page, or a room opened with the token carried in the URL fragment. */
export type Route = { page: 'home' } | { page: 'room'; roomId: string; token: string | null };

/**
 * Reads `/r/<roomId>#t=<token>`. The token lives in the fragment so it never reaches server logs or
 * Referer headers; the server only ever sees it inside the socket handshake and API calls.
 */
export function parseRoute(pathname: string, hash: string): Route {
  const match = /^\/r\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (!match) return { page: 'home' };
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('t');
  return { page: 'room', roomId: match[1]!, token: token && token.length > 0 ? token : null };
}

/** Makes a link the server returned (often a path) absolute, so it can be copied and sent to someone. */
export function absoluteLink(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * What a new fragment means for a page showing `current`: another token is another identity, so the page starts
 * afresh ('reload'); a room's fragment without a token (an in-page anchor) changes nothing ('keep'), the room keeps
 * the token it was opened with; anything else is a new route to show.
 */
export function fragmentChanged(current: Route, pathname: string, hash: string): Route | 'reload' | 'keep' {
  const next = parseRoute(pathname, hash);
  if (next.page !== 'room' || current.page !== 'room' || next.roomId !== current.roomId) return next;
  if (next.token === null || next.token === current.token) return 'keep';
  return 'reload';
}
