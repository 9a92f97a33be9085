import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { LogEntry, RoomRecord, Store, StoredImage, TokenRecord } from './store.ts';
import { VersionConflict } from './store.ts';

export type OpenStore = () => Promise<{ store: Store; cleanup(): Promise<void> }>;

/** Values that trip up JSON encoders and jsonb: unicode, JSON-looking strings, bare scalars, deep nesting. */
export const AWKWARD_VALUES: [string, unknown][] = [
  ['Korean string', '주사위를 굴려라 — 비밀 판정'],
  ['Japanese string', '秘密のダイスロール「クトゥルフ」'],
  ['emoji and astral plane', '🎲🂡 𝔘𝔫𝔦𝔠𝔬𝔡𝔢'],
  ['string that looks like JSON', '{"a":1,"b":[2]}'],
  ['quotes, backslashes, control characters', 'say "hi" \\ back\\slash\n\ttab\r\u0001'],
  ['empty string', ''],
  ['numbers', [0, -1, 1.5, -0.25, 1e-7, 2 ** 53 - 1, -(2 ** 53 - 1), 1.7976931348623157e308, 5e-324]],
  ['booleans and null', [true, false, null]],
  ['bare number', 42],
  ['bare null', null],
  ['empty containers', { a: {}, b: [], c: [[]], d: [{}] }],
  [
    'nested game state',
    {
      seats: { s1: { name: '김철수', hand: ['c0123456789abcdef'] }, s2: { name: '山田', hand: [] } },
      log: [{ t: 'roll', dice: [{ count: 2, sides: 6, values: [4, 5] }], text: '(2D6>=8) > 9[4,5] > 9' }],
      'key with spaces / and ü': { deep: { deeper: { deepest: [1, [2, [3, [4]]]] } } },
    },
  ],
];

const gm: Viewer = { role: 'gm' };
const seat1: Viewer = { role: 'player', seat: 's1' };

const entry = (seq: number, command: unknown = { type: 'note', n: seq }, actor: Viewer = gm): LogEntry => ({
  seq,
  actor,
  command,
  events: [{ type: 'noted', n: seq }],
  at: new Date(Date.UTC(2025, 0, 1, 12, 0, seq)).toISOString(),
});

const token = (roomId: string, role: TokenRecord['role'], seat: string | null): TokenRecord => ({
  hash: `h-${randomUUID()}`,
  roomId,
  role,
  seat,
  revoked: false,
  sealed: `sealed-${randomUUID()}`,
});

/** An image of these bytes, with every byte value in it (a bytea column must keep each one). */
const image = (salt: number): StoredImage => {
  const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i * 7 + salt) % 256);
  return { hash: createHash('sha256').update(bytes).digest('hex'), type: 'image/webp', bytes };
};

/** Registers the storage contract: every Store implementation must pass it unchanged. */
export function storeContract(name: string, open: OpenStore): void {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    let cleanup: (() => Promise<void>) | undefined;
    let openError: unknown;

    beforeAll(async () => {
      try {
        ({ store, cleanup } = await open());
      } catch (e) {
        openError = e;
      }
    });
    // A store that cannot open fails every test (counted as failures), rather than skipping the suite.
    beforeEach(() => {
      if (openError !== undefined) throw openError;
    });
    afterAll(async () => {
      await cleanup?.();
    });

    // Tests share one store; each works in rooms of its own so they cannot see each other.
    const newRoom = async (initialState: unknown = { phase: 'setup' }): Promise<RoomRecord> => {
      const room = { id: `r-${randomUUID()}`, game: 'any-game', title: '밤의 탁자 夜の卓', createdAt: '2025-01-01T00:00:00.000Z' };
      await store.createRoom(room, initialState);
      return room;
    };

    test('a created room reads back with its seq-0 snapshot and an empty log', async () => {
      const room = await newRoom({ phase: 'setup', seats: ['s1'] });
      expect(await store.getRoom(room.id)).toEqual(room);
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 0, state: { phase: 'setup', seats: ['s1'] } });
      expect(await store.latestSeq(room.id)).toBe(0);
      expect(await store.readLog(room.id, 0)).toEqual([]);
    });

    test('creating a room twice fails and leaves the first intact', async () => {
      const room = await newRoom({ v: 1 });
      await expect(store.createRoom({ ...room, title: 'other' }, { v: 2 })).rejects.toThrow();
      expect(await store.getRoom(room.id)).toEqual(room);
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 0, state: { v: 1 } });
    });

    test('entries appended in order read back in order, deep-equal', async () => {
      const room = await newRoom();
      const entries = [entry(1), entry(2, { type: 'roll', expr: '1D100<=45' }, seat1), entry(3)];
      for (const e of entries) await store.append(room.id, e);
      expect(await store.readLog(room.id, 0)).toEqual(entries);
      expect(await store.latestSeq(room.id)).toBe(3);
    });

    test.each([
      ['stale: seq already taken', 2],
      ['stale: seq far behind', 1],
      ['future: skips a seq', 4],
      ['future: far ahead', 100],
      ['nonsense: seq 0', 0],
    ])('append with a %s throws VersionConflict and changes nothing', async (_label, seq) => {
      const room = await newRoom();
      await store.append(room.id, entry(1));
      await store.append(room.id, entry(2));
      const before = await store.readLog(room.id, 0);
      await expect(store.append(room.id, entry(seq, { type: 'intruder' }))).rejects.toBeInstanceOf(VersionConflict);
      expect(await store.readLog(room.id, 0)).toEqual(before);
      expect(await store.latestSeq(room.id)).toBe(2);
    });

    test('two concurrent appends of the same seq: exactly one wins', async () => {
      const room = await newRoom();
      for (let seq = 1; seq <= 5; seq++) {
        const a = entry(seq, { writer: 'a', seq });
        const b = entry(seq, { writer: 'b', seq });
        const results = await Promise.allSettled([store.append(room.id, a), store.append(room.id, b)]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason).toBeInstanceOf(VersionConflict);
        const winner = results[0]?.status === 'fulfilled' ? a : b;
        expect(await store.readLog(room.id, seq - 1)).toEqual([winner]);
      }
      expect(await store.latestSeq(room.id)).toBe(5);
    });

    test('a batch lands in one write and reads back in order, between single appends', async () => {
      const room = await newRoom();
      const entries = [entry(1), entry(2, { type: 'roll', expr: '2D6' }, seat1), entry(3), entry(4), entry(5), entry(6)];
      await store.appendBatch(room.id, entries.slice(0, 3));
      await store.append(room.id, entries[3]!);
      await store.appendBatch(room.id, entries.slice(4));
      expect(await store.readLog(room.id, 0)).toEqual(entries);
      expect(await store.latestSeq(room.id)).toBe(6);
      await store.appendBatch(room.id, []);
      expect(await store.latestSeq(room.id)).toBe(6);
    });

    test.each([
      ['stale: starts at a seq already taken', [2, 3, 4]],
      ['stale: starts far behind', [1, 2, 3]],
      ['future: skips a seq', [4, 5]],
      ['gap inside the batch', [3, 4, 6]],
      ['repeated seq inside the batch', [3, 3]],
    ])('a batch with a %s is refused whole and changes nothing', async (_label, seqs) => {
      const room = await newRoom();
      await store.appendBatch(room.id, [entry(1), entry(2)]);
      const before = await store.readLog(room.id, 0);
      const batch = seqs.map((seq) => entry(seq, { type: 'intruder', seq }));
      const failure = store.appendBatch(room.id, batch);
      if (seqs[0] === 3) await expect(failure).rejects.toThrow();
      else await expect(failure).rejects.toBeInstanceOf(VersionConflict);
      expect(await store.readLog(room.id, 0)).toEqual(before);
      expect(await store.latestSeq(room.id)).toBe(2);
    });

    test('two concurrent batches from the same version: exactly one lands, whole', async () => {
      const room = await newRoom();
      await store.append(room.id, entry(1));
      const a = [2, 3, 4].map((seq) => entry(seq, { writer: 'a', seq }));
      const b = [2, 3].map((seq) => entry(seq, { writer: 'b', seq }));
      const results = await Promise.allSettled([store.appendBatch(room.id, a), store.appendBatch(room.id, b)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(VersionConflict);
      const winner = results[0]?.status === 'fulfilled' ? a : b;
      expect(await store.readLog(room.id, 1)).toEqual(winner);
    });

    test('a batch and a single append racing for the same seq: exactly one lands', async () => {
      const room = await newRoom();
      const batch = [1, 2].map((seq) => entry(seq, { writer: 'batch', seq }));
      const single = entry(1, { writer: 'single' });
      const results = await Promise.allSettled([store.appendBatch(room.id, batch), store.append(room.id, single)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(VersionConflict);
      expect(await store.readLog(room.id, 0)).toEqual(results[0]?.status === 'fulfilled' ? batch : [single]);
    });

    test('concurrent appends to different rooms do not conflict', async () => {
      const [r1, r2] = await Promise.all([newRoom(), newRoom()]);
      await Promise.all([store.append(r1.id, entry(1)), store.append(r2.id, entry(1))]);
      expect(await store.latestSeq(r1.id)).toBe(1);
      expect(await store.latestSeq(r2.id)).toBe(1);
    });

    test('readLog returns entries after a seq, ascending, at most limit, from that room only', async () => {
      const room = await newRoom();
      const other = await newRoom();
      for (let seq = 1; seq <= 5; seq++) await store.append(room.id, entry(seq));
      for (let seq = 1; seq <= 3; seq++) await store.append(other.id, entry(seq, { other: true }));
      const seqs = async (after: number, limit?: number) => (await store.readLog(room.id, after, limit)).map((e) => e.seq);
      expect(await seqs(0)).toEqual([1, 2, 3, 4, 5]);
      expect(await seqs(2)).toEqual([3, 4, 5]);
      expect(await seqs(1, 2)).toEqual([2, 3]);
      expect(await seqs(0, 0)).toEqual([]);
      expect(await seqs(5)).toEqual([]);
      expect(await seqs(4, 10)).toEqual([5]);
      expect((await store.readLog(other.id, 0)).every((e) => (e.command as { other?: boolean }).other)).toBe(true);
      expect(await store.latestSeq(other.id)).toBe(3);
    });

    test('readLogBefore of an empty room, or before its first entry, is empty', async () => {
      const room = await newRoom();
      expect(await store.readLogBefore(room.id, 1, 10)).toEqual([]);
      expect(await store.readLogBefore(room.id, 100, 10)).toEqual([]);
      await store.append(room.id, entry(1));
      expect(await store.readLogBefore(room.id, 1, 10)).toEqual([]);
    });

    test.each([
      ['the newest page of a log', 8, 3, [5, 6, 7]],
      ['a page ending exactly at the first entry', 4, 3, [1, 2, 3]],
      ['a page longer than what is left', 3, 5, [1, 2]],
      ['a limit of one', 6, 1, [5]],
      ['a limit of zero', 6, 0, []],
      ['a before past the end reads from the last entry', 50, 2, [6, 7]],
    ])('readLogBefore: %s', async (_name, before, limit, expected) => {
      const room = await newRoom();
      const other = await newRoom();
      await store.appendBatch(room.id, [1, 2, 3, 4, 5, 6, 7].map((seq) => entry(seq)));
      await store.appendBatch(other.id, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((seq) => entry(seq, { other: true })));
      const page = await store.readLogBefore(room.id, before, limit);
      expect(page.map((e) => e.seq)).toEqual(expected);
      expect(page).toEqual(expected.map((seq) => entry(seq)));
    });

    test('readLogBefore pages back to the first entry with no gap and no repeat', async () => {
      const room = await newRoom();
      await store.appendBatch(room.id, Array.from({ length: 23 }, (_, i) => entry(i + 1)));
      const seen: number[] = [];
      let before = (await store.latestSeq(room.id)) + 1;
      for (;;) {
        const page = await store.readLogBefore(room.id, before, 5);
        if (page.length === 0) break;
        seen.unshift(...page.map((e) => e.seq));
        before = page[0]!.seq;
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    });

    test('the snapshot with the highest seq wins; saving a seq again replaces it', async () => {
      const room = await newRoom({ at: 0 });
      const other = await newRoom({ other: 0 });
      await store.saveSnapshot(room.id, 3, { at: 3 });
      await store.saveSnapshot(room.id, 10, { at: 10 });
      await store.saveSnapshot(room.id, 5, { at: 5 });
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 10, state: { at: 10 } });
      await store.saveSnapshot(room.id, 10, { at: 10, again: true });
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 10, state: { at: 10, again: true } });
      expect(await store.latestSnapshot(other.id)).toEqual({ seq: 0, state: { other: 0 } });
    });

    test('a snapshot at or before a seq: the highest not past it, none when every one is later', async () => {
      const room = await newRoom({ at: 0 });
      await store.saveSnapshot(room.id, 4, { at: 4 });
      await store.saveSnapshot(room.id, 9, { at: 9 });
      expect(await store.latestSnapshot(room.id, 8)).toEqual({ seq: 4, state: { at: 4 } });
      expect(await store.latestSnapshot(room.id, 9)).toEqual({ seq: 9, state: { at: 9 } });
      expect(await store.latestSnapshot(room.id, 3)).toEqual({ seq: 0, state: { at: 0 } });
      expect(await store.latestSnapshot(room.id, -1)).toBeUndefined();
    });

    test('the spectator delay is kept with the room, per room; an unknown room is refused', async () => {
      const room = await newRoom();
      const other = await newRoom();
      expect((await store.getRoom(room.id))?.spectatorDelay).toBeUndefined();
      expect(await store.setSpectatorDelay(room.id, 90_000)).toBe(true);
      expect((await store.getRoom(room.id))?.spectatorDelay).toBe(90_000);
      expect((await store.getRoom(other.id))?.spectatorDelay).toBeUndefined();
      expect(await store.setSpectatorDelay(room.id, 'phase')).toBe(true);
      expect((await store.getRoom(room.id))?.spectatorDelay).toBe('phase');
      expect(await store.setSpectatorDelay(room.id, 30_000)).toBe(true);
      expect((await store.getRoom(room.id))?.spectatorDelay).toBe(30_000);
      expect(await store.setSpectatorDelay(room.id, 0)).toBe(true);
      expect((await store.getRoom(room.id))?.spectatorDelay).toBeUndefined();
      expect(await store.setSpectatorDelay(`r-${randomUUID()}`, 5000)).toBe(false);
      expect(await store.setSpectatorDelay(`r-${randomUUID()}`, 'phase')).toBe(false);
    });

    test('tokens: put and find; revoking hits only that room, role and seat', async () => {
      const room = await newRoom();
      const other = await newRoom();
      const gmToken = token(room.id, 'gm', null);
      const s1a = token(room.id, 'player', 's1');
      const s1b = token(room.id, 'player', 's1');
      const s2 = token(room.id, 'player', 's2');
      const spectator = token(room.id, 'spectator', null);
      const otherS1 = token(other.id, 'player', 's1');
      const all = [gmToken, s1a, s1b, s2, spectator, otherS1];
      for (const t of all) await store.putToken(t);
      for (const t of all) expect(await store.findToken(t.hash)).toEqual(t);

      await store.revokeTokens(room.id, 'player', 's1');
      const revoked = async () => {
        const found = await Promise.all(all.map((t) => store.findToken(t.hash)));
        return found.map((t) => t?.revoked);
      };
      expect(await revoked()).toEqual([false, true, true, false, false, false]);

      await store.revokeTokens(room.id, 'gm', null);
      expect(await revoked()).toEqual([true, true, true, false, false, false]);

      // A fresh link for the same seat after revocation is live.
      const s1c = token(room.id, 'player', 's1');
      await store.putToken(s1c);
      expect(await store.findToken(s1c.hash)).toEqual(s1c);
    });

    test('tokens: the live ones of a room are listed; revoked ones and other rooms\' are not', async () => {
      const room = await newRoom();
      const other = await newRoom();
      const [gmToken, s1, s2, spectator] = [token(room.id, 'gm', null), token(room.id, 'player', 's1'), token(room.id, 'player', 's2'), token(room.id, 'spectator', null)];
      for (const t of [gmToken, s1, s2, spectator, token(other.id, 'player', 's1')]) await store.putToken(t);
      const live = async () => (await store.liveTokens(room.id)).sort((a, b) => a.hash.localeCompare(b.hash));
      const sorted = (ts: TokenRecord[]) => [...ts].sort((a, b) => a.hash.localeCompare(b.hash));
      expect(await live()).toEqual(sorted([gmToken, s1, s2, spectator]));

      await store.revokeTokens(room.id, 'player', 's1');
      const s1again = token(room.id, 'player', 's1');
      await store.putToken(s1again);
      expect(await live()).toEqual(sorted([gmToken, s2, spectator, s1again]));
      expect(await store.liveTokens(`r-${randomUUID()}`)).toEqual([]);
    });

    test('tokens: a sealed value is set once, on a token that has none', async () => {
      const room = await newRoom();
      const bare = { ...token(room.id, 'gm', null), sealed: null };
      const sealed = token(room.id, 'player', 's1');
      await store.putToken(bare);
      await store.putToken(sealed);

      expect(await store.sealToken(bare.hash, 'first')).toBe(true);
      expect(await store.sealToken(bare.hash, 'second')).toBe(false);
      expect(await store.findToken(bare.hash)).toEqual({ ...bare, sealed: 'first' });
      expect(await store.sealToken(sealed.hash, 'other')).toBe(false);
      expect(await store.findToken(sealed.hash)).toEqual(sealed);
      expect(await store.sealToken(`h-${randomUUID()}`, 'nothing')).toBe(false);
    });

    test('ping answers while the store is open', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    test('unknown room and token read as undefined', async () => {
      expect(await store.getRoom(`r-${randomUUID()}`)).toBeUndefined();
      expect(await store.latestSnapshot(`r-${randomUUID()}`)).toBeUndefined();
      expect(await store.findToken(`h-${randomUUID()}`)).toBeUndefined();
    });

    test('a command\'s ref reads back with its entry, single or batched; an entry without one has none', async () => {
      const room = await newRoom();
      const [a, b, c] = [{ ...entry(1), ref: 'k7:1' }, entry(2), { ...entry(3), ref: 'k7:2' }];
      await store.append(room.id, a);
      await store.appendBatch(room.id, [b, c]);
      expect(await store.readLog(room.id, 0)).toEqual([a, b, c]);
      expect('ref' in (await store.readLog(room.id, 1))[0]!).toBe(false);
    });

    test('findRef: the seq an actor committed a ref at; another actor\'s ref, or none, is not it', async () => {
      const room = await newRoom();
      await store.appendBatch(room.id, [{ ...entry(1), ref: 'k8:1' }, { ...entry(2, { type: 'roll', expr: '1D6' }, seat1), ref: 'k8:1' }, entry(3)]);
      expect(await store.findRef(room.id, { role: 'gm' }, 'k8:1')).toBe(1);
      expect(await store.findRef(room.id, seat1, 'k8:1')).toBe(2);
      expect(await store.findRef(room.id, { role: 'player', seat: 's9' }, 'k8:1')).toBeUndefined();
      expect(await store.findRef(room.id, { role: 'gm' }, 'k8:2')).toBeUndefined();
    });

    test('awkward values round-trip exactly through one batch', async () => {
      const room = await newRoom();
      const entries = AWKWARD_VALUES.map(([, value], i): LogEntry => ({ ...entry(i + 1), command: value, events: [value, { wrapped: value }] }));
      await store.appendBatch(room.id, entries);
      expect(await store.readLog(room.id, 0)).toEqual(entries);
    });

    test.each(AWKWARD_VALUES)('%s round-trips exactly through snapshots and the log', async (_label, value) => {
      const room = await newRoom(value);
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 0, state: value });
      await store.saveSnapshot(room.id, 1, value);
      expect(await store.latestSnapshot(room.id)).toEqual({ seq: 1, state: value });
      const e: LogEntry = { ...entry(1), command: value, events: [value, { wrapped: value }] };
      await store.append(room.id, e);
      expect(await store.readLog(room.id, 0)).toEqual([e]);
    });

    test('an image reads back byte for byte by its hash, from any room; an unknown hash reads as undefined', async () => {
      const room = await newRoom();
      const img = image(1);
      expect(await store.putImage(room.id, img, 10)).toBe('stored');
      const read = await store.getImage(img.hash);
      expect(read && { ...read, bytes: [...read.bytes] }).toEqual({ ...img, bytes: [...img.bytes] });
      expect(read?.bytes).toBeInstanceOf(Uint8Array);
      expect(await store.getImage('0'.repeat(64))).toBeUndefined();
    });

    test('an image a room holds already is not stored again; a room at its limit takes no new image', async () => {
      const room = await newRoom();
      const other = await newRoom();
      expect(await store.putImage(room.id, image(2), 2)).toBe('stored');
      expect(await store.putImage(room.id, image(2), 2)).toBe('exists');
      expect(await store.putImage(room.id, image(3), 2)).toBe('stored');
      expect(await store.putImage(room.id, image(4), 2)).toBe('full');
      expect(await store.getImage(image(4).hash)).toBeUndefined();
      // Held images are still answered at the limit, and another room counts its own.
      expect(await store.putImage(room.id, image(3), 2)).toBe('exists');
      expect(await store.putImage(other.id, image(4), 2)).toBe('stored');
      expect(await store.putImage(other.id, image(2), 2)).toBe('stored');
    });
  });
}
