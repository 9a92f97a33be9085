import { beforeEach, describe, expect, test } from 'vitest';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { LogEntry, Store } from '../db/store.ts';
import { VersionConflict } from '../db/store.ts';
import { counterCalls, counterGame } from '../testing/counter-game.ts';
import type { Connection } from './room.ts';
import { ReplayMismatch, Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const SPEC: Viewer = { role: 'spectator' };

type Recorder = Connection & { got: ServerMessage[]; closed: boolean };
function recorder(id: string, viewer: Viewer): Recorder {
  const got: ServerMessage[] = [];
  const conn: Recorder = {
    id,
    viewer,
    got,
    closed: false,
    send: (msg) => got.push(structuredClone(msg)),
    close: () => {
      conn.closed = true;
    },
  };
  return conn;
}

async function makeRoom(store: Store = memoryStore(), snapshotEvery?: number): Promise<{ room: Room; store: Store }> {
  await store.createRoom({ id: 'room1', game: 'counter', title: 'Test', createdAt: '2020-01-01T00:00:00Z' }, counterGame.setup('0'.repeat(64)));
  const room = new Room({ id: 'room1', game: counterGame, store, ...(snapshotEvery ? { snapshotEvery } : {}) });
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
});

describe('Room.submit', () => {
  test('concurrent submits run one at a time and get consecutive seqs', async () => {
    const inner = memoryStore();
    // Random append latency would reorder or double-assign seqs if the queue let submits interleave.
    const slow = interceptAppend(inner, () => new Promise((r) => setTimeout(r, Math.random() * 3)));
    const { room, store } = await makeRoom(slow);
    const watcher = recorder('w', SPEC);
    await room.attach(watcher);
    const results = await Promise.all(Array.from({ length: 10 }, () => room.submit({ type: 'inc', by: 1 }, S1)));
    expect(results.map((r) => (r.ok ? r.value.seq : -1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(room.seq).toBe(10);
    expect(room.state).toEqual({ n: 10, secret: '' });
    expect((await store.readLog('room1', 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seqsOf(watcher.got)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test('a rule rejection changes nothing and sends nothing', async () => {
    const { room, store } = await makeRoom();
    const c = recorder('c', S1);
    await room.attach(c);
    const r = await room.submit({ type: 'hide', secret: 'x' }, S1);
    expect(r).toEqual({ ok: false, error: { code: 'GM_ONLY', rule: 'CTR-02' } });
    expect(room.seq).toBe(0);
    expect(await store.latestSeq('room1')).toBe(0);
    expect(c.got.map((m) => m.type)).toEqual(['welcome']);
  });

  test('a VersionConflict from another writer reloads the log, delivers it, and retries', async () => {
    const inner = memoryStore();
    const racing = interceptAppend(inner, async (entry, attempt) => {
      // Another process commits seq 1 just before our first append lands.
      if (attempt === 0) {
        await inner.append('room1', { seq: entry.seq, actor: GM, command: { type: 'inc', by: 2 }, events: [{ type: 'inc', n: 2 }], at: 'x' });
      }
    });
    const { room } = await makeRoom(racing);
    const c = recorder('c', S1);
    await room.attach(c);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok && r.value.seq).toBe(2);
    expect(room.state).toEqual({ n: 3, secret: '' });
    expect(seqsOf(c.got)).toEqual([1, 2]);
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
        await inner.append('room1', { seq: entry.seq, actor: GM, command: { type: 'inc', by: 10 }, events: [{ type: 'inc', n: 10 }], at: 'x' });
      }
    });
    const { room } = await makeRoom(racing);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok ? 'ok' : r.error.code).toBe('OVER_CAP');
    expect(room.seq).toBe(1);
    expect(room.state).toEqual({ n: 10, secret: '' });
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
    const c = recorder('c', GM);
    await room.attach(c);
    const r = await room.submit({ type: 'hide', secret: 'lost' }, GM);
    expect(r.ok ? 'ok' : r.error.code).toBe('STORE_UNAVAILABLE');
    expect(room.state).toEqual({ n: 0, secret: '' });
    expect(room.seq).toBe(0);
    expect(c.got.map((m) => m.type)).toEqual(['welcome']);
    broken = false;
    const again = await room.submit({ type: 'inc', by: 1 }, GM);
    expect(again.ok && again.value.seq).toBe(1);
    expect(seqsOf(c.got)).toEqual([1]);
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
    await store.append('room1', { seq: 1, actor: GM, command: { type: 'inc', by: 1 }, events: [{ type: 'inc', n: 99 }], at: 'x' });
    const fresh = new Room({ id: 'room1', game: counterGame, store });
    await expect(fresh.load()).rejects.toBeInstanceOf(ReplayMismatch);
  });

  test('snapshots are taken every snapshotEvery commits and loading starts from the latest', async () => {
    const { room, store } = await makeRoom(memoryStore(), 3);
    for (let i = 0; i < 7; i++) await room.submit({ type: 'inc', by: 1 }, S1);
    const snap = await store.latestSnapshot('room1');
    expect(snap).toEqual({ seq: 6, state: { n: 6, secret: '' } });
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
    expect(fresh.state).toEqual({ n: 7, secret: '' });
  });
});

describe('Room connections', () => {
  test('each commit computes one view per distinct viewer and sends it to all of that viewer\'s connections', async () => {
    const { room } = await makeRoom();
    const conns = [recorder('g1', GM), recorder('g2', GM), recorder('p1', S1), recorder('p2', S1), recorder('x', SPEC)];
    for (const c of conns) await room.attach(c);
    counterCalls.view = 0;
    await room.submit({ type: 'hide', secret: 'MIMIC-7' }, GM);
    expect(counterCalls.view).toBe(3);
    const [g1, g2, p1, p2, x] = conns.map((c) => c.got.at(-1));
    expect(g1).toEqual({ type: 'update', seq: 1, events: [{ type: 'hidden', secret: 'MIMIC-7' }], view: { game: 'counter', n: 0, secret: 'MIMIC-7' } });
    expect(g2).toEqual(g1);
    expect(p1).toEqual({ type: 'update', seq: 1, events: [{ type: 'hidden' }], view: { game: 'counter', n: 0, secret: null } });
    expect(p2).toEqual(p1);
    expect(x).toEqual({ type: 'update', seq: 1, events: [], view: { game: 'counter', n: 0, secret: null } });
  });

  test('catch-up sends exactly the missed seqs, redacted for the viewer, then a welcome', async () => {
    const { room } = await makeRoom();
    await room.submit({ type: 'inc', by: 1 }, S1);
    await room.submit({ type: 'inc', by: 1 }, S1);
    await room.submit({ type: 'hide', secret: 'BASILISK-3' }, GM);
    await room.submit({ type: 'inc', by: 1 }, S1);
    await room.submit({ type: 'hide', secret: 'BASILISK-5' }, GM);

    const player = recorder('p', S1);
    await room.attach(player, 2);
    expect(player.got.map((m) => [m.type, 'seq' in m ? m.seq : null])).toEqual([
      ['update', 3],
      ['update', 4],
      ['update', 5],
      ['welcome', 5],
    ]);
    expect(player.got.slice(0, 3).every((m) => m.type === 'update' && m.view === undefined)).toBe(true);
    expect(JSON.stringify(player.got)).not.toContain('BASILISK');

    const gm = recorder('g', GM);
    await room.attach(gm, 2);
    expect(gm.got[0]).toEqual({ type: 'update', seq: 3, events: [{ type: 'hidden', secret: 'BASILISK-3' }] });

    const spectator = recorder('s', SPEC);
    await room.attach(spectator, 4);
    expect(spectator.got).toMatchObject([{ type: 'update', seq: 5, events: [] }, { type: 'welcome', seq: 5 }]);
  });

  test('no catch-up when the client is ahead or too far behind: only the welcome', async () => {
    const { room } = await makeRoom();
    await room.submit({ type: 'inc', by: 1 }, S1);
    const ahead = recorder('a', S1);
    await room.attach(ahead, 7);
    expect(ahead.got.map((m) => m.type)).toEqual(['welcome']);
    const current = recorder('c', S1);
    await room.attach(current, 1);
    expect(current.got.map((m) => m.type)).toEqual(['welcome']);
  });

  test('more than 500 missed commits get a fresh welcome instead of a replay', async () => {
    const store = memoryStore();
    await makeRoom(store);
    // Written straight to the log, then loaded: 501 commits without running 501 submits through a queue.
    for (let seq = 1; seq <= 501; seq++) {
      await store.append('room1', { seq, actor: GM, command: { type: 'hide', secret: `s${seq}` }, events: [{ type: 'hidden', secret: `s${seq}` }], at: 'x' });
    }
    const fresh = new Room({ id: 'room1', game: counterGame, store });
    await fresh.load();
    expect(fresh.seq).toBe(501);
    const far = recorder('f', S1);
    await fresh.attach(far, 0);
    expect(far.got.map((m) => m.type)).toEqual(['welcome']);
    const near = recorder('n', S1);
    await fresh.attach(near, 1);
    expect(near.got.length).toBe(501);
  });

  test('kick sends kicked, closes, and stops delivery; detach stops delivery', async () => {
    const { room } = await makeRoom();
    const p = recorder('p', S1);
    const g = recorder('g', GM);
    const x = recorder('x', SPEC);
    for (const c of [p, g, x]) await room.attach(c);
    const kicked = await room.kick((c) => c.viewer.role === 'player', 'TOKEN_REVOKED');
    expect(kicked).toBe(1);
    expect(p.got.at(-1)).toEqual({ type: 'kicked', code: 'TOKEN_REVOKED', seq: room.seq });
    expect(p.closed).toBe(true);
    room.detach('x');
    await room.submit({ type: 'inc', by: 1 }, GM);
    expect(p.got.at(-1)?.type).toBe('kicked');
    expect(x.got.map((m) => m.type)).toEqual(['welcome']);
    expect(g.got.at(-1)).toMatchObject({ type: 'update', seq: 1 });
  });

  test('a connection whose send throws does not stop delivery to the others', async () => {
    const { room } = await makeRoom();
    const bad: Connection = {
      id: 'bad',
      viewer: S1,
      send: (m) => {
        if (m.type === 'update') throw new Error('socket gone');
      },
    };
    const good = recorder('good', S1);
    await room.attach(bad);
    await room.attach(good);
    const r = await room.submit({ type: 'inc', by: 1 }, S1);
    expect(r.ok).toBe(true);
    expect(seqsOf(good.got)).toEqual([1]);
  });
});
