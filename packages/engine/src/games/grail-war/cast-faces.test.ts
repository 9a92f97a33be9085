import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarState } from './state.ts';
import { GM, master, run, SEED, seat, servant, SPECTATOR } from './test-support.ts';
import { setup } from './state.ts';
import { view } from './view.ts';

const S1 = seat('s1');
const S2 = seat('s2');

/** Seats s1 and s2; s1 plays the servant (c1, the first registered), s2 its master (c2). */
function table(sheet = servant({ alias: 'Lancer of the bridge', trueName: 'TRUE-NAME-Cu-7a1' })): GrailWarState {
  let s = setup(SEED);
  for (const name of ['Aki', 'Bora']) s = run(s, GM, { type: 'seat.add', name }).state;
  s = run(s, GM, { type: 'character.register', seat: 's1', partner: null, sheet }).state;
  return run(s, GM, { type: 'character.register', seat: 's2', partner: 'c1', sheet: master({ name: 'Bazett' }) }).state;
}
const first = (s: GrailWarState, v: Viewer, seatId: string) => view(s, v).cast.find((c) => c.id === `${seatId}.c1`)!;

describe('Grail War: a servant\'s true name is its seat character\'s secret face (GW-HIDE-F01)', () => {
  test('the seat and the GM see the true name; the public face stays the seat\'s, since spectators may not know aliases (GW-HIDE-F28)', () => {
    const s = table();
    for (const v of [GM, S1, S2, SPECTATOR]) expect(first(s, v, 's1').name).toBe('Aki');
    for (const v of [GM, S1]) expect(first(s, v, 's1').secret).toEqual({ name: 'TRUE-NAME-Cu-7a1' });
    // Not even its own master reads it from the cast: the sheet's rules say who learns a true name.
    for (const v of [S2, SPECTATOR]) {
      const cast = JSON.stringify(view(s, v).cast);
      for (const hidden of ['TRUE-NAME-Cu-7a1', 'Lancer of the bridge', 'saber', 'Bazett']) expect(cast).not.toContain(hidden);
    }
    // A master has no true name: its seat character is as it was.
    expect(first(s, GM, 's2')).toMatchObject({ name: 'Bora' });
    expect(first(s, GM, 's2').secret).toBeUndefined();
  });

  test('a line the servant speaks carries its public face only', () => {
    const said = run(table(), S1, { type: 'chat.send', to: { kind: 'all' }, channel: 'main', visibility: 'public', text: 'On guard' });
    for (const v of [S2, SPECTATOR]) {
      const reads = JSON.stringify(said.events.map((e) => viewEvent(e, v)));
      expect(reads).toContain('On guard');
      expect(reads).not.toContain('TRUE-NAME-Cu-7a1');
    }
  });

  test('a sheet\'s new true name follows onto a secret face that still shows the old one', () => {
    const s = run(table(), GM, { type: 'character.update', id: 'c1', sheet: servant({ alias: 'Lancer of the ford', trueName: 'Another-True-Name' }) }).state;
    expect(first(s, GM, 's1').secret).toEqual({ name: 'Another-True-Name' });
  });

  test('a secret face the player chose is never overwritten by the sheet', () => {
    let s = run(table(), S1, { type: 'cast.set', character: 's1.c1', secret: { name: 'My own secret' } }).state;
    s = run(s, GM, { type: 'character.update', id: 'c1', sheet: servant({ alias: 'Lancer of the ford', trueName: 'Another-True-Name' }) }).state;
    expect(first(s, GM, 's1').secret).toEqual({ name: 'My own secret' });
  });

  test('a seat whose characters were edited before its sheet came keeps them', () => {
    let s = setup(SEED);
    s = run(s, GM, { type: 'seat.add', name: 'Aki' }).state;
    s = run(s, S1, { type: 'cast.set', character: 's1.c1', name: 'Mystery guest' }).state;
    s = run(s, GM, { type: 'character.register', seat: 's1', partner: null, sheet: servant() }).state;
    expect(first(s, GM, 's1').name).toBe('Mystery guest');
    expect(first(s, GM, 's1').secret).toBeUndefined();
  });
});
