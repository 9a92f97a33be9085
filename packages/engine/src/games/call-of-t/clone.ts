/**
 * A deep copy of plain JSON data (objects, arrays, primitives), as the state is. Every command, refused or not,
 * copies the whole state first; this walk is several times faster than structuredClone or a JSON round trip.
 */
export function clonePlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  // for…in: the state holds plain objects only, with nothing inherited to skip.
  for (const key in value) out[key] = clonePlain((value as Record<string, unknown>)[key]);
  return out as T;
}
