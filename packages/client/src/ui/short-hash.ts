/** The first hex digits of a commitment: enough to compare by eye. */
export function shortHash(commitment: string | undefined): string {
  return commitment ? commitment.slice(0, 8) : '—';
}
