/**
 * The spectator link opened in the stream layout (`?stream=1`, and `bg=transparent` for a browser source laid over
 * a scene): the token stays in the fragment, where no server log sees it.
 */
export function streamLink(spectatorUrl: string, transparent: boolean): string {
  const url = new URL(spectatorUrl);
  url.searchParams.set('stream', '1');
  if (transparent) url.searchParams.set('bg', 'transparent');
  return url.href;
}
