/** Where the browser is: the home page, or a room opened with the token its link carried. */
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
 * What the route a new fragment leads to means for a page showing `current`: the same room with another token is
 * another identity, so the page starts afresh ('reload'); the same room with the same token, or with none (an
 * in-page anchor where no token could be kept), changes nothing ('keep'); anything else is a new route to show.
 */
export function routeChanged(current: Route, next: Route): Route | 'reload' | 'keep' {
  if (next.page !== 'room' || current.page !== 'room' || next.roomId !== current.roomId) return next;
  if (next.token === null || next.token === current.token) return 'keep';
  return 'reload';
}
