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
