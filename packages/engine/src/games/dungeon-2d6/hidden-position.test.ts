import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { GM, seat, SPECTATOR, TestTable } from './test-table.ts';

const P1 = seat(1);
const P2 = seat(2);
const outsiders = [P1, P2, SPECTATOR];

/**
 * D6-HID-06: a hidden (隠密) enemy's position is withheld from the players and spectators. Issue 12 #11 found it
 * escaping through refusals, window lists, trap and teleport events and zones made after it; each row here reproduces
 * one of those and asserts that what an outsider receives names the hidden enemy together with no zone and no list
 * that places it, while the GM still reads where it is.
 */
function scene() {
  const t = new TestTable();
  const hall = t.zone('hall');
  const mid = t.zone('mid', [hall]);
  const far = t.zone('far', [mid]);
  const a = t.add('A', { owner: 1, zone: hall, skills: [{ skill: 'heal', uses: 3 }, { skill: 'teleport', uses: 3 }] });
  const b = t.add('B', { owner: 2, zone: hall });
  const lich = t.add('Lich', { controller: 'enemy', zone: mid, skills: [{ skill: 'stealth' }, { skill: 'teleport', uses: 3 }] });
  t.do({ type: 'skill.stealth', user: lich, on: true });
  // Where it stood before it hid was seen; what counts is what the table learns after.
  const hid = t.all.length;
  const seen = (v: Viewer) => t.seen(v, hid);
  return { t, hall, mid, far, a, b, lich, seen };
}

/** The places where an outsider could read the hidden enemy's zone: the zone beside its id, or a list that places it. */
function placesIt(text: string, lich: string, zone: string): string[] {
  const found: string[] = [];
  for (const item of itemsOf(text)) {
    if (item.includes(`"${lich}"`) && item.includes(`"${zone}"`)) found.push(item);
    if (new RegExp(`"(eligible|passed|affected|passengers)":\\[[^\\]]*"${lich}"`).test(item)) found.push(item);
  }
  return found;
}

/** The view's characters and every event, one JSON item each, so that "beside" means within one record. */
function itemsOf(text: string): string[] {
  const { view, events } = JSON.parse(text) as { view: Record<string, unknown[]>; events: unknown[] };
  return [...Object.values(view).filter(Array.isArray).flat(), ...events].map((x) => JSON.stringify(x));
}

describe('issue 12 #11: a hidden enemy\'s position does not escape (D6-HID-06)', () => {
  test('D6-ZONE-07 a move through the hidden enemy\'s zone is not refused: the mover stops there', () => {
    const { t, mid, far, a, lich, seen } = scene();
    t.do({ type: 'move', character: a, path: [mid, far] }, P1);
    expect(t.char(a).zone).toBe(mid);
    for (const v of outsiders) expect(placesIt(seen(v), lich, mid)).toEqual([]);
    expect(t.events.find((e) => e.type === 'character.moved')!.data).toMatchObject({ character: a, to: mid, stoppedBy: lich });
  });

  test('D6-ZONE-07 the same move with the enemy elsewhere goes through: the refusal never told the difference', () => {
    const { t, mid, far, a, lich } = scene();
    t.do({ type: 'move', character: lich, path: [far] });
    t.do({ type: 'move', character: a, path: [mid, far] }, P1);
    expect(t.char(a).zone).toBe(far);
  });

  test('D6-WIN-04 a pre-defence window does not list the hidden enemy beside its target', () => {
    const { t, mid, a, lich, seen } = scene();
    t.do({ type: 'move', character: a, path: [mid] }, P1);
    const orc = t.add('Orc', { controller: 'enemy', zone: mid });
    t.do({ type: 'attack.declare', attacker: orc, targets: [a], mode: 'melee' }, GM, [3, 3]);
    for (const v of outsiders) expect(placesIt(seen(v), lich, mid)).toEqual([]);
  });

  test('D6-WIN-06 leaving a zone where only the hidden enemy stands opens no obstruction and announces nothing', () => {
    const { t, hall, mid, a, lich, seen } = scene();
    t.do({ type: 'move', character: a, path: [mid] }, P1);
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: a, path: [hall] }, P1);
    expect(t.char(a).zone).toBe(hall);
    expect(t.types()).not.toContain('move.declared');
    for (const v of outsiders) expect(placesIt(seen(v), lich, mid)).toEqual([]);
  });

  test('D6-WIN-06 a visible enemy may obstruct; the hidden one beside it is not listed', () => {
    const { t, hall, mid, a, lich, seen } = scene();
    t.do({ type: 'move', character: a, path: [mid] }, P1);
    const orc = t.add('Orc', { controller: 'enemy', zone: mid });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: a, path: [hall] }, P1);
    expect(t.state.windows[t.openWindow('obstruct')!]!.eligible).toEqual([orc]);
    for (const v of outsiders) expect(placesIt(seen(v), lich, mid)).toEqual([]);
  });

  test('D6-ZONE-06 the hidden enemy leaving a zone in combat is not announced: no one stops what it cannot see', () => {
    const { t, hall, a, lich, seen } = scene();
    t.do({ type: 'move', character: lich, path: [hall] });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: lich, path: [t.state.zones[1]!.id] });
    expect(t.types()).not.toContain('move.declared');
    expect(t.openWindow('obstruct')).toBeUndefined();
    for (const v of outsiders) {
      expect(placesIt(seen(v), lich, hall)).toEqual([]);
      expect(seen(v)).not.toContain('move.declared');
    }
    expect(a).toBeDefined();
  });

  test('D6-ZONE-03 an area trap\'s affected list leaves the hidden enemy out for outsiders, and so does its damage', () => {
    const { t, mid, lich, seen } = scene();
    t.do({ type: 'trap.add', zone: mid, area: true, note: 'spikes' });
    t.do({ type: 'trap.trigger', trap: t.state.traps[0]!.id, damage: 2 });
    expect(t.events.find((e) => e.type === 'trap.triggered')!.data.affected).toEqual([lich]);
    for (const v of outsiders) {
      expect(placesIt(seen(v), lich, mid)).toEqual([]);
      expect(t.read(v).filter((e) => e.type === 'hp.changed')).toEqual([]);
    }
  });

  test('D6-SKL-TELEPORT-01 the hidden enemy\'s teleport reaches only the GM', () => {
    const { t, far, lich, seen } = scene();
    t.do({ type: 'skill.teleport', user: lich, destination: { kind: 'sight', zone: far, distanceM: 20 } });
    expect(t.char(lich).zone).toBe(far);
    for (const v of outsiders) {
      expect(placesIt(seen(v), lich, far)).toEqual([]);
      expect(t.read(v).map((e) => e.type)).not.toContain('teleported');
    }
    expect(placesIt(seen(GM), lich, far)).not.toEqual([]);
  });

  test('D6-SKL-TELEPORT-04 a hidden passenger of a visible teleport is left out of what outsiders read', () => {
    const { t, mid, far, lich, seen } = scene();
    const imp = t.add('Imp', { controller: 'enemy', zone: mid, skills: [{ skill: 'teleport', uses: 1 }] });
    t.do({ type: 'skill.teleport', user: imp, destination: { kind: 'sight', zone: far, distanceM: 20 }, passengers: [lich] });
    expect(t.char(lich).zone).toBe(far);
    for (const v of outsiders) expect(placesIt(seen(v), lich, far)).toEqual([]);
  });

  test('D6-ZONE-08 a zone the hidden enemy stands apart in is not shown, nor named after it, nor listed beside its zone', () => {
    const { t, mid, lich, seen } = scene();
    const zonesBefore = t.state.zones.length;
    t.do({ type: 'zone.leave', character: lich });
    const apart = t.char(lich).zone;
    expect(t.state.zones).toHaveLength(zonesBefore + 1);
    for (const v of outsiders) {
      const text = seen(v);
      expect(text).not.toContain('Lich)');
      expect(text).not.toContain(`"${apart}"`);
      expect(placesIt(text, lich, mid)).toEqual([]);
    }
    expect(seen(GM)).toContain(`"${apart}"`);
  });

  test('D6-ZONE-08 that zone appears once something visible is there: the enemy comes out of hiding', () => {
    const { t, lich, seen } = scene();
    t.do({ type: 'zone.leave', character: lich });
    const apart = t.char(lich).zone;
    t.do({ type: 'skill.stealth', user: lich, on: false });
    expect(seen(P1)).toContain(`"${apart}"`);
  });

  test('D6-SKL-BARRIER-05 a barrier raised by the hidden enemy stands in its zone: the enemy comes out of hiding', () => {
    const { t, mid, lich, seen } = scene();
    t.state.characters.find((c) => c.id === lich)!.skills.barrier = { uses: 1 };
    t.do({ type: 'skill.barrier', user: lich, secret: true }, GM, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    expect(t.char(lich).flags.hidden).toBe(false);
    expect(t.types()).toEqual(expect.arrayContaining(['stealth.changed', 'barrier.created']));
    expect(seen(P1)).toContain('"type":"stealth.changed"');
    expect(mid).toBeDefined();
  });

  test('D6-ZONE-08 a visible character heading into a zone only the GM knew shows the table that zone first', () => {
    const { t, mid, a, lich, seen } = scene();
    t.do({ type: 'zone.leave', character: lich });
    const apart = t.char(lich).zone;
    t.do({ type: 'move', character: a, path: [mid] }, P1);
    const orc = t.add('Orc', { controller: 'enemy', zone: mid });
    t.do({ type: 'combat.start' });
    // A stands in the zone the Orc leaves, so the move is declared (D6-WIN-06) before it is made.
    t.do({ type: 'move', character: orc, path: [apart] });
    expect(t.types()).toContain('move.declared');
    const texts = seen(P1);
    expect(texts.indexOf('"type":"zone.added"')).toBeGreaterThan(-1);
    expect(texts.indexOf('"type":"zone.added"')).toBeLessThan(texts.lastIndexOf(`"${apart}"`));
  });

  test('D6-ZONE-03 a trap going off in a zone only the GM knows goes off unseen', () => {
    const { t, lich, seen } = scene();
    t.do({ type: 'zone.leave', character: lich });
    const apart = t.char(lich).zone;
    t.do({ type: 'trap.add', zone: apart, area: true, note: 'pit' });
    t.do({ type: 'trap.trigger', trap: t.trap(1), damage: 1 });
    for (const v of outsiders) expect(seen(v)).not.toContain(`"${apart}"`);
    expect(t.seen(GM)).toContain('"type":"trap.triggered"');
  });

  test('D6-HID-06 what the hidden enemy finds stays the GM\'s: the table has not found it', () => {
    const { t, mid, lich, seen } = scene();
    t.do({ type: 'trap.add', zone: mid, area: false, note: 'wire' });
    t.do({ type: 'check.roll', check: { character: lich, kind: 'trap-detect', ability: 'AGI', target: 2, secret: true } }, GM, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    expect(t.state.traps[0]!.found).toBe(false);
    for (const v of outsiders) expect(seen(v)).not.toContain('trap.found');
    expect(t.read(GM).map((e) => e.type)).toContain('trap.found');
  });

  test('D6-SKL-SUMMON-01 the hidden enemy\'s monster appears out of sight too', () => {
    const { t, mid, lich, seen } = scene();
    t.state.characters.find((c) => c.id === lich)!.skills.summon = { uses: 1 };
    t.do({ type: 'skill.summon', user: lich, name: 'Wisp', secret: true }, GM, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    const wisp = t.state.characters.at(-1)!;
    expect(wisp).toMatchObject({ summoner: lich, zone: mid, flags: { hidden: true } });
    for (const v of outsiders) expect(placesIt(seen(v), wisp.id, mid)).toEqual([]);
  });

  test.each([
    ['D6-RNG-02 a melee attack on the hidden enemy', (x: ReturnType<typeof scene>) => ({ type: 'attack.declare', attacker: x.a, targets: [x.lich], mode: 'melee' })],
    ['D6-ZONE-10 healing that names the hidden enemy beside an ally', (x: ReturnType<typeof scene>) => ({ type: 'skill.heal', user: x.a, targets: [x.b, x.lich] })],
    ['D6-SKL-TELEPORT-04 taking the hidden enemy as a passenger', (x: ReturnType<typeof scene>) => ({ type: 'skill.teleport', user: x.a, destination: { kind: 'sight', zone: x.far, distanceM: 5 }, passengers: [x.lich] })],
  ])('%s is refused alike wherever the enemy is', (_name, make) => {
    const here = scene();
    const there = scene();
    there.t.do({ type: 'move', character: there.lich, path: [there.t.state.zones[0]!.id] });
    const r1 = here.t.fail(make(here), P1);
    const r2 = there.t.fail(make(there), P1);
    expect(r1).toEqual(r2);
  });
});
