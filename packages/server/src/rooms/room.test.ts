import { beforeEach, describe, expect, test } from 'vitest';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { LogEntry, Store } from '../db/store.ts';
import { StoreUnavailable, VersionConflict } from '../db/store.ts';
import { counterCalls, counterGame } from '../testing/counter-game.ts';
import { RecordingPort } from '../testing/recording-port.ts';
import type { Connection } from './room.ts';
import { ReplayMismatch } from './replay.ts';
import { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const SPEC: Viewer = { role: 'spectator' };

/** The room's transport in these tests: every connection's messages and held view. */
let port: RecordingPort;
const conn = (id: string, viewer: Viewer): Connection => ({ id, viewer });
const got = (id: string) => port.of(id).got;
const viewOf = (id: string) => port.of(id).replica.view;

async function makeRoom(store: Store = memoryStore(), snapshotEvery?: number): Promise<{ room: Room; store: Store }> {
  await store.createRoom({ id: 'room1', game: 'counter', title: 'Test', createdAt: '2020-01-01T00:00:00Z' }, counterGame.setup('0'.repeat(64)));
  const room = new Room({ id: 'room1', game: counterGame, store, port, ...(snapshotEvery ? { snapshotEvery } : {}) });
  await room.load();
  return { room, store };
}

/** A store that lets a test intercept append. */
function interceptAppend(inner: Store, hook: (entry: LogEntry, attempt: number) => Promise<void>): Store {
  let attempt = 0;
  return {
    ...inner,
    async append(roomId, entry) {
      await hook(entry, attempt++);
      return inner.append(roomId, entry);
    },
  };
}

const seqsOf = (msgs: ServerMessage[]) => msgs.flatMap((m) => (m.type === 'update' ? [m.seq] : []));

beforeEach(() => {
  counterCalls.view = 0;
  port = new RecordingPort();
});

/** The counter state with n and secret as given (and the seed's RNG, untouched by the counter). */
const counter = (n: number, secret = '') => ({ rng: { seed: '0'.repeat(64), counter: 0 }, n, secret, seats: [] });

describe('Room.submit', () => {
  test('concurrent submits run one at a time and get consecutive seqs', async () => {
    const inner = memoryStore();
    // Random append latency would reorder or double-assign seqs if the queue let submits interleave.
    const slow = interceptAppend(inner, () => new Promise((r) => setTimeout(r, Math.random() * 3)));
    const { room, store } = await makeRoom(slow);
    await room.attach(conn('w', SPEC));
    const results = await Promise.all(Array.from({ length: 10 }, () => room.submit({ type: 'inc', by: 1 }, S1)));
    expect(results.map((r) => (r.ok ? r.value.seq : -1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(room.seq).toBe(10);
    expect(room.state).toEqual(counter(10));
    expect((await store.readLog('room1', 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // One update per batch: the watcher's seqs rise to 10, and its patched view is the room's.
    const seqs = seqsOf(got('w'));
    expect(seqs.at(-1)).toBe(10);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(viewOf('w')).toEqual(counterGame.view(room.state as never, SPEC));
  });

  test('a rule rejection changes nothing and sends nothing', async () => {
    const { room, store } = await makeRoom();
    await room.attach(conn('c', S1));
    const r = await room.submit({ type: 'hide', secret: 'x' }, S1);
    expect(r).toEqual({ ok: false, error: { code: 'GM_ONLY', rule: 'CTR-02' } });
    expect(room.seq).toBe(0);
    expect(await store.latestSeq('room1')).toBe(0);
    expect(got('c').map((m) => m.type)).toEqual(['welcome']);
  });

  test('a VersionConflict from another writer reloads the log, delivers it, and retries', async () => {
    const inner = memoryStore();
    const racing = interceptAppend(inner, async (entry, attempt) => {
      // Another process commits seq 1 just before our first append lands.
      if (attempt === 0) {
        await inner.append('room1', { seq: entry.seq, actor: GM, command: { type: 'inc', by: 2 }, events: incEvents(2), at: 'x' });
      }
    });
    const { room } = await makeRoom(racing);
    await room.attach(conn('c', S1));
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok && r.value.seq).toBe(2);
    expect(room.state).toEqual(counter(3));
    expect(seqsOf(got('c'))).toEqual([1, 2]);
    expect(viewOf('c')).toMatchObject({ n: 3 });
  });

  test('a spurious VersionConflict once is retried with the same seq', async () => {
    const inner = memoryStore();
    const flaky = interceptAppend(inner, async (entry, attempt) => {
      if (attempt === 0) throw new VersionConflict('room1', entry.seq - 1);
    });
    const { room } = await makeRoom(flaky);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok && r.value.seq).toBe(1);
    expect(await inner.latestSeq('room1')).toBe(1);
  });

  test('the retry re-validates against the reloaded state', async () => {
    const inner = memoryStore();
    const racing = interceptAppend(inner, async (entry, attempt) => {
      if (attempt === 0) {
        await inner.append('room1', { seq: entry.seq, actor: GM, command: { type: 'inc', by: 10 }, events: incEvents(10), at: 'x' });
      }
    });
    const { room } = await makeRoom(racing);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok ? 'ok' : r.error.code).toBe('OVER_CAP');
    expect(room.seq).toBe(1);
    expect(room.state).toEqual(counter(10));
  });

  test('endless conflicts give up after three retries', async () => {
    const inner = memoryStore();
    let calls = 0;
    const hostile = interceptAppend(inner, async (entry) => {
      calls++;
      throw new VersionConflict('room1', entry.seq - 1);
    });
    const { room } = await makeRoom(hostile);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok ? 'ok' : r.error.code).toBe('ROOM_BUSY');
    expect(calls).toBe(4);
    expect(room.seq).toBe(0);
  });

  test('persist, then send: a failed append sends nothing and rejects; the room recovers afterwards', async () => {
    const inner = memoryStore();
    let broken = true;
    const failing = interceptAppend(inner, async () => {
      if (broken) throw new Error('disk on fire');
    });
    const { room } = await makeRoom(failing);
    await room.attach(conn('c', GM));
    const r = await room.submit({ type: 'hide', secret: 'lost' }, GM);
    expect(r.ok ? 'ok' : r.error.code).toBe('STORE_UNAVAILABLE');
    expect(room.state).toEqual(counter(0));
    expect(room.seq).toBe(0);
    expect(got('c').map((m) => m.type)).toEqual(['welcome']);
    broken = false;
    const again = await room.submit({ type: 'inc', by: 1 }, GM);
    expect(again.ok && again.value.seq).toBe(1);
    expect(seqsOf(got('c'))).toEqual([1]);
  });
});

describe('Room.load', () => {
  test('replaying the log rebuilds exactly the live state', async () => {
    const { room, store } = await makeRoom();
    await room.submit({ type: 'inc', by: 3 }, S1);
    await room.submit({ type: 'hide', secret: 'dragon' }, GM);
    await room.submit({ type: 'inc', by: 4 }, GM);
    const fresh = new Room({ id: 'room1', game: counterGame, store });
    await fresh.load();
    expect(fresh.seq).toBe(room.seq);
    expect(fresh.state).toEqual(room.state);
  });

  test('a log whose events differ from what the rules produce refuses to load', async () => {
    const store = memoryStore();
    await makeRoom(store);
    await store.append('room1', { seq: 1, actor: GM, command: { type: 'inc', by: 1 }, events: incEvents(99), at: 'x' });
    const fresh = new Room({ id: 'room1', game: counterGame, store });
    await expect(fresh.load()).rejects.toBeInstanceOf(ReplayMismatch);
  });

  test('snapshots are taken every snapshotEvery commits and loading starts from the latest', async () => {
    const { room, store } = await makeRoom(memoryStore(), 3);
    for (let i = 0; i < 7; i++) await room.submit({ type: 'inc', by: 1 }, S1);
    const snap = await store.latestSnapshot('room1');
    expect(snap).toEqual({ seq: 6, state: counter(6) });
    const reads: number[] = [];
    const spying: Store = {
      ...store,
      readLog: (id, after, limit) => {
        reads.push(after);
        return store.readLog(id, after, limit);
      },
    };
    const fresh = new Room({ id: 'room1', game: counterGame, store: spying });
    await fresh.load();
    expect(reads).toEqual([6]);
    expect(fresh.state).toEqual(counter(7));
  });
});

/** The events the counter logs for an increment to n. */
const incEvents = (n: number) => [{ type: 'inc', parts: [{ to: { gm: true, spectators: true, anySeat: true }, seen: { type: 'inc', n } }] }];

describe('Room connections', () => {
  test('each batch computes one view per distinct viewer and sends one update to all of that viewer\'s connections', async () => {
    const { room } = await makeRoom();
    const ids: [string, Viewer][] = [['g1', GM], ['g2', GM], ['p1', S1], ['p2', S1], ['x', SPEC]];
    for (const [id, v] of ids) await room.attach(conn(id, v));
    counterCalls.view = 0;
    await room.submit({ type: 'hide', secret: 'MIMIC-7' }, GM);
    expect(counterCalls.view).toBe(3);
    // Only the GM's view changed; the players read a line that something was hidden, the spectator nothing at all.
    const at = expect.any(Number);
    expect(got('g1').at(-1)).toEqual({
      type: 'update',
      seq: 1,
      patch: { base: 0, ops: [{ op: 'set', path: ['secret'], value: 'MIMIC-7' }] },
      lines: [{ seq: 1, at, i: 0, seen: { type: 'hidden', secret: 'MIMIC-7' } }],
    });
    expect(got('g2').at(-1)).toEqual(got('g1').at(-1));
    for (const id of ['p1', 'p2']) expect(got(id).at(-1)).toEqual({ type: 'update', seq: 1, lines: [{ seq: 1, at, i: 0, seen: { type: 'hidden' } }] });
    expect(got('x').map((m) => m.type)).toEqual(['welcome']);
    expect(JSON.stringify([got('p1'), got('x')])).not.toContain('MIMIC');
  });

  test('acks ride on the update of the committing viewer, to all its connections and no other viewer', async () => {
    const { room } = await makeRoom();
    for (const [id, v] of [['p1', S1], ['p2', S1], ['g', GM]] as [string, Viewer][]) await room.attach(conn(id, v));
    const r = await room.submit({ type: 'inc', by: 2 }, S1, 'k1:1');
    expect(r.ok && r.value.seq).toBe(1);
    expect(got('p1').at(-1)).toMatchObject({ type: 'update', seq: 1, acks: [{ ref: 'k1:1', seq: 1 }] });
    expect(got('p2').at(-1)).toEqual(got('p1').at(-1));
    expect(got('g').at(-1)).toEqual({ type: 'update', seq: 1, patch: { base: 0, ops: [{ op: 'set', path: ['n'], value: 2 }] }, lines: [{ seq: 1, at: expect.any(Number), i: 0, seen: { type: 'inc', n: 2 } }] });
  });

  test('an ack goes out even when the command changed nothing its viewer sees', async () => {
    const { room } = await makeRoom();
    await room.attach(conn('p', S1));
    await room.submit({ type: 'inc', by: 0 }, S1, 'k2:1');
    expect(got('p').at(-1)).toEqual({ type: 'update', seq: 1, acks: [{ ref: 'k2:1', seq: 1 }], lines: [{ seq: 1, at: expect.any(Number), i: 0, seen: { type: 'inc', n: 0 } }] });
  });

  test('a retry of a committed ref is answered with its commit, not committed again; one ref twice in a batch commits once', async () => {
    const { room } = await makeRoom();
    const first = await room.submit({ type: 'inc', by: 1 }, S1, 'k3:1');
    const again = await room.submit({ type: 'inc', by: 1 }, S1, 'k3:1', true);
    expect(first).toEqual({ ok: true, value: expect.objectContaining({ seq: 1 }) });
    expect(again).toEqual({ ok: true, value: { seq: 1, retried: true } });
    const [a, b] = await Promise.all([room.submit({ type: 'inc', by: 1 }, S1, 'k3:2'), room.submit({ type: 'inc', by: 1 }, S1, 'k3:2', true)]);
    expect(a.ok && a.value.seq).toBe(2);
    expect(b).toEqual({ ok: true, value: { seq: 2, retried: true } });
    // The same ref from another actor is another command.
    expect(await room.submit({ type: 'inc', by: 1 }, GM, 'k3:1', true)).toEqual({ ok: true, value: expect.objectContaining({ seq: 3 }) });
    // A retry whose first send never arrived is committed now.
    expect(await room.submit({ type: 'inc', by: 1 }, S1, 'k3:9', true)).toEqual({ ok: true, value: expect.objectContaining({ seq: 4 }) });
    expect(room.state).toEqual(counter(4));
  });

  test('refs survive a restart: a reloaded room answers a retry of a command committed before the crash', async () => {
    const { room, store } = await makeRoom(memoryStore(), 2);
    for (let i = 1; i <= 5; i++) await room.submit({ type: 'inc', by: 1 }, S1, `k4:${i}`);
    room.dispose();
    const fresh = new Room({ id: 'room1', game: counterGame, store, port });
    await fresh.load();
    for (const i of [1, 3, 5]) expect(await fresh.submit({ type: 'inc', by: 1 }, S1, `k4:${i}`, true)).toEqual({ ok: true, value: { seq: i, retried: true } });
    expect(fresh.state).toEqual(counter(5));
  });

  test('only a retry is looked up in the log: a fresh command costs no query', async () => {
    const inner = memoryStore();
    let lookups = 0;
    const store: Store = { ...inner, findRef: (...args) => (lookups++, inner.findRef(...args)) };
    const { room } = await makeRoom(store);
    await room.submit({ type: 'inc', by: 0 }, S1, 'one');
    await room.submit({ type: 'inc', by: 0 }, S1, 'two');
    expect(lookups).toBe(0);
    expect(await room.submit({ type: 'inc', by: 0 }, S1, 'one', true)).toEqual({ ok: true, value: { seq: 1, retried: true } });
    expect(lookups).toBe(1);
  });

  test('a reconnecting client gets a welcome with its viewer\'s view, and the patches that follow apply to it', async () => {
    const { room } = await makeRoom();
    await room.attach(conn('a', S1));
    await room.submit({ type: 'inc', by: 1 }, S1);
    await room.submit({ type: 'hide', secret: 'BASILISK-3' }, GM);
    // b joins while a holds seat s1's view as of seq 2 (the hide reached a as a line, its view unchanged): both
    // hold the same base.
    await room.attach(conn('b', S1));
    expect(got('b')).toMatchObject([{ type: 'welcome', seq: 2, view: { n: 1, secret: null } }]);
    await room.submit({ type: 'inc', by: 2 }, GM);
    for (const id of ['a', 'b']) expect(viewOf(id)).toEqual({ game: 'counter', n: 3, secret: null, seats: [] });
    expect(JSON.stringify(got('b'))).not.toContain('BASILISK');
  });

  test('kick sends kicked, closes, and stops delivery; detach stops delivery', async () => {
    const { room } = await makeRoom();
    for (const [id, v] of [['p', S1], ['g', GM], ['x', SPEC]] as [string, Viewer][]) await room.attach(conn(id, v));
    const kicked = await room.kick((c) => c.viewer.role === 'player', 'TOKEN_REVOKED');
    expect(kicked).toBe(1);
    expect(got('p').at(-1)).toEqual({ type: 'kicked', code: 'TOKEN_REVOKED', seq: room.seq });
    expect(port.of('p').closed).toBe(true);
    room.detach('x');
    await room.submit({ type: 'inc', by: 1 }, GM);
    expect(got('p').at(-1)?.type).toBe('kicked');
    expect(got('x').map((m) => m.type)).toEqual(['welcome']);
    expect(got('g').at(-1)).toMatchObject({ type: 'update', seq: 1 });
    expect(room.connectionCount).toBe(1);
  });

  test('a group whose send throws does not stop delivery to the others', async () => {
    const { room } = await makeRoom();
    await room.attach(conn('bad', GM));
    await room.attach(conn('good', S1));
    port.throwOn.add('bad');
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok).toBe(true);
    expect(seqsOf(got('good'))).toEqual([1]);
  });

  test('an outage while catching up answers attach with StoreUnavailable', async () => {
    const inner = memoryStore();
    let broken = false;
    const flaky: Store = {
      ...inner,
      append: async (id, e) => {
        if (broken) throw new StoreUnavailable('connection terminated');
        return inner.append(id, e);
      },
      readLog: async (id, after, limit) => {
        if (broken) throw new StoreUnavailable('connection terminated');
        return inner.readLog(id, after, limit);
      },
    };
    const { room } = await makeRoom(flaky);
    broken = true;
    expect(await room.submit({ type: 'inc', by: 1 }, S1)).toMatchObject({ ok: false, error: { code: 'STORE_UNAVAILABLE' } });
    await expect(room.attach(conn('late', S1))).rejects.toBeInstanceOf(StoreUnavailable);
    expect(await room.submit({ type: 'inc', by: 1 }, S1)).toMatchObject({ ok: false, error: { code: 'STORE_UNAVAILABLE' } });
    broken = false;
    expect(await room.submit({ type: 'inc', by: 1 }, S1)).toMatchObject({ ok: true, value: { seq: 1 } });
  });
});
