import { describe, expect, test } from 'vitest';
import { diffJson, sameJson } from './view-diff.ts';
import { applyPatch, PatchMismatch } from './apply-patch.ts';
import { viewPatch, type PatchOp } from './view-patch.ts';

/** What a client holds: the value as it came off the wire. */
const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
}

/** Diffs on the server's objects, sends the ops as JSON, applies them to what the client holds. */
function roundTrip(from: unknown, to: unknown): { ops: PatchOp[]; result: unknown } {
  const ops = diffJson(from, to);
  const sent = viewPatch.parse(wire({ base: 1, ops }));
  return { ops, result: applyPatch(deepFreeze(wire(from)), sent.ops) };
}

const feed = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => ({ kind: 'chat', id: `f${from + k}`, text: `line ${from + k}` }));

describe('diffJson then applyPatch rebuilds the new value', () => {
  test.each([
    ['an unchanged view', { a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }, []],
    ['a changed number', { seats: [{ id: 's1', handCount: 2 }] }, { seats: [{ id: 's1', handCount: 3 }] }, [{ op: 'set', path: ['seats', 0, 'handCount'], value: 3 }]],
    ['a key added', { hands: {} }, { hands: { s1: [] } }, [{ op: 'set', path: ['hands', 's1'], value: [] }]],
    ['a key removed', { hands: { s1: [], s2: [] } }, { hands: { s1: [] } }, [{ op: 'del', path: ['hands', 's2'] }]],
    ['a key set to undefined, which JSON drops', { card: { id: 'c1', face: 'S1' } }, { card: { id: 'c1', face: undefined } }, [{ op: 'del', path: ['card', 'face'] }]],
    ['an item appended', { feed: feed(0, 3) }, { feed: feed(0, 4) }, [{ op: 'splice', path: ['feed'], at: 3, remove: 0, items: feed(3, 4) }]],
    ['a bounded list sliding by one', { feed: feed(0, 5) }, { feed: feed(1, 6) }, [
      { op: 'splice', path: ['feed'], at: 0, remove: 1, items: [] },
      { op: 'splice', path: ['feed'], at: 4, remove: 0, items: feed(5, 6) },
    ]],
    ['an item removed from the middle', { list: ['a', 'b', 'c', 'd'] }, { list: ['a', 'c', 'd'] }, [{ op: 'splice', path: ['list'], at: 1, remove: 1, items: [] }]],
    ['an item changed in place', { decls: [{ id: 'd1', status: 'open' }, { id: 'd2', status: 'open' }] }, { decls: [{ id: 'd1', status: 'open' }, { id: 'd2', status: 'revealed' }] }, [
      { op: 'set', path: ['decls', 1, 'status'], value: 'revealed' },
    ]],
    ['the oldest dropped while the last changes', { decls: [{ id: 'd1' }, { id: 'd2' }, { id: 'd3', n: 0 }] }, { decls: [{ id: 'd2' }, { id: 'd3', n: 1 }] }, [
      { op: 'splice', path: ['decls'], at: 0, remove: 1, items: [] },
      { op: 'set', path: ['decls', 1, 'n'], value: 1 },
    ]],
    ['a list emptied', { table: [1, 2, 3] }, { table: [] }, [{ op: 'splice', path: ['table'], at: 0, remove: 3, items: [] }]],
    ['a value changing type', { notes: null }, { notes: [{ id: 'n1' }] }, [{ op: 'set', path: ['notes'], value: [{ id: 'n1' }] }]],
    ['a new root', [1], { game: 'free-table' }, [{ op: 'set', path: [], value: { game: 'free-table' } }]],
  ])('%s', (_name, from, to, expected) => {
    const { ops, result } = roundTrip(from, to);
    expect(ops).toEqual(expected);
    expect(result).toEqual(wire(to));
  });

  test('a value that left the view is named by its path only, never sent', () => {
    const from = { hands: { s1: [{ id: 'c1', face: 'SECRET-FACE' }] }, notes: ['SECRET-NOTE'] };
    const to = { hands: { s1: [{ id: 'c9' }] }, notes: [] };
    const { ops, result } = roundTrip(from, to);
    expect(JSON.stringify(ops)).not.toMatch(/SECRET/);
    expect(result).toEqual(to);
  });

  test('what did not change is shared with the old value, what changed is copied', () => {
    const from = deepFreeze(wire({ seats: [{ id: 's1' }], feed: feed(0, 3) }) as { seats: unknown[]; feed: unknown[] });
    const next = applyPatch(from, [{ op: 'splice', path: ['feed'], at: 3, remove: 0, items: feed(3, 4) }]) as typeof from;
    expect(next.seats).toBe(from.seats);
    expect(next.feed).not.toBe(from.feed);
    expect(from.feed).toHaveLength(3);
  });

  // A seeded fuzz over random JSON trees and random edits; a failing seed prints in the test name.
  const SEEDS = [1, 2, 3, 42, 1234, 99_991];
  test.each(SEEDS)('random edits, seed %i', (seed) => {
    const random = xorshift(seed);
    let changed = 0;
    for (let round = 0; round < 200; round++) {
      const from = randomValue(random, 4);
      const to = mutate(random, from, 4);
      const { ops, result } = roundTrip(from, to);
      if (ops.length > 0) changed++;
      expect(sameJson(result, wire(to)), `seed ${seed} round ${round}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`).toBe(true);
    }
    // Most rounds must actually change something, or the fuzz proves little.
    expect(changed).toBeGreaterThan(100);
  });
});

describe('applyPatch refuses ops that do not fit', () => {
  test.each<[string, unknown, PatchOp[]]>([
    ['a path through a missing key', { a: {} }, [{ op: 'set', path: ['b', 'c'], value: 1 }]],
    ['an index past the end', { a: [1] }, [{ op: 'set', path: ['a', 1], value: 2 }]],
    ['a string key on an array', { a: [1] }, [{ op: 'set', path: ['a', 'x'], value: 2 }]],
    ['a splice past the end', { a: [1] }, [{ op: 'splice', path: ['a'], at: 1, remove: 1, items: [] }]],
    ['a splice on an object', { a: {} }, [{ op: 'splice', path: ['a'], at: 0, remove: 0, items: [1] }]],
    ['a delete of a missing key', { a: {} }, [{ op: 'del', path: ['a', 'b'] }]],
    ['a prototype key', { a: {} }, [{ op: 'set', path: ['a', '__proto__'], value: { polluted: true } }]],
  ])('%s', (_name, root, ops) => {
    expect(() => applyPatch(root, ops)).toThrow(PatchMismatch);
  });
});

/** Marsaglia's xorshift32, seeded, so a failing case can be replayed from its seed. */
function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function randomValue(random: () => number, depth: number): unknown {
  const r = random();
  if (depth <= 0 || r < 0.35) return [null, true, Math.floor(random() * 5), `v${Math.floor(random() * 5)}`][Math.floor(random() * 4)];
  if (r < 0.65) return Array.from({ length: Math.floor(random() * 6) }, () => randomValue(random, depth - 1));
  const obj: Record<string, unknown> = {};
  for (let k = Math.floor(random() * 5); k > 0; k--) obj[`k${Math.floor(random() * 6)}`] = randomValue(random, depth - 1);
  return obj;
}

/** A copy of `value` with random edits: items added, dropped (often from the front), changed; keys added and removed. */
function mutate(random: () => number, value: unknown, depth: number): unknown {
  if (random() < 0.1) return randomValue(random, depth);
  if (Array.isArray(value)) {
    let out = value.map((v) => (random() < 0.2 ? mutate(random, v, depth - 1) : v));
    if (random() < 0.3) out = out.slice(Math.floor(random() * 3));
    if (random() < 0.3) out.splice(Math.floor(random() * (out.length + 1)), 0, randomValue(random, depth - 1));
    if (random() < 0.3) out.push(randomValue(random, depth - 1));
    if (random() < 0.2 && out.length > 0) out.splice(Math.floor(random() * out.length), 1);
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (random() < 0.1) continue;
      out[k] = random() < 0.1 ? undefined : random() < 0.3 ? mutate(random, v, depth - 1) : v;
    }
    if (random() < 0.3) out[`k${Math.floor(random() * 8)}`] = randomValue(random, depth - 1);
    return out;
  }
  return random() < 0.5 ? value : randomValue(random, depth);
}
