/** A section of a table, as the jump bar names it: the id of its element and its label. */
export type Section = { id: string; label: string };

/**
 * Brings a section of the page into view without navigating: the address bar stays `/r/<roomId>` and a tap adds no
 * history entry for the back button to walk through (a fragment link, `href="#board"`, would do both).
 */
export function showSection(id: string, doc: Pick<Document, 'getElementById'> = document): boolean {
  const target = doc.getElementById(id);
  if (!target) return false;
  const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  // Keyboard and screen reader users land in the section too; focusing must not scroll a second time.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
