import { describe, expect, test } from 'vitest';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);

describe('zones and movement', () => {
  test('D6-ZONE-01 / D6-ZONE-02 in travel the party is one zone and anyone may leave or rejoin freely', () => {
    const t = new TestTable();
    const z = t.zone('road');
    const a = t.add('A');
    t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'zone.leave', character: a }, P1);
    const apart = t.char(a).zone;
    expect(apart).not.toBe(z);
    expect(t.openWindow('obstruct')).toBeUndefined();
    t.do({ type: 'move', character: a, path: [z] }, P1);
    expect(t.char(a).zone).toBe(z);
  });

  test('D6-ZONE-03 an area trap hits only who is in the zone when it triggers', () => {
    const t = new TestTable();
    const z = t.zone('road');
    const side = t.zone('ditch', [z]);
    const a = t.add('A');
    const b = t.add('B', { owner: 2, zone: side });
    t.do({ type: 'trap.add', zone: z, area: true, note: 'net' });
    t.do({ type: 'trap.trigger', trap: t.trap(1) });
    expect(t.events.find((e) => e.type === 'trap.triggered')!.data.affected).toEqual([a]);
    expect(t.char(b).zone).toBe(side);
  });

  test('D6-ZONE-04 any number of characters may enter a zone', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const room = t.zone('room', [z]);
    const ids = Array.from({ length: 6 }, (_, i) => t.add(`C${i}`, { owner: i + 1 }));
    ids.forEach((id, i) => t.do({ type: 'move', character: id, path: [room] }, seat(i + 1)));
    expect(t.state.characters.filter((c) => c.zone === room)).toHaveLength(6);
  });

  test('D6-ZONE-06 / D6-WIN-06 leaving a zone with an enemy who obstructs needs a won opposed 機敏 check', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const door = t.zone('door', [z]);
    const pc = t.add('A', { AGI: 1 });
    const orc = t.add('Orc', { controller: 'enemy', AGI: 5 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: pc, path: [door] }, P1);
    const w = t.openWindow('obstruct')!;
    expect(t.state.windows[w]!.eligible).toEqual([orc]);
    t.do({ type: 'move.obstruct', move: 'm1', blocker: orc }, GM, [2, 2]);
    t.do({ type: 'opposed.roll-passive', opposed: 'o1' }, GM, [4, 4]);
    t.do({ type: 'opposed.resolve', opposed: 'o1' });
    expect(t.char(pc).zone).toBe(z);
    expect(t.char(pc).turnUsed).toBe(true);
    expect(t.types()).toContain('move.failed');
  });

  test('D6-WIN-06 the GM may let the character go without a check', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const door = t.zone('door', [z]);
    const pc = t.add('A');
    t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: pc, path: [door] }, P1);
    t.do({ type: 'move.allow', move: 'm1' });
    expect(t.char(pc).zone).toBe(door);
  });

  test('D6-ZONE-07 no one moves through a zone that holds characters', () => {
    const t = new TestTable();
    const a = t.zone('a');
    const b = t.zone('b', [a]);
    const c = t.zone('c', [b]);
    const pc = t.add('A', { zone: a });
    t.do({ type: 'move', character: pc, path: [b, c] }, P1);
    expect(t.char(pc).zone).toBe(c);
    t.add('Guard', { controller: 'npc', zone: b });
    expect(t.fail({ type: 'move', character: pc, path: [b, a] }, P1).code).toBe('MUST_STOP_IN_ZONE');
    t.do({ type: 'move', character: pc, path: [b] }, P1);
    expect(t.char(pc).zone).toBe(b);
  });

  test('D6-ZONE-08 each character is in one zone and a move goes to an adjacent zone', () => {
    const t = new TestTable();
    const a = t.zone('a');
    t.zone('b', [a]);
    const far = t.zone('far');
    const pc = t.add('A', { zone: a });
    expect(t.fail({ type: 'move', character: pc, path: [far] }, P1).code).toBe('NOT_ADJACENT');
    t.do({ type: 'zone.link', a, b: far });
    t.do({ type: 'move', character: pc, path: [far] }, P1);
    expect(t.state.characters.filter((c) => c.id === pc).map((c) => c.zone)).toEqual([far]);
  });

  test('D6-ZONE-10 / D6-SKL-HEAL-01 治癒魔法 on several characters: all in one zone', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const far = t.zone('far', [z]);
    const priest = t.add('Priest', { skills: [{ skill: 'heal', uses: 3 }] });
    const b = t.add('B', { owner: 2 });
    const c = t.add('C', { owner: 3, zone: far });
    expect(t.fail({ type: 'skill.heal', user: priest, targets: [b, c] }, P1).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'skill.heal', user: priest, targets: [priest, b] }, P1);
    expect(t.char(priest).skills.heal!.uses).toBe(2);
  });
});

describe('exploration', () => {
  function explorer(o: object = {}) {
    const t = new TestTable();
    const z = t.zone('vault');
    const pc = t.add('A', { AGI: 2, SPI: 2, ...o });
    return { t, z, pc };
  }

  test.each([
    ['D6-LOCK-01 lock picking is a 機敏 check', 'lock', 'VAL', 'WRONG_ABILITY'],
    ['D6-LOCK-04 breaking a door is a 武勇 check', 'break', 'AGI', 'WRONG_ABILITY'],
    ['D6-SRCH-01 searching is 機敏 or 精神, not 武勇', 'search', 'VAL', 'WRONG_ABILITY'],
    ['D6-TRAP-01 disarming is a 機敏 check', 'trap-disarm', 'SPI', 'WRONG_ABILITY'],
  ] as const)('%s', (_name, kind, ability, code) => {
    const { t, pc } = explorer();
    expect(t.fail({ type: 'check.roll', check: { character: pc, kind, ability } }, P1).code).toBe(code);
  });

  test.each([
    ['D6-LOCK-01 any character may try a lock', {}, 'lock', 'AGI', 6 + 2],
    ['D6-LOCK-02 開錠 gives +2', { skills: [{ skill: 'lockpick' }] }, 'lock', 'AGI', 6 + 2 + 2],
    ['D6-SRCH-01 searching with 精神', {}, 'search', 'SPI', 6 + 2],
    ['D6-SRCH-02 発見 gives +2', { skills: [{ skill: 'detect' }] }, 'search', 'AGI', 6 + 2 + 2],
    ['D6-TRAP-01 detecting with 精神', {}, 'trap-detect', 'SPI', 6 + 2],
    ['D6-TRAP-02 トラップ gives +2 on detection', { skills: [{ skill: 'traps' }] }, 'trap-detect', 'AGI', 6 + 2 + 2],
    ['D6-TRAP-02 トラップ gives +2 on disarming', { skills: [{ skill: 'traps' }] }, 'trap-disarm', 'AGI', 6 + 2 + 2],
  ] as const)('%s', (_name, sheet, kind, ability, total) => {
    const { t, pc } = explorer(sheet);
    t.do({ type: 'check.roll', check: { character: pc, kind, ability } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(total);
  });

  test('D6-SRCH-03 / D6-WIN-09 consuming 発見 after a failure finds what is there', () => {
    const { t, z, pc } = explorer({ skills: [{ skill: 'detect', uses: 2 }] });
    t.do({ type: 'find.add', zone: z, note: 'a loose brick' });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'AGI', target: 20 } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    t.do({ type: 'check.consume', check: 'k1' }, P1);
    expect(t.state.finds[0]!.found).toBe(true);
    // Nothing left to find: the use is still spent (default).
    t.do({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'AGI', target: 20 } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: 'k2' });
    t.do({ type: 'check.consume', check: 'k2' }, P1);
    expect(t.char(pc).skills.detect!.uses).toBe(0);
    expect(t.events.find((e) => e.type === 'check.consumed')!.data.nothingThere).toBe(true);
  });

  test('D6-TRAP-03 consuming トラップ after a failed disarm disarms the trap', () => {
    const { t, z, pc } = explorer({ skills: [{ skill: 'traps', uses: 1 }] });
    t.do({ type: 'trap.add', zone: z, area: false, note: 'needle' });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'trap-disarm', ability: 'AGI', target: 20, subject: t.trap(1) } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    t.do({ type: 'check.consume', check: 'k1' }, P1);
    expect(t.state.traps[0]).toMatchObject({ disarmed: true, found: true });
  });

  test('D6-WIN-09 the consume window closes when the scene moves on', () => {
    const { t, pc } = explorer({ skills: [{ skill: 'lockpick', uses: 1 }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'lock', ability: 'AGI', target: 20 } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    t.do({ type: 'window.close', window: t.openWindow('consume')! });
    expect(t.fail({ type: 'check.consume', check: 'k1' }, P1).code).toBe('WINDOW_CLOSED');
    expect(t.char(pc).skills.lockpick!.uses).toBe(1);
  });

  test('D6-LOCK-03 consuming 開錠 opens the lock for certain after a failure', () => {
    const { t, pc } = explorer({ skills: [{ skill: 'lockpick', uses: 1 }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'lock', ability: 'AGI', target: 30, subject: 'iron door' } }, P1, [1, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    t.do({ type: 'check.consume', check: 'k1' }, P1);
    expect(t.events.find((e) => e.type === 'lock.opened')!.data.subject).toBe('iron door');
    expect(t.check('k1')).toMatchObject({ outcome: 'success', consumed: true });
  });

  test('D6-LOCK-04 a failed door-break costs 1 HP with no defence check, and can drop a character to 0', () => {
    const { t, pc } = explorer({ hp: 1 });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'break', ability: 'VAL', target: 20 } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.char(pc)).toMatchObject({ hp: 0, down: true });
    expect(t.types()).not.toContain('attack.defended');
  });

  test('D6-LITE-01 a magic-capable character makes light as flavour; others cannot', () => {
    const { t, pc } = explorer({ magicCapable: true });
    const b = t.add('B', { owner: 2 });
    t.do({ type: 'light.make', character: pc }, P1);
    expect(t.types()).toEqual(['light.made']);
    expect(t.fail({ type: 'light.make', character: b }, seat(2)).code).toBe('NOT_MAGIC_CAPABLE');
  });

  test('D6-LITE-02 every other PC needs a light source before play', () => {
    const { t } = explorer();
    expect(t.fail({ type: 'session.start' })).toMatchObject({ code: 'NO_LIGHT_SOURCE', detail: 'A' });
    t.add('Torchbearer', { owner: 2, equipment: [{ id: 'i1', name: 'torch', kind: 'light', wielded: true, mods: [] }] });
    t.state.characters[0]!.equipment.push({ id: 'i2', name: 'lantern', kind: 'light', wielded: false, mods: [] });
    t.do({ type: 'session.start' }, GM);
  });
});
