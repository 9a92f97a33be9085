import { describe, expect, test } from 'vitest';
import { memoryStore } from '../db/memory-store.ts';
import type { LogEntry, Store } from '../db/store.ts';
import { RECENT_ENTRIES, RecentEntries } from './recent-entries.ts';

const at = '2026-12-01T21:00:00.000Z';
const entry = (seq: number): LogEntry => ({ seq, actor: { role: 'gm' }, command: { type: 'x', n: seq }, events: [], at });

/** A store holding entries 1..n of room r, which counts its backwards reads. */
async function storeOf(n: number): Promise<{ store: Store; reads: () => number }> {
  const inner = memoryStore();
  await inner.createRoom({ id: 'r', game: 'g', title: 't', createdAt: at }, {});
  for (let seq = 1; seq <= n; seq++) await inner.append('r', entry(seq));
  let count = 0;
  return {
    store: { ...inner, readLogBefore: (...args) => (count++, inner.readLogBefore(...args)) },
    reads: () => count,
  };
}

const seqs = (entries: LogEntry[]) => entries.map((e) => e.seq);

describe('RecentEntries', () => {
  test('after a fill, reads within the newest entries are served from memory, equal to the store\'s own answer', async () => {
    const { store, reads } = await storeOf(1000);
    const recent = new RecentEntries(store, 'r');
    await recent.fill(1000);
    const filled = reads();
    for (const [before, limit] of [[1001, 200], [1001, 400], [801, 200], [700, 50]] as const) {
      expect(seqs(await recent.readBefore(before, limit)), `${before}/${limit}`).toEqual(seqs(await store.readLogBefore('r', before, limit)));
    }
    // Four reads from memory, then the four comparisons from the store.
    expect(reads() - filled).toBe(4);
  });

  test('a read reaching older than the entries held goes to the store', async () => {
    const { store, reads } = await storeOf(1000);
    const recent = new RecentEntries(store, 'r');
    await recent.fill(1000);
    const before = reads();
    expect(seqs(await recent.readBefore(650, 200))).toEqual(Array.from({ length: 200 }, (_, i) => 450 + i));
    expect(reads() - before).toBe(1);
  });

  test('a short log is held whole: a read back to its first entry needs no store', async () => {
    const { store, reads } = await storeOf(30);
    const recent = new RecentEntries(store, 'r');
    await recent.fill(30);
    const before = reads();
    expect(seqs(await recent.readBefore(31, 200))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(seqs(await recent.readBefore(1, 200))).toEqual([]);
    expect(reads() - before).toBe(0);
  });

  test('committed entries are added and the oldest let go past the cap; a gap starts the list over', async () => {
    const { store, reads } = await storeOf(0);
    const recent = new RecentEntries(store, 'r');
    await recent.fill(0);
    recent.add(Array.from({ length: RECENT_ENTRIES + 10 }, (_, i) => entry(i + 1)));
    const before = reads();
    const newest = await recent.readBefore(RECENT_ENTRIES + 11, RECENT_ENTRIES);
    expect(seqs(newest)).toEqual(Array.from({ length: RECENT_ENTRIES }, (_, i) => i + 11));
    expect(reads() - before).toBe(0);
    // Seq 1 was let go: a read that needs it asks the store.
    await recent.readBefore(RECENT_ENTRIES + 11, RECENT_ENTRIES + 10);
    expect(reads() - before).toBe(1);

    recent.add([entry(RECENT_ENTRIES + 20)]);
    await recent.readBefore(RECENT_ENTRIES + 21, 1);
    expect(reads() - before).toBe(1);
    await recent.readBefore(RECENT_ENTRIES + 21, 2);
    expect(reads() - before).toBe(2);
  });
});
