import type { PatchOp } from './view-patch.ts';

/**
 * The ops that turn `from` into `to` (see applyPatch), for JSON values: a key whose value is `undefined` counts as
 * absent, as it does once serialized. Every value in the ops is taken from `to`; `from` contributes only paths.
 * Arrays are matched in the shapes views change in: items appended, items dropped from the front (bounded lists
 * such as a feed), items changed in place.
 */
export function diffJson(from: unknown, to: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  diffInto(from, to, [], ops);
  return ops;
}

type Path = (string | number)[];
type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function diffInto(a: unknown, b: unknown, path: Path, ops: PatchOp[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) diffArray(a, b, path, ops);
  else if (isObject(a) && isObject(b)) diffObject(a, b, path, ops);
  else ops.push({ op: 'set', path: [...path], value: b });
}

function diffObject(a: JsonObject, b: JsonObject, path: Path, ops: PatchOp[]): void {
  for (const key in a) {
    if (a[key] !== undefined && b[key] === undefined) ops.push({ op: 'del', path: [...path, key] });
  }
  for (const key in b) {
    const value = b[key];
    if (value === undefined) continue;
    path.push(key);
    if (a[key] === undefined) ops.push({ op: 'set', path: [...path], value });
    else diffInto(a[key], value, path, ops);
    path.pop();
  }
}

/**
 * Walks both arrays keeping `patched = b[0, j) ++ a[i, end)`: a common prefix, then items dropped from `a` before
 * the next match, then the common suffix; what is left between is changed in place item by item, and the
 * difference in length is spliced in or out at its end.
 */
function diffArray(a: unknown[], b: unknown[], path: Path, ops: PatchOp[]): void {
  let i = 0;
  let j = 0;
  const skipCommon = () => {
    while (i < a.length && j < b.length && sameJson(a[i], b[j])) {
      i++;
      j++;
    }
  };
  skipCommon();
  if (i < a.length && j < b.length) {
    const next = indexOfSame(a, b[j], i + 1);
    if (next !== -1) {
      ops.push({ op: 'splice', path: [...path], at: j, remove: next - i, items: [] });
      i = next;
      skipCommon();
    }
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > i && endB > j && sameJson(a[endA - 1], b[endB - 1])) {
    endA--;
    endB--;
  }
  const common = Math.min(endA - i, endB - j);
  for (let k = 0; k < common; k++) {
    path.push(j + k);
    diffInto(a[i + k], b[j + k], path, ops);
    path.pop();
  }
  const removed = endA - i - common;
  const added = b.slice(j + common, endB);
  if (removed > 0 || added.length > 0) ops.push({ op: 'splice', path: [...path], at: j + common, remove: removed, items: added });
}

function indexOfSame(list: unknown[], value: unknown, from: number): number {
  for (let k = from; k < list.length; k++) if (sameJson(list[k], value)) return k;
  return -1;
}

/** Deep equality of two values as JSON: keys holding `undefined` are absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (!sameJson(a[k], b[k])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as JsonObject;
  const y = b as JsonObject;
  let keys = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    if (!sameJson(x[key], y[key])) return false;
    keys++;
  }
  for (const key in y) if (y[key] !== undefined) keys--;
  return keys === 0;
}
