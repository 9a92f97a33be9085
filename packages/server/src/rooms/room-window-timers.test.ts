import { describe, expect, test } from 'vitest';
import type { D6State } from '@veiltable/engine/games/dungeon-2d6';
import { dungeon2d6 } from '@veiltable/engine/games/dungeon-2d6';
import { freeTable } from '@veiltable/engine/games/free-table';
import type { Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { FakeClock } from '../testing/fake-clock.ts';
import { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
/** When the fake clocks start (ms since the epoch). */
const T0 = Date.UTC(2024, 0, 1, 12, 0, 0);
const S1: Viewer = { role: 'player', seat: 's1' };

async function d6Room(store: Store, clock: FakeClock, create = true): Promise<Room> {
  if (create) {
    await store.createRoom({ id: 'd6room', game: 'dungeon-2d6', title: 'Crypt', createdAt: '2020-01-01T00:00:00Z' }, dungeon2d6.setup('cd'.repeat(32)));
  }
  const room = new Room({ id: 'd6room', game: dungeon2d6, store, timerHost: clock });
  await room.load();
  return room;
}

async function must(room: Room, command: unknown, actor: Viewer = GM): Promise<void> {
  const r = await room.submit(command, actor);
  if (!r.ok) throw new Error(`${JSON.stringify(command)} refused: ${r.error.code}`);
}

/** A table with a timeout set, one PC of seat s1, and that PC's search check open for 《集中》. */
async function tableWithOpenCheck(room: Room, timeoutSeconds: number): Promise<string> {
  await must(room, { type: 'seat.add', name: 'Aki' });
  await must(room, { type: 'options.set', options: { windowTimeoutSeconds: timeoutSeconds } });
  await must(room, { type: 'zone.add', name: 'Hall' });
  await must(room, { type: 'character.add', name: 'Rin', controller: 'pc', owner: 's1', zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
  await must(room, { type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI', target: 9 } }, S1);
  const state = room.state as D6State;
  const open = Object.values(state.windows).filter((w) => w.status === 'open');
  expect(open.map((w) => w.kind)).toEqual(['concentration']);
  return open[0]!.id;
}

/** A fired timer enqueues its command at once; a no-op queued behind it resolves once that command committed. */
async function settle(room: Room): Promise<void> {
  await room.kick(() => false, 'NONE');
}

const windowOf = (room: Room, id: string) => (room.state as D6State).windows[id]!;

describe('reaction-window timeouts through the room (D6-WIN-11)', () => {
  test('an open window with a table timeout is closed by the server when its time is up', async () => {
    const clock = new FakeClock();
    const room = await d6Room(memoryStore(), clock);
    const w = await tableWithOpenCheck(room, 45);
    expect(room.pendingTimers).toEqual([`timeout:${w}`]);
    const seq = room.seq;
    clock.advance(44_999);
    await settle(room);
    expect(windowOf(room, w).status).toBe('open');
    clock.advance(1);
    await settle(room);
    expect(windowOf(room, w)).toMatchObject({ status: 'closed', closedBy: 'timeout' });
    expect(room.seq).toBe(seq + 1);
    expect(room.pendingTimers).toEqual([]);
  });

  test('a window closed by its rule first has its timer cancelled, and nothing fires later', async () => {
    const clock = new FakeClock();
    const room = await d6Room(memoryStore(), clock);
    const w = await tableWithOpenCheck(room, 30);
    const check = Object.keys((room.state as D6State).checks)[0]!;
    await must(room, { type: 'check.resolve', check });
    expect(windowOf(room, w)).toMatchObject({ status: 'closed', closedBy: 'rule' });
    expect(room.pendingTimers.filter((k) => k === `timeout:${w}`)).toEqual([]);
    const seq = room.seq;
    clock.advance(120_000);
    await settle(room);
    expect(room.seq).toBe(seq);
  });

  test('without a table timeout no timer is armed', async () => {
    const clock = new FakeClock();
    const room = await d6Room(memoryStore(), clock);
    await tableWithOpenCheck(room, 0);
    expect(room.pendingTimers).toEqual([]);
    expect(clock.count).toBe(0);
  });

  test('the active side’s minimum span is kept by a timer too (D6-WIN-13)', async () => {
    const clock = new FakeClock();
    const room = await d6Room(memoryStore(), clock);
    await must(room, { type: 'seat.add', name: 'Aki' });
    await must(room, { type: 'options.set', options: { activeWindowMinSeconds: 5 } });
    await must(room, { type: 'zone.add', name: 'Hall' });
    await must(room, { type: 'character.add', name: 'Rin', controller: 'pc', owner: 's1', zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
    await must(room, { type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 }, hp: 20, maxHp: 20 });
    await must(room, { type: 'opposed.start', active: { character: 'ch1', kind: 'action', ability: 'AGI' }, passive: { character: 'ch2', ability: 'AGI' } }, S1);
    const r = await room.submit({ type: 'opposed.roll-passive', opposed: 'o1' }, GM);
    expect(r.ok ? 'accepted' : r.error.code).toBe('WINDOW_MIN_SPAN');
    expect(room.pendingTimers.some((k) => k.startsWith('min:'))).toBe(true);
    clock.advance(5_000);
    await settle(room);
    await must(room, { type: 'opposed.roll-passive', opposed: 'o1' });
  });

  test('the window’s deadline is the opening commit’s logged time plus the table timeout', async () => {
    const store = memoryStore();
    const clock = new FakeClock(T0);
    const room = await d6Room(store, clock);
    clock.advance(3_000);
    const w = await tableWithOpenCheck(room, 45);
    const opened = (await store.readLog('d6room', room.seq - 1)).at(-1)!;
    expect(opened.at).toBe(new Date(T0 + 3_000).toISOString());
    expect(windowOf(room, w).deadline).toBe(T0 + 48_000);
  });

  test('D6-WIN-11 after a restart a window still open closes at its original deadline, not a full span later', async () => {
    const store = memoryStore();
    const first = new FakeClock(T0);
    const before = await d6Room(store, first);
    const w = await tableWithOpenCheck(before, 60);
    first.advance(50_000);
    before.dispose();
    expect(first.count).toBe(0);

    // The next process starts on the same store: its clock goes on from where the first one stopped.
    const second = new FakeClock(first.now());
    const after = await d6Room(store, second, false);
    expect(windowOf(after, w).deadline).toBe(T0 + 60_000);
    expect(after.pendingTimers).toEqual([`timeout:${w}`]);
    second.advance(9_999);
    await settle(after);
    expect(windowOf(after, w).status).toBe('open');
    second.advance(1);
    await settle(after);
    expect(windowOf(after, w)).toMatchObject({ status: 'closed', closedBy: 'timeout' });
  });

  test('D6-WIN-11 a window whose deadline passed while the server was down closes as soon as the room loads', async () => {
    const store = memoryStore();
    const first = new FakeClock(T0);
    const before = await d6Room(store, first);
    const w = await tableWithOpenCheck(before, 30);
    before.dispose();

    const second = new FakeClock(T0 + 10 * 60_000);
    const after = await d6Room(store, second, false);
    second.advance(0);
    await settle(after);
    expect(windowOf(after, w)).toMatchObject({ status: 'closed', closedBy: 'timeout' });
  });

  test('D6-WIN-13 after a restart the minimum span ends at its original time', async () => {
    const store = memoryStore();
    const first = new FakeClock(T0);
    const before = await d6Room(store, first);
    await must(before, { type: 'seat.add', name: 'Aki' });
    await must(before, { type: 'options.set', options: { activeWindowMinSeconds: 5 } });
    await must(before, { type: 'zone.add', name: 'Hall' });
    await must(before, { type: 'character.add', name: 'Rin', controller: 'pc', owner: 's1', zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
    await must(before, { type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 }, hp: 20, maxHp: 20 });
    await must(before, { type: 'opposed.start', active: { character: 'ch1', kind: 'action', ability: 'AGI' }, passive: { character: 'ch2', ability: 'AGI' } }, S1);
    first.advance(4_000);
    before.dispose();

    const second = new FakeClock(first.now());
    const after = await d6Room(store, second, false);
    second.advance(999);
    await settle(after);
    const early = await after.submit({ type: 'opposed.roll-passive', opposed: 'o1' }, GM);
    expect(early.ok ? 'accepted' : early.error.code).toBe('WINDOW_MIN_SPAN');
    second.advance(1);
    await settle(after);
    await must(after, { type: 'opposed.roll-passive', opposed: 'o1' });
  });
});

describe('commands are parsed against the room’s own game', () => {
  test('a dungeon-2d6 room refuses a free-table command, and a free-table room a dungeon-2d6 one', async () => {
    const store = memoryStore();
    const clock = new FakeClock();
    const d6 = await d6Room(store, clock);
    // The table's chat is every game's now; its cards are the free table's alone.
    const deal = await d6.submit({ type: 'deck.deal', seat: 's1', count: 1 }, GM);
    expect(deal.ok ? 'accepted' : deal.error.code).toBe('UNKNOWN_COMMAND');

    await store.createRoom({ id: 'ftroom', game: 'free-table', title: 'Free', createdAt: '2020-01-01T00:00:00Z' }, freeTable.setup('ab'.repeat(32)));
    const ft = new Room({ id: 'ftroom', game: freeTable, store, timerHost: clock });
    await ft.load();
    const zone = await ft.submit({ type: 'zone.add', name: 'Hall' }, GM);
    expect(zone.ok ? 'accepted' : zone.error.code).toBe('UNKNOWN_COMMAND');
    const bad = await d6.submit({ type: 'zone.add', name: '' }, GM);
    expect(bad.ok ? 'accepted' : bad.error.code).toBe('BAD_SHAPE');
    expect(d6.seq).toBe(0);
    expect(ft.seq).toBe(0);
  });
});
