import { canonicalJson } from '../kernel/canonical.ts';

/** Where two JSON values first differ: a path like `[0].parts[1].seen.dice[2]`, and the value on each side there. */
export type Difference = { path: string; left: unknown; right: unknown };

/**
 * The first place, in document order (object keys sorted, as canonicalJson orders them), where `left` and `right`
 * differ, or null when they are equal as JSON. A missing key or element shows as undefined on its side.
 */
export function firstDifference(left: unknown, right: unknown, path = ''): Difference | null {
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const found = firstDifference(left[i], right[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isObject(left) && isObject(right)) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
    for (const key of keys) {
      const found = firstDifference(left[key], right[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  if (left === undefined && right === undefined) return null;
  if (left !== undefined && right !== undefined && canonicalJson(left) === canonicalJson(right)) return null;
  return { path, left, right };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
