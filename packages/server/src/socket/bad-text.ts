import { isStorableText } from '@veiltable/protocol';

/**
 * The path of the first string (key or value) inside a parsed JSON value that cannot be stored as given (U+0000,
 * an unpaired surrogate), or null: every text of a command is checked here, whatever its game's schema says.
 */
export function unstorableTextIn(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(root)';
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextIn(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '(key)'].join('.');
    const found = unstorableTextIn(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
