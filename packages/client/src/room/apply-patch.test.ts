import { applyPatch as protocolApply, diffJson, PatchMismatch as ProtocolMismatch, type PatchOp } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { applyPatch, PatchMismatch } from './apply-patch.ts';

const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** What applying gives, or the error's kind: both implementations must agree on either. */
function outcome(apply: (root: unknown, ops: readonly PatchOp[]) => unknown, root: unknown, ops: PatchOp[]): unknown {
  try {
    return { value: wire(apply(wire(root), ops)) };
  } catch (e) {
    return { mismatch: e instanceof PatchMismatch || e instanceof ProtocolMismatch };
  }
}

describe('the page applies patches exactly as the protocol does', () => {
  // Seeded, so a failing seed replays; each round diffs two random trees, then also applies the ops to a third.
  test.each([1, 7, 42, 2024])('random trees and edits, seed %i', (seed) => {
    const random = xorshift(seed);
    for (let round = 0; round < 300; round++) {
      const from = randomValue(random, 4);
      const to = randomValue(random, 4);
      const ops = diffJson(from, to);
      expect(outcome(applyPatch, from, ops), `seed ${seed} round ${round}`).toEqual({ value: wire(to) });
      const other = randomValue(random, 3);
      expect(outcome(applyPatch, other, ops), `seed ${seed} round ${round} (foreign base)`).toEqual(outcome(protocolApply, other, ops));
    }
  });

  test('what did not change is shared with the old value, what changed is copied', () => {
    const from = Object.freeze({ seats: Object.freeze([{ id: 's1' }]), feed: Object.freeze([1, 2]) });
    const next = applyPatch(from, [{ op: 'splice', path: ['feed'], at: 2, remove: 0, items: [3] }]) as typeof from;
    expect(next.seats).toBe(from.seats);
    expect(next.feed).toEqual([1, 2, 3]);
    expect(from.feed).toEqual([1, 2]);
  });

  test.each<[string, unknown, PatchOp[]]>([
    ['a path through a missing key', { a: {} }, [{ op: 'set', path: ['b', 'c'], value: 1 }]],
    ['an index past the end', { a: [1] }, [{ op: 'set', path: ['a', 1], value: 2 }]],
    ['a splice past the end', { a: [1] }, [{ op: 'splice', path: ['a'], at: 1, remove: 1, items: [] }]],
    ['a delete of a missing key', { a: {} }, [{ op: 'del', path: ['a', 'b'] }]],
    ['a prototype key', { a: {} }, [{ op: 'set', path: ['a', '__proto__'], value: { polluted: true } }]],
  ])('refuses %s', (_name, root, ops) => {
    expect(() => applyPatch(root, ops)).toThrow(PatchMismatch);
  });
});

/** Marsaglia's xorshift32. */
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
