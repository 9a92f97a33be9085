import { describe, expect, test } from 'vitest';
import type { AppendMany, RoomAppend } from './append-coalescer.ts';
import { AppendCoalescer } from './append-coalescer.ts';
import type { LogEntry } from './store.ts';
import { VersionConflict } from './store.ts';

const entries = (from: number, count = 1): LogEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    seq: from + i,
    actor: { role: 'gm' },
    command: { n: from + i },
    events: [],
    at: '2025-01-01T00:00:00.000Z',
  }));

/** A database stand-in: each room's log end, statements held until released, and every statement recorded. */
class FakeDb {
  readonly ends = new Map<string, number>();
  readonly statements: RoomAppend[][] = [];
  private held: (() => void)[] = [];
  hold = false;
  failWith: ((batch: readonly RoomAppend[]) => unknown) | undefined;

  readonly appendMany: AppendMany = async (batch) => {
    this.statements.push([...batch]);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const failure = this.failWith?.(batch);
    if (failure !== undefined) throw failure;
    const landed = new Set<string>();
    for (const { roomId, entries } of batch) {
      if ((this.ends.get(roomId) ?? 0) !== entries[0]!.seq - 1) continue;
      this.ends.set(roomId, entries.at(-1)!.seq);
      landed.add(roomId);
    }
    return landed;
  };

  release(): void {
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }

  /** Rooms of each statement, in order. */
  get rooms(): string[][] {
    return this.statements.map((s) => s.map((a) => a.roomId));
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('appends of several rooms share statements', () => {
  test('appends made in one turn go out in one statement', async () => {
    const db = new FakeDb();
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 2, maxRows: 100 });
    await Promise.all([c.append('a', entries(1)), c.append('b', entries(1, 3)), c.append('c', entries(1))]);
    expect(db.rooms).toEqual([['a', 'b', 'c']]);
    expect([...db.ends]).toEqual([['a', 1], ['b', 3], ['c', 1]]);
  });

  test('while every statement is in flight, new appends wait and then go together', async () => {
    const db = new FakeDb();
    db.hold = true;
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    const first = c.append('a', entries(1));
    await settle();
    const later = ['b', 'c', 'd'].map((room) => c.append(room, entries(1)));
    await settle();
    expect(db.rooms).toEqual([['a']]);
    db.release();
    await first;
    await settle();
    expect(db.rooms).toEqual([['a'], ['b', 'c', 'd']]);
    db.release();
    await Promise.all(later);
  });

  test('a room appears once per statement: its next append waits for the following one, in order', async () => {
    const db = new FakeDb();
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    await Promise.all([c.append('a', entries(1)), c.append('a', entries(2)), c.append('b', entries(1))]);
    expect(db.rooms).toEqual([['a', 'b'], ['a']]);
    expect(db.ends.get('a')).toBe(2);
  });

  test('maxRows splits the waiting appends, but never one room batch', async () => {
    const db = new FakeDb();
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 4 });
    await Promise.all([c.append('a', entries(1, 3)), c.append('b', entries(1, 2)), c.append('c', entries(1)), c.append('d', entries(1, 6))]);
    expect(db.rooms).toEqual([['a', 'c'], ['b'], ['d']]);
    expect(db.ends.get('d')).toBe(6);
  });

  test('up to maxInFlight statements run at once', async () => {
    const db = new FakeDb();
    db.hold = true;
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 2, maxRows: 1 });
    const all = ['a', 'b', 'c'].map((room) => c.append(room, entries(1)));
    await settle();
    expect(db.rooms).toEqual([['a'], ['b']]);
    db.release();
    await settle();
    expect(db.rooms).toEqual([['a'], ['b'], ['c']]);
    db.release();
    await Promise.all(all);
  });
});

describe('each room gets its own outcome', () => {
  test('a room whose log moved on gets VersionConflict; the others of its statement land', async () => {
    const db = new FakeDb();
    db.ends.set('b', 5);
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    const results = await Promise.allSettled([c.append('a', entries(1)), c.append('b', entries(3)), c.append('c', entries(1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
    expect(db.ends.get('b')).toBe(5);
  });

  test('a statement the database refused is tried again room by room, so one room fails alone', async () => {
    const db = new FakeDb();
    // A foreign-key violation for the room that does not exist, whatever else is in the statement.
    db.failWith = (batch) => (batch.some((a) => a.roomId === 'missing') ? sqlError('23503') : undefined);
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    const results = await Promise.allSettled([c.append('a', entries(1)), c.append('missing', entries(1)), c.append('c', entries(1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    expect(db.rooms).toEqual([['a', 'missing', 'c'], ['a'], ['missing'], ['c']]);
  });

  test('a unique violation (another writer raced the room) is a VersionConflict for that room only', async () => {
    const db = new FakeDb();
    db.failWith = (batch) => (batch.some((a) => a.roomId === 'raced') ? sqlError('23505') : undefined);
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    const results = await Promise.allSettled([c.append('raced', entries(1)), c.append('b', entries(1))]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: expect.any(VersionConflict) });
    expect(results[1]).toMatchObject({ status: 'fulfilled' });
  });

  test('an error without a SQLSTATE (the connection dropped: it may have landed) fails every room, untried', async () => {
    const db = new FakeDb();
    const dropped = Object.assign(new Error('connection closed'), { code: 'CONNECTION_CLOSED' });
    db.failWith = () => dropped;
    const c = new AppendCoalescer(db.appendMany, { maxInFlight: 1, maxRows: 100 });
    const results = await Promise.allSettled([c.append('a', entries(1)), c.append('b', entries(1))]);
    expect(results).toEqual([
      { status: 'rejected', reason: dropped },
      { status: 'rejected', reason: dropped },
    ]);
    expect(db.statements).toHaveLength(1);
  });
});
