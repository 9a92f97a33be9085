import { beforeEach, describe, expect, test } from 'vitest';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import { RecordingPort } from '../testing/recording-port.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { LogEntry, Store } from '../db/store.ts';
import { counterCalls, counterGame } from '../testing/counter-game.ts';
import type { Connection } from './room.ts';
import { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const SPEC: Viewer = { role: 'spectator' };

let port: RecordingPort;
/** A connection of the test port: what it received, and the view it holds. */
function recorder(id: string, viewer: Viewer): Connection & { got: ServerMessage[]; view: () => unknown } {
  return { id, viewer, got: port.of(id).got, view: () => port.of(id).replica.view };
}
/** The counter's state with n and secret (the seed's RNG, untouched by the counter). */
const counter = (n: number, secret = '') => ({ rng: { seed: '0'.repeat(64), counter: 0 }, n, secret, seats: [] });

/** A store whose writes wait for the test to open a gate, and that records every write as a list of seqs. */
function gatedStore(inner: Store) {
  const writes: number[][] = [];
  let open: () => void = () => {};
  let gate = new Promise<void>((r) => (open = r));
  let fail: Error | undefined;
  const write = async (entries: LogEntry[], land: () => Promise<void>) => {
    writes.push(entries.map((e) => e.seq));
    await gate;
    if (fail) throw fail;
    await land();
  };
  const store: Store = {
    ...inner,
    append: (roomId, entry) => write([entry], () => inner.append(roomId, entry)),
    appendBatch: (roomId, entries) => write(entries, () => inner.appendBatch(roomId, entries)),
  };
  return {
    store,
    writes,
    release() {
      open();
      gate = new Promise<void>((r) => (open = r));
    },
    /** Lets every write through from now on. */
    openForGood() {
      open();
      gate = Promise.resolve();
    },
    failWith(e: Error | undefined) {
      fail = e;
    },
  };
}

async function makeRoom(store: Store, snapshotEvery?: number): Promise<Room> {
  const initial = counterGame.setup('0'.repeat(64));
  await store.createRoom({ id: 'room1', game: 'counter', title: 'Batch', createdAt: '2020-01-01T00:00:00Z' }, initial);
  const room = new Room({ id: 'room1', game: counterGame, store, port, ...(snapshotEvery ? { snapshotEvery } : {}) });
  await room.load();
  return room;
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const codeOrSeq = (r: Awaited<ReturnType<Room['submit']>>) => (r.ok ? r.value.seq : r.error.code);
const updates = (msgs: ServerMessage[]) => msgs.filter((m) => m.type === 'update');

beforeEach(() => {
  counterCalls.view = 0;
  port = new RecordingPort();
});

describe('group commit', () => {
  test('commands queued behind a write go in one write, and each viewer one update for the batch', async () => {
    const inner = memoryStore();
    const gated = gatedStore(inner);
    const room = await makeRoom(gated.store);
    const gm = recorder('g', GM);
    const player = recorder('p', S1);
    await room.attach(gm);
    await room.attach(player);

    const first = room.submit({ type: 'inc', by: 1 }, S1);
    await tick();
    // While the first write is in flight, three more arrive: they wait, then go together.
    const rest = [room.submit({ type: 'inc', by: 2 }, S1), room.submit({ type: 'hide', secret: 'OWLBEAR-9' }, GM), room.submit({ type: 'inc', by: 3 }, GM)];
    gated.release();
    await first;
    await tick();
    expect(gated.writes).toEqual([[1], [2, 3, 4]]);
    counterCalls.view = 0;
    gated.release();
    const results = await Promise.all(rest);

    expect([await first, ...results].map(codeOrSeq)).toEqual([1, 2, 3, 4]);
    expect((await inner.readLog('room1', 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(room.state).toEqual(counter(6, 'OWLBEAR-9'));
    // One projection per distinct viewer for the whole batch.
    expect(counterCalls.view).toBe(2);
    const seen = updates(player.got);
    expect(seen.map((m) => m.seq)).toEqual([1, 4]);
    // The batch's lines ride on the same update: a player reads that something was hidden, not what.
    const line = (seq: number, seen: unknown) => ({ seq, at: expect.any(Number), i: 0, seen });
    expect(seen.at(-1)).toEqual({
      type: 'update',
      seq: 4,
      patch: { base: 1, ops: [{ op: 'set', path: ['n'], value: 6 }] },
      lines: [line(2, { type: 'inc', n: 3 }), line(3, { type: 'hidden' }), line(4, { type: 'inc', n: 6 })],
    });
    expect(player.view()).toEqual({ game: 'counter', n: 6, secret: null, seats: [] });
    expect(JSON.stringify(player.got)).not.toContain('OWLBEAR');
    expect(updates(gm.got).map((m) => m.seq)).toEqual([1, 4]);
    expect(gm.view()).toMatchObject({ n: 6, secret: 'OWLBEAR-9' });
    expect(updates(gm.got).at(-1)?.lines?.map((l) => l.seen)).toEqual([{ type: 'inc', n: 3 }, { type: 'hidden', secret: 'OWLBEAR-9' }, { type: 'inc', n: 6 }]);
  });

  test('nothing is acknowledged or sent before the batch write lands', async () => {
    const gated = gatedStore(memoryStore());
    const room = await makeRoom(gated.store);
    const watcher = recorder('w', SPEC);
    await room.attach(watcher);
    const settled: number[] = [];
    const all = [1, 2, 3].map((by, i) => room.submit({ type: 'inc', by }, S1).then((r) => settled.push(i) && r));
    await tick();
    await tick();
    expect(gated.writes).toEqual([[1, 2, 3]]);
    expect(settled).toEqual([]);
    expect(updates(watcher.got)).toEqual([]);
    gated.release();
    await Promise.all(all);
    expect(settled.sort()).toEqual([0, 1, 2]);
    expect(updates(watcher.got).map((m) => m.seq)).toEqual([3]);
    expect(watcher.view()).toMatchObject({ n: 6 });
  });

  test('a rejected command in a batch is answered, not appended, and takes no seq; later ones see earlier ones', async () => {
    const inner = memoryStore();
    const room = await makeRoom(inner);
    const results = await Promise.all([
      room.submit({ type: 'inc', by: 6 }, S1),
      room.submit({ type: 'hide', secret: 'x' }, S1),
      room.submit({ type: 'inc', by: 6 }, S1),
      room.submit({ type: 'inc', by: 4 }, S1),
    ]);
    expect(results.map(codeOrSeq)).toEqual([1, 'GM_ONLY', 'OVER_CAP', 2]);
    expect((await inner.readLog('room1', 0)).map((e) => e.command)).toEqual([{ type: 'inc', by: 6 }, { type: 'inc', by: 4 }]);
    expect(room.state).toEqual(counter(10));
  });

  test('a failed batch write fails every command in it and leaves the state as it was; the room recovers', async () => {
    const inner = memoryStore();
    const gated = gatedStore(inner);
    const room = await makeRoom(gated.store);
    const c = recorder('c', S1);
    await room.attach(c);
    gated.failWith(new Error('disk on fire'));
    const errors = console.error;
    console.error = () => {};
    try {
      const batch = Promise.all([
        room.submit({ type: 'hide', secret: 'x' }, S1),
        room.submit({ type: 'inc', by: 9 }, S1),
        room.submit({ type: 'inc', by: 5 }, S1),
        room.submit({ type: 'inc', by: 1 }, S1),
      ]);
      await tick();
      gated.openForGood();
      // The batch write failed, so each command was tried alone, and failed alone: the rule rejection stands.
      expect((await batch).map(codeOrSeq)).toEqual(['GM_ONLY', 'STORE_UNAVAILABLE', 'STORE_UNAVAILABLE', 'STORE_UNAVAILABLE']);
      expect(gated.writes).toEqual([[1, 2], [1], [1], [1]]);
    } finally {
      console.error = errors;
    }
    expect(room.seq).toBe(0);
    expect(room.state).toEqual(counter(0));
    expect(c.got.map((m) => m.type)).toEqual(['welcome']);
    expect(await inner.latestSeq('room1')).toBe(0);

    gated.failWith(undefined);
    const again = Promise.all([room.submit({ type: 'inc', by: 9 }, S1), room.submit({ type: 'inc', by: 1 }, S1)]);
    expect((await again).map(codeOrSeq)).toEqual([1, 2]);
    expect(c.view()).toMatchObject({ n: 10 });
  });

  test('a stale batch reloads what the other writer stored, delivers it, and judges the whole batch again', async () => {
    const inner = memoryStore();
    let raced = false;
    const racing: Store = {
      ...inner,
      async appendBatch(roomId, entries) {
        if (!raced) {
          raced = true;
          const events = [{ type: 'inc', parts: [{ to: { gm: true, spectators: true, anySeat: true }, seen: { type: 'inc', n: 8 } }] }];
          await inner.append(roomId, { seq: entries[0]!.seq, actor: GM, command: { type: 'inc', by: 8 }, events, at: 'x' });
        }
        return inner.appendBatch(roomId, entries);
      },
    };
    const room = await makeRoom(racing);
    const c = recorder('c', S1);
    await room.attach(c);
    const results = await Promise.all([room.submit({ type: 'inc', by: 1 }, S1), room.submit({ type: 'inc', by: 2 }, S1)]);
    // Against the reloaded state (n = 8) the first still fits and the second no longer does.
    expect(results.map(codeOrSeq)).toEqual([2, 'OVER_CAP']);
    expect(room.state).toEqual(counter(9));
    expect(updates(c.got).map((m) => m.seq)).toEqual([1, 2]);
    expect(c.view()).toMatchObject({ n: 9 });
    expect((await inner.readLog('room1', 0)).map((e) => e.seq)).toEqual([1, 2]);
  });

  test('a batch that steps over a snapshot boundary still takes the snapshot, at its last seq', async () => {
    const inner = memoryStore();
    const room = await makeRoom(inner, 3);
    await Promise.all([1, 2, 3, 4].map(() => room.submit({ type: 'inc', by: 1 }, S1)));
    expect(await inner.latestSnapshot('room1')).toEqual({ seq: 4, state: counter(4) });
    const fresh = new Room({ id: 'room1', game: counterGame, store: inner });
    await fresh.load();
    expect(fresh.state).toEqual(room.state);
  });

  test('a command whose data the store refuses fails alone; the others of its batch commit', async () => {
    const inner = memoryStore();
    const gated = gatedStore(inner);
    // As Postgres refuses text jsonb cannot hold: the write holding that command fails whole.
    const picky: Store = {
      ...gated.store,
      append: (id, e) => (JSON.stringify(e.command).includes('POISON') ? Promise.reject(new Error('unsupported Unicode escape sequence')) : gated.store.append(id, e)),
      appendBatch: (id, es) => (es.some((e) => JSON.stringify(e.command).includes('POISON')) ? Promise.reject(new Error('unsupported Unicode escape sequence')) : gated.store.appendBatch(id, es)),
    };
    const room = await makeRoom(picky);
    const c = recorder('c', GM);
    await room.attach(c);
    gated.openForGood();
    const errors = console.error;
    console.error = () => {};
    try {
      const first = room.submit({ type: 'inc', by: 1 }, S1);
      const batch = [room.submit({ type: 'inc', by: 2 }, S1), room.submit({ type: 'hide', secret: 'POISON' }, GM), room.submit({ type: 'inc', by: 3 }, S1)];
      expect([await first, ...(await Promise.all(batch))].map(codeOrSeq)).toEqual([1, 2, 'STORE_UNAVAILABLE', 3]);
    } finally {
      console.error = errors;
    }
    expect(room.state).toEqual(counter(6));
    expect(c.view()).toMatchObject({ n: 6, secret: '' });
  });
});
