import { describe, expect, test } from 'vitest';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);
const P2 = seat(2);

/**
 * D6-SKL-TELEPORT-04: "only willing passengers can be taken" (the OPEN default), and D6-CORE-08: a PC is its player's.
 * Issue 12 #14 found a player taking another seat's PC along without that seat's say. A passenger the sender does not
 * run is asked in a window; its player (the GM for a GM-run character) accepts, or passes and stays.
 */
function room() {
  const t = new TestTable();
  const hall = t.zone('hall');
  const tower = t.zone('tower', [hall]);
  const mage = t.add('Mage', { owner: 1, SPI: 4, skills: [{ skill: 'teleport', uses: 3 }] });
  const page = t.add('Page', { owner: 1 });
  const knight = t.add('Knight', { owner: 2 });
  const guide = t.add('Guide', { controller: 'npc' });
  const jump = (passengers: string[]) => ({ type: 'skill.teleport', user: mage, destination: { kind: 'sight', zone: tower, distanceM: 30 }, passengers });
  return { t, hall, tower, mage, page, knight, guide, jump };
}

describe('issue 12 #14: a teleport takes another seat\'s character only with that seat\'s consent (D6-SKL-TELEPORT-04)', () => {
  test('D6-SKL-TELEPORT-04 another seat\'s PC does not move until its player accepts', () => {
    const { t, hall, tower, mage, knight, jump } = room();
    t.do(jump([knight]), P1);
    expect([t.char(mage).zone, t.char(knight).zone]).toEqual([hall, hall]);
    const w = t.openWindow('passengers')!;
    expect(t.state.windows[w]!.eligible).toEqual([knight]);
    expect(t.fail({ type: 'teleport.accept', window: w, character: knight }, P1).code).toBe('NOT_YOUR_CHARACTER');
    t.do({ type: 'teleport.accept', window: w, character: knight }, P2);
    expect([t.char(mage).zone, t.char(knight).zone]).toEqual([tower, tower]);
    expect(t.state.windows[w]!.status).toBe('closed');
  });

  test('D6-SKL-TELEPORT-04 a passenger whose player passes stays behind; the user goes with the willing', () => {
    const { t, hall, tower, mage, page, knight, jump } = room();
    t.do(jump([page, knight]), P1);
    t.do({ type: 'window.pass', window: t.openWindow('passengers')!, character: knight }, P2);
    expect([t.char(mage).zone, t.char(page).zone, t.char(knight).zone]).toEqual([tower, tower, hall]);
  });

  test('D6-WIN-11 the GM closing the window leaves behind whoever had not accepted', () => {
    const { t, hall, tower, mage, knight, jump } = room();
    t.do(jump([knight]), P1);
    t.do({ type: 'window.close', window: t.openWindow('passengers')! });
    expect([t.char(mage).zone, t.char(knight).zone]).toEqual([tower, hall]);
  });

  test('D6-CORE-08 a GM-run companion is the GM\'s to accept for', () => {
    const { t, tower, guide, jump } = room();
    t.do(jump([guide]), P1);
    const w = t.openWindow('passengers')!;
    expect(t.fail({ type: 'teleport.accept', window: w, character: guide }, P1).code).toBe('NOT_YOUR_CHARACTER');
    t.do({ type: 'teleport.accept', window: w, character: guide }, GM);
    expect(t.char(guide).zone).toBe(tower);
  });

  test('D6-SKL-TELEPORT-04 the sender\'s own characters need no asking, and the GM asks no one', () => {
    const { t, tower, page, knight, jump } = room();
    t.do(jump([page]), P1);
    expect(t.char(page).zone).toBe(tower);
    expect(t.openWindow('passengers')).toBeUndefined();
    t.do({ type: 'move', character: knight, path: [tower] }, P2);
    t.do({ type: 'move', character: page, path: [t.state.zones[0]!.id] }, P1);
    t.do({ type: 'skill.teleport', user: t.state.characters[0]!.id, destination: { kind: 'sight', zone: t.state.zones[0]!.id, distanceM: 30 }, passengers: [knight] }, GM);
    expect(t.char(knight).zone).toBe(t.state.zones[0]!.id);
  });

  test('D6-SKL-TELEPORT-04 a passenger who walked off before accepting is left behind', () => {
    const { t, hall, tower, knight, jump } = room();
    const yard = t.zone('yard', [hall]);
    t.do(jump([knight]), P1);
    const w = t.openWindow('passengers')!;
    t.do({ type: 'move', character: knight, path: [yard] }, P2);
    expect(t.fail({ type: 'teleport.accept', window: w, character: knight }, P2).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'window.pass', window: w, character: knight }, P2);
    expect(t.char(knight).zone).toBe(yard);
    expect(t.char(t.state.characters[0]!.id).zone).toBe(tower);
  });
});
