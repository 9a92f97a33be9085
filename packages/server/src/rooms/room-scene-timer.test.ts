import { describe, expect, test } from 'vitest';
import type { GrailWarState } from '@veiltable/engine/games/grail-war';
import { grailWar } from '@veiltable/engine/games/grail-war';
import type { Viewer } from '@veiltable/protocol';
import { memoryStore } from '../db/memory-store.ts';
import { FakeClock } from '../testing/fake-clock.ts';
import { Room } from './room.ts';

const GM: Viewer = { role: 'gm' };
/** When the fake clock starts (ms since the epoch). */
const T0 = Date.UTC(2024, 0, 1, 12, 0, 0);

async function must(room: Room, command: unknown): Promise<void> {
  const r = await room.submit(command, GM);
  if (!r.ok) throw new Error(`${JSON.stringify(command)} refused: ${r.error.code}`);
}

/** A fired timer enqueues its command at once; a no-op queued behind it resolves once that command committed. */
const settle = async (room: Room) => {
  await room.kick(() => false, 'NONE');
};

describe('GW-HIDE-04 the room forces a scene\'s declarations at the step timer', () => {
  test('the declarations a scene opens lock when the room\'s step timer runs out, not before', async () => {
    const clock = new FakeClock(T0);
    const store = memoryStore();
    await store.createRoom({ id: 'gw', game: grailWar.id, title: 'Fuyuki', createdAt: '2020-01-01T00:00:00Z' }, grailWar.setup('ab'.repeat(32)));
    const room = new Room({ id: 'gw', game: grailWar, store, timerHost: clock });
    await room.load();
    await must(room, { type: 'options.set', options: { stepTimerSeconds: 60 } });
    await must(room, { type: 'place.add', name: 'church' });
    await must(room, { type: 'scene.begin' });
    const step = () => (room.state as GrailWarState).campaign.step;
    expect([step(), room.pendingTimers]).toEqual(['declare', ['gw-scene-1-day-1']]);
    clock.advance(59_999);
    await settle(room);
    expect(step()).toBe('declare');
    clock.advance(1);
    await settle(room);
    expect([step(), room.pendingTimers]).toEqual(['resolve', []]);
  });
});
