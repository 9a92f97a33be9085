import type { PatchOp, PatchPath } from './view-patch.ts';

// Plain functions, no schema: the client imports this module on its own (@veiltable/protocol/apply-patch).

/** A patch that does not fit the value it is applied to (a path through nothing, an index out of range). */
export class PatchMismatch extends Error {
  constructor(path: PatchPath, why: string) {
    super(`patch does not apply at /${path.join('/')}: ${why}`);
    this.name = 'PatchMismatch';
  }
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * Applies `ops` to `root` without changing it: every container on a changed path is copied once, everything
 * else is shared with `root`. Throws PatchMismatch when an op does not fit.
 */
export function applyPatch(root: unknown, ops: readonly PatchOp[]): unknown {
  const copies = new WeakSet<object>();
  const own = <T extends Container>(v: T): T => {
    if (copies.has(v)) return v;
    const copy = (Array.isArray(v) ? v.slice() : { ...v }) as T;
    copies.add(copy);
    return copy;
  };
  /** The container at `path` (the root when empty), copied with every container above it. */
  const reach = (path: PatchPath, op: PatchOp): Container => {
    const top = root;
    if (!isContainer(top)) throw new PatchMismatch(op.path, 'the view is not an object');
    let node: Container = own(top);
    root = node;
    for (const key of path) {
      const child = get(node, key, op.path);
      if (!isContainer(child)) throw new PatchMismatch(op.path, `nothing to descend into at ${String(key)}`);
      const copy = own(child);
      put(node, key, copy, op.path);
      node = copy;
    }
    return node;
  };
  for (const op of ops) {
    if (op.op === 'set' && op.path.length === 0) {
      root = op.value;
      continue;
    }
    if (op.op === 'splice') {
      const target = reach(op.path, op);
      if (!Array.isArray(target)) throw new PatchMismatch(op.path, 'splice on a non-array');
      if (op.at + op.remove > target.length) throw new PatchMismatch(op.path, `splice past the end (${target.length})`);
      target.splice(op.at, op.remove, ...op.items);
      continue;
    }
    const parent = reach(op.path.slice(0, -1), op);
    const key = op.path.at(-1)!;
    if (op.op === 'set') put(parent, key, op.value, op.path);
    else if (Array.isArray(parent) || typeof key !== 'string') throw new PatchMismatch(op.path, 'del on an array');
    else {
      if (!Object.hasOwn(parent, key)) throw new PatchMismatch(op.path, 'no such key');
      delete parent[key];
    }
  }
  return root;
}

function get(node: Container, key: string | number, path: PatchPath): unknown {
  if (Array.isArray(node)) {
    if (typeof key !== 'number' || key >= node.length) throw new PatchMismatch(path, `no index ${String(key)}`);
    return node[key];
  }
  if (typeof key !== 'string' || !Object.hasOwn(node, key)) throw new PatchMismatch(path, `no key ${String(key)}`);
  return node[key];
}

function put(node: Container, key: string | number, value: unknown, path: PatchPath): void {
  if (Array.isArray(node)) {
    if (typeof key !== 'number' || key >= node.length) throw new PatchMismatch(path, `no index ${String(key)}`);
    node[key] = value;
    return;
  }
  // A JSON view has no such key; writing it would change the object's prototype instead.
  if (typeof key !== 'string' || key === '__proto__') throw new PatchMismatch(path, `bad key ${String(key)}`);
  node[key] = value;
}
