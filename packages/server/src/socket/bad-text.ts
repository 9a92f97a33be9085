/** U+0000, or a surrogate without its pair: text Postgres cannot store (jsonb refuses both). */
const BAD = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string holds text no store can keep. */
export function isBadText(text: string): boolean {
  return BAD.test(text);
}

/** The path of the first string (key or value) inside a parsed JSON value that holds bad text, or null. */
export function findBadText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isBadText(value) ? path.join('.') || '(root)' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key)) return [...path, '(key)'].join('.');
    const found = findBadText(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
