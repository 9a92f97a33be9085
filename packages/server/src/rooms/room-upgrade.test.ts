import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AnyGame, Game } from '@veiltable/engine';
import type { D6State } from '@veiltable/engine/games/dungeon-2d6';
import type { GrailWarState } from '@veiltable/engine/games/grail-war';
import { err } from '@veiltable/engine';
import { callOfT } from '@veiltable/engine/games/call-of-t';
import { dungeon2d6 } from '@veiltable/engine/games/dungeon-2d6';
import { grailWar } from '@veiltable/engine/games/grail-war';
import type { Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import type { CounterCommand, CounterState, CounterView } from '../testing/counter-game.ts';
import { counterGame } from '../testing/counter-game.ts';
import { FakeClock } from '../testing/fake-clock.ts';
import { ReplayMismatch } from './replay.ts';
import { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
/** When the fake clocks start (ms since the epoch). */
const T0 = Date.UTC(2024, 0, 1, 12, 0, 0);

/** The counter game as if an earlier version had saved counters without a secret; `loadedAt` records each call. */
const loadedAt: number[] = [];
const upgradingCounter: Game<CounterState, CounterCommand, CounterView> = {
  ...counterGame,
  upgrade(state, at) {
    loadedAt.push(at);
    const s = state as Partial<CounterState> & { n: number };
    return 'secret' in s ? (s as CounterState) : ({ rng: { seed: '0'.repeat(64), counter: 0 }, seats: [], ...s, secret: '' } as CounterState);
  },
};

/** A store that counts snapshot writes, and fails them while `failing` is set. */
function watchedStore(inner: Store = memoryStore()): Store & { saved: number; failing: boolean } {
  const store = {
    ...inner,
    saved: 0,
    failing: false,
    async saveSnapshot(roomId: string, seq: number, state: unknown) {
      store.saved++;
      if (store.failing) throw new Error('disk full');
      return inner.saveSnapshot(roomId, seq, state);
    },
  };
  return store;
}

async function roomOn(store: Store, game: AnyGame, state: unknown, clock = new FakeClock(T0), create = true): Promise<Room> {
  if (create) await store.createRoom({ id: 'r', game: game.id, title: 'Old room', createdAt: '2020-01-01T00:00:00Z' }, state);
  const room = new Room({ id: 'r', game, store, timerHost: clock });
  await room.load();
  return room;
}

/** A state an earlier version saved, from the game's own fixtures. */
function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../engine/src/games/${path}`, import.meta.url), 'utf8'));
}

async function must(room: Room, command: unknown, actor: Viewer = GM): Promise<void> {
  const r = await room.submit(command, actor);
  if (!r.ok) throw new Error(`${JSON.stringify(command)} refused: ${r.error.code}`);
}

/** A fired timer enqueues its command at once; a no-op queued behind it resolves once that command committed. */
async function settle(room: Room): Promise<void> {
  await room.kick(() => false, 'NONE');
}

afterEach(() => {
  loadedAt.length = 0;
  vi.restoreAllMocks();
});

describe('Room.load upgrades the snapshot it starts from (Game.upgrade)', () => {
  test('an old snapshot is upgraded at the room clock’s time and stored back upgraded, at the same seq', async () => {
    const store = watchedStore();
    const room = await roomOn(store, upgradingCounter, { n: 2 });
    expect(loadedAt).toEqual([T0]);
    expect(room.state).toMatchObject({ n: 2, secret: '' });
    expect(await store.latestSnapshot('r')).toMatchObject({ seq: 0, state: { n: 2, secret: '' } });
    expect(await store.latestSeq('r')).toBe(0);
  });

  test('the log after an old snapshot is replayed on the upgraded state, which is stored at the last seq', async () => {
    const store = watchedStore();
    await store.createRoom({ id: 'r', game: 'counter', title: 'Old room', createdAt: '2020-01-01T00:00:00Z' }, { n: 2 });
    await store.append('r', { seq: 1, actor: S1, command: { type: 'inc', by: 3 }, events: [{ type: 'inc', n: 5 }], at: new Date(T0).toISOString() });
    await store.append('r', { seq: 2, actor: GM, command: { type: 'hide', secret: 'dragon' }, events: [{ type: 'hidden', secret: 'dragon' }], at: new Date(T0).toISOString() });
    const room = await roomOn(store, upgradingCounter, null, new FakeClock(T0), false);
    expect([room.seq, room.state]).toMatchObject([2, { n: 5, secret: 'dragon' }]);
    expect(await store.latestSnapshot('r')).toMatchObject({ seq: 2, state: { n: 5, secret: 'dragon' } });
  });

  test('a current snapshot passes through: nothing is written, and the next load finds nothing to upgrade', async () => {
    const store = watchedStore();
    await roomOn(store, upgradingCounter, { n: 2 });
    expect(store.saved).toBe(1);
    const again = await roomOn(store, upgradingCounter, null, new FakeClock(T0 + 60_000), false);
    expect(again.state).toMatchObject({ n: 2, secret: '' });
    expect(store.saved).toBe(1);
  });

  test('a failed write of the upgraded snapshot is logged and the room loads anyway', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = watchedStore();
    store.failing = true;
    const room = await roomOn(store, upgradingCounter, { n: 2 });
    expect(room.state).toMatchObject({ n: 2, secret: '' });
    expect(errors).toHaveBeenCalledOnce();
    await must(room, { type: 'inc', by: 1 }, S1);
    expect(room.state).toMatchObject({ n: 3, secret: '' });
  });
});

describe('rooms an earlier version saved keep running', () => {
  test('D6-WIN-11 D6-WIN-13 an open dungeon-2d6 window gets the table’s spans from the load, kept across a restart', async () => {
    const store = memoryStore();
    const clock = new FakeClock(T0);
    const room = await roomOn(store, dungeon2d6, fixture('dungeon-2d6/fixtures/protocol-1-windows.json'), clock);
    expect(room.pendingTimers.sort()).toEqual(['min:w2', 'timeout:w2']);
    clock.advance(5_000);
    await settle(room);
    expect((room.state as D6State).windows.w2).toMatchObject({ status: 'open', minSpanEnds: null, deadline: T0 + 45_000 });
    room.dispose();

    // Restarted 30 s later: the stored upgrade keeps the deadline, so the window is not given another 45 s.
    const second = new FakeClock(T0 + 30_000);
    const after = await roomOn(store, dungeon2d6, null, second, false);
    expect((after.state as D6State).windows.w2!.deadline).toBe(T0 + 45_000);
    second.advance(15_000);
    await settle(after);
    expect((after.state as D6State).windows.w2).toMatchObject({ status: 'closed', closedBy: 'timeout' });
  });

  test('GW-HIDE-04 a grail-war step saved open is forced a whole step timer after the load', async () => {
    const clock = new FakeClock(T0);
    const room = await roomOn(memoryStore(), grailWar, fixture('grail-war/fixtures/protocol-1-battle.json'), clock);
    expect(room.pendingTimers).toEqual(['gw-1-submit-2']);
    clock.advance(59_999);
    await settle(room);
    expect((room.state as GrailWarState).battle!.phase).toBe('submit');
    clock.advance(1);
    await settle(room);
    expect(room.seq).toBe(1);
    expect((room.state as GrailWarState).battle!.phase).not.toBe('submit');
  });

  test('COT-OBS-04 a call-of-t obstacle the earlier version left to the GM is ruled through the room', async () => {
    const room = await roomOn(memoryStore(), callOfT, fixture('call-of-t/fixtures/protocol-1-trap.json'));
    const refused = await room.submit({ type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'search' }] }, GM);
    expect(refused.ok ? 'accepted' : refused.error.code).toBe('GM_RULES');
    await must(room, { type: 'cot.obs.rule', passed: true });
    expect(room.viewFor(S1)).toMatchObject({ phase: { kind: 'event', step: 'obstacleCleared' } });
  });
});

describe('a graceful shutdown stores the live state, so a later version of the rules starts from it', () => {
  /** The counter game as a later version with a lower cap: it refuses the second of the increments logged below. */
  const stricter: typeof counterGame = {
    ...counterGame,
    apply(state, command, actor, at) {
      if (command.type === 'inc' && state.n + command.by > 5) return err('OVER_CAP', 'CTR-01');
      return counterGame.apply(state, command, actor, at);
    },
  };

  async function playedRoom(store: Store): Promise<Room> {
    const room = await roomOn(store, counterGame, counterGame.setup('0'.repeat(64)));
    await must(room, { type: 'inc', by: 4 }, S1);
    await must(room, { type: 'inc', by: 4 }, S1);
    return room;
  }

  test('closed: the snapshot is at the live seq and the stricter rules load the room as it was', async () => {
    const store = watchedStore();
    const room = await playedRoom(store);
    await room.close();
    expect(await store.latestSnapshot('r')).toMatchObject({ seq: 2, state: { n: 8, secret: '' } });
    const after = await roomOn(store, stricter, null, new FakeClock(T0), false);
    expect([after.seq, after.state]).toMatchObject([2, { n: 8, secret: '' }]);
  });

  test('stopped without a close (a crash): the log is replayed, and the stricter rules refuse it', async () => {
    const store = watchedStore();
    const room = await playedRoom(store);
    room.dispose();
    await expect(roomOn(store, stricter, null, new FakeClock(T0), false)).rejects.toBeInstanceOf(ReplayMismatch);
  });

  test('a close with nothing new since the latest snapshot writes nothing', async () => {
    const store = watchedStore();
    const room = await roomOn(store, counterGame, counterGame.setup('0'.repeat(64)));
    await room.close();
    expect(store.saved).toBe(0);
  });

  test('a closed room arms no timer again, even for a command that lands after the close', async () => {
    // A counter with a timer while it is above zero.
    const timed: typeof counterGame = {
      ...counterGame,
      timers: (state) => (state.n > 0 ? [{ key: 'tick', deadline: T0 + 60_000, command: { type: 'inc', by: 0 } }] : []),
    };
    const open = await roomOn(memoryStore(), timed, counterGame.setup('0'.repeat(64)));
    await must(open, { type: 'inc', by: 1 }, S1);
    expect(open.pendingTimers).toEqual(['tick']);
    open.dispose();

    const closed = await roomOn(memoryStore(), timed, counterGame.setup('0'.repeat(64)));
    await closed.close();
    await must(closed, { type: 'inc', by: 1 }, S1);
    expect(closed.pendingTimers).toEqual([]);
  });
});
