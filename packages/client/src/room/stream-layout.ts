/** How the spectator page is drawn: the table page, or the stream layout a broadcast's browser source opens. */
export type Layout = { stream: boolean; transparent: boolean };

/**
 * Reads the page's query: `stream=1` asks for the stream layout (large type, no controls, the delay shown),
 * `bg=transparent` for a transparent page behind it. Only a spectator's page takes it: a player or the GM opening
 * such a link keeps the table they act on.
 */
export function streamLayout(search: string, role: string | undefined): Layout {
  const query = new URLSearchParams(search);
  const stream = role === 'spectator' && query.get('stream') === '1';
  return { stream, transparent: stream && query.get('bg') === 'transparent' };
}
