import { describe, expect, test } from 'vitest';
import { toEveryone } from '../../kernel/events.ts';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);

function arena() {
  const t = new TestTable();
  const z = t.zone('hall');
  const pc = t.add('A');
  const foe = t.add('Orc', { controller: 'enemy' });
  return { t, z, pc, foe };
}

describe('attack sequence', () => {
  test('D6-ATK-01 / D6-ATK-02 declare → roll → pre-defence window → defence → damage → reactions → applied', () => {
    const { t, pc, foe } = arena();
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    expect(t.types()).toEqual(['attack.declared', 'check.rolled', 'window.opened', 'window.opened']);
    t.do({ type: 'attack.defend', attack: 'a1', target: pc }, P1, [2, 2]);
    expect(t.lastAttack().targets[0]!.state).toBe('defended');
    t.do({ type: 'attack.damage', attack: 'a1', target: pc, amounts: [3] });
    expect(t.lastAttack().targets[0]!.state).toBe('applied');
    expect(t.char(pc).hp).toBe(9);
  });

  test('D6-MENT-01 / D6-MENT-02 a mental attack is a magic attack with 精神 and needs its element', () => {
    const { t, pc, foe } = arena();
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'mental' }, P1).code).toBe('ELEMENT_REQUIRED');
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'mental', ability: 'VAL', element: 'fire' }, P1).code).toBe('WRONG_ABILITY');
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'mental', element: 'fire' }, P1, [3, 3]);
    expect(t.events[0]!.data).toMatchObject({ magic: true, element: 'fire', ability: 'SPI' });
  });

  test('D6-RNG-01 beyond one\'s own zone an attack needs 射撃 or 投射魔法', () => {
    const { t, z, pc } = arena();
    const far = t.zone('far', [z]);
    const gob = t.add('Gob', { controller: 'enemy', zone: far });
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [gob], mode: 'ranged' }, P1).code).toBe('NEEDS_RANGED_SKILL');
  });

  test('D6-RNG-02 投射魔法 reaches any zone in sight, even across occupied zones', () => {
    const { t, z, pc } = arena();
    const mid = t.zone('mid', [z]);
    const far = t.zone('far', [mid]);
    t.add('Blocker', { controller: 'enemy', zone: mid });
    const gob = t.add('Gob', { controller: 'enemy', zone: far });
    t.state.characters.find((c) => c.id === pc)!.skills.projectile = { uses: null };
    t.do({ type: 'attack.declare', attacker: pc, targets: [gob], mode: 'ranged', skill: 'projectile' }, P1, [3, 3]);
    expect(t.lastAttack().targets[0]!.state).toBe('react');
  });

  test('D6-ZONE-05 a melee attack needs the same zone', () => {
    const { t, z, pc } = arena();
    const far = t.zone('far', [z]);
    const gob = t.add('Gob', { controller: 'enemy', zone: far });
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [gob], mode: 'melee' }, P1)).toMatchObject({ code: 'NOT_SAME_ZONE', rule: 'D6-ZONE-05' });
  });

  test('D6-ZONE-09 an area attack takes any subset of one zone; targets across zones are refused', () => {
    const { t, z } = arena();
    const far = t.zone('far', [z]);
    const mage = t.add('Mage', { owner: 2, skills: [{ skill: 'areaMagic' }, { skill: 'projectile' }] });
    const [a, b] = [t.add('G1', { controller: 'enemy' }), t.add('G2', { controller: 'enemy' })];
    const c = t.add('G3', { controller: 'enemy', zone: far });
    expect(t.fail({ type: 'attack.declare', attacker: mage, targets: [a, b], mode: 'mental', element: 'ice' }, seat(2)).code).toBe('AREA_REQUIRED');
    expect(t.fail({ type: 'attack.declare', attacker: mage, targets: [a, c], mode: 'mental', element: 'ice', skill: 'areaMagic', area: true }, seat(2)).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'attack.declare', attacker: mage, targets: [a, b], mode: 'mental', element: 'ice', skill: 'areaMagic', area: true }, seat(2), [3, 3]);
    expect(t.lastAttack().targets.map((x) => x.target)).toEqual([a, b]);
  });
});

describe('cover 《かばう》', () => {
  test('D6-COVER-01 / D6-COVER-03 a same-zone ally defends with its own abilities and takes the damage', () => {
    const { t, pc, foe } = arena();
    const knight = t.add('Knight', { owner: 2, VAL: 7 });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.cover', attack: 'a1', target: pc, coverer: knight }, seat(2));
    expect(t.fail({ type: 'attack.defend', attack: 'a1', target: pc }, P1).code).toBe('NOT_YOUR_CHARACTER');
    t.do({ type: 'attack.defend', attack: 'a1', target: pc }, seat(2), [2, 2]);
    expect(t.lastCheck()).toMatchObject({ character: knight, abilityValue: 7 });
    t.do({ type: 'attack.damage', attack: 'a1', target: pc, amounts: [4] });
    expect([t.char(pc).hp, t.char(knight).hp]).toEqual([12, 8]);
  });

  test('D6-COVER-02 / D6-WIN-04 cover must come before the defence roll', () => {
    const { t, pc, foe } = arena();
    const knight = t.add('Knight', { owner: 2 });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: pc }, P1, [2, 2]);
    expect(t.fail({ type: 'attack.cover', attack: 'a1', target: pc, coverer: knight }, seat(2))).toMatchObject({ code: 'WINDOW_CLOSED', rule: 'D6-WIN-04' });
  });

  test('D6-COVER-04 the cover-er loses its 手番 in the next turn', () => {
    const { t, pc, foe } = arena();
    const knight = t.add('Knight', { owner: 2 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.cover', attack: 'a1', target: pc, coverer: knight }, seat(2));
    expect(t.char(knight).turnUsed).toBe(false);
    t.do({ type: 'turn.next' });
    expect(t.fail({ type: 'attack.declare', attacker: knight, targets: [foe], mode: 'melee' }, seat(2)).code).toBe('NO_TURN_LEFT');
    t.do({ type: 'turn.next' });
    expect(t.char(knight).turnUsed).toBe(false);
  });

  test('D6-COVER-05 covering against an area attack as a non-target is two separate defence checks', () => {
    const { t, pc } = arena();
    const dragon = t.add('Dragon', { controller: 'enemy', skills: [{ skill: 'sweep' }] });
    const knight = t.add('Knight', { owner: 2 });
    const b = t.add('B', { owner: 3 });
    t.do({ type: 'attack.declare', attacker: dragon, targets: [pc, b], mode: 'melee', skill: 'sweep', area: true }, GM, [3, 3]);
    t.do({ type: 'attack.cover', attack: 'a1', target: pc, coverer: knight }, seat(2));
    t.do({ type: 'attack.defend', attack: 'a1', target: pc }, seat(2), [6, 6, 2, 2]);
    const [k1, k2] = t.lastAttack().targets[0]!.defence.map((id) => t.check(id));
    expect([k1!.crit, k2!.crit]).toEqual([true, false]);
    expect(t.fail({ type: 'attack.damage', attack: 'a1', target: pc, amounts: [3] }).code).toBe('WRONG_DAMAGE_COUNT');
    t.do({ type: 'attack.damage', attack: 'a1', target: pc, amounts: [3, 3] });
    expect(t.lastAttack().targets[0]!.damage).toEqual([0, 3]);
    expect(t.char(knight).hp).toBe(9);
  });

  test('D6-COVER-06 / D6-WIN-14 the first accepted cover wins; one target per cover-er; not with a lost 手番', () => {
    const { t, pc } = arena();
    const dragon = t.add('Dragon', { controller: 'enemy', skills: [{ skill: 'sweep' }] });
    const k1 = t.add('K1', { owner: 2 });
    const k2 = t.add('K2', { owner: 3 });
    const b = t.add('B', { owner: 4 });
    t.do({ type: 'attack.declare', attacker: dragon, targets: [pc, b], mode: 'melee', skill: 'sweep', area: true }, GM, [3, 3]);
    t.do({ type: 'attack.cover', attack: 'a1', target: pc, coverer: k1 }, seat(2));
    expect(t.fail({ type: 'attack.cover', attack: 'a1', target: pc, coverer: k2 }, seat(3)).code).toBe('ALREADY_COVERED');
    expect(t.fail({ type: 'attack.cover', attack: 'a1', target: b, coverer: k1 }, seat(2)).code).toBe('ALREADY_COVERING');
    t.do({ type: 'attack.declare', attacker: dragon, targets: [b], mode: 'melee' }, GM, [3, 3]);
    expect(t.fail({ type: 'attack.cover', attack: 'a2', target: b, coverer: k1 }, seat(2)).code).toBe('TURN_ALREADY_LOST');
  });
});

describe('reactions after damage', () => {
  function hit(defender: object, others: object[] = []) {
    const t = new TestTable();
    t.zone('hall');
    const d = t.add('D', defender);
    const extra = others.map((o, i) => t.add(`X${i}`, { owner: i + 2, ...o }));
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [d], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: d }, P1, [2, 2]);
    t.do({ type: 'attack.damage', attack: 'a1', target: d, amounts: [5] });
    return { t, d, extra };
  }

  test('D6-SKL-COUNTER-01 / D6-WIN-05 カウンター opens once damage is determined and closes when it is applied', () => {
    const { t, d } = hit({ skills: [{ skill: 'counter', uses: 1 }] });
    const w = t.openWindow('after-damage')!;
    expect(t.state.windows[w]!.eligible).toEqual([d]);
    expect(t.char(d).hp).toBe(12);
    t.do({ type: 'window.pass', window: w, character: d }, P1);
    expect(t.char(d).hp).toBe(7);
    expect(t.fail({ type: 'attack.counter', attack: 'a1', target: d }, P1).code).toBe('WINDOW_CLOSED');
  });

  test('D6-SKL-COUNTER-02 / D6-SKL-COUNTER-03 a successful counter means no damage, and no 手番 is spent', () => {
    const { t, d } = hit({ skills: [{ skill: 'counter', uses: 1 }] });
    t.do({ type: 'attack.counter', attack: 'a1', target: d }, P1);
    t.do({ type: 'attack.counter-ruling', attack: 'a1', target: d, success: true });
    t.do({ type: 'window.close', window: t.openWindow('after-damage')! });
    expect(t.char(d).hp).toBe(12);
    expect(t.char(d).turnUsed).toBe(false);
    expect(t.char(d).skills.counter!.uses).toBe(0);
  });

  test('D6-SKL-SACRIFICE-01 自己犠牲 after damage, no 手番; the sacrificer takes the damage', () => {
    const { t, d, extra } = hit({}, [{ skills: [{ skill: 'sacrifice', uses: 1 }] }]);
    const martyr = extra[0]!;
    t.do({ type: 'attack.sacrifice', attack: 'a1', target: d, by: martyr }, seat(2));
    t.do({ type: 'window.close', window: t.openWindow('after-damage')! });
    expect([t.char(d).hp, t.char(martyr).hp, t.char(martyr).turnUsed]).toEqual([12, 7, false]);
  });

  test('D6-WIN-14 カウンター is settled before 自己犠牲', () => {
    const { t, d, extra } = hit({ skills: [{ skill: 'counter', uses: 1 }] }, [{ skills: [{ skill: 'sacrifice', uses: 1 }] }]);
    expect(t.fail({ type: 'attack.sacrifice', attack: 'a1', target: d, by: extra[0]! }, seat(2)).code).toBe('COUNTER_FIRST');
    t.do({ type: 'window.pass', window: t.openWindow('after-damage')!, character: d }, P1);
    t.do({ type: 'attack.sacrifice', attack: 'a1', target: d, by: extra[0]! }, seat(2));
  });

  test('D6-SKL-EVADE-01 回避 before the defence check only, without a 手番', () => {
    const t = new TestTable();
    t.zone('hall');
    const d = t.add('D', { skills: [{ skill: 'evade', uses: 2 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [d], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.evade', attack: 'a1', target: d }, P1);
    expect(t.char(d).turnUsed).toBe(false);
    t.do({ type: 'attack.defend', attack: 'a1', target: d }, P1, [2, 2]);
    expect(t.fail({ type: 'attack.evade', attack: 'a1', target: d }, P1).code).toBe('WINDOW_CLOSED');
  });

  test('D6-SKL-TELEPORT-03 転移魔法 before the defence check evades the attack and moves the user', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const away = t.zone('balcony', [z]);
    const d = t.add('D', { skills: [{ skill: 'teleport', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [d], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.teleport-evade', attack: 'a1', target: d, zone: away }, P1);
    expect(t.lastAttack().targets[0]).toMatchObject({ teleported: true, state: 'void' });
    expect(t.char(d).zone).toBe(away);
    expect(t.fail({ type: 'attack.defend', attack: 'a1', target: d }, P1).code).toBe('ALREADY_DEFENDED');
  });

  test('D6-SKL-FUKUTSU-01 / D6-SKL-FUKUTSU-03 不屈 at HP 0 sets HP 1 and spends no 手番; unused, the character is down', () => {
    const t = new TestTable();
    t.zone('hall');
    const a = t.add('A', { hp: 2, skills: [{ skill: 'fukutsu', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [a], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: a }, P1, [2, 2]);
    t.do({ type: 'attack.damage', attack: 'a1', target: a, amounts: [4] });
    expect(t.char(a).hp).toBe(-2);
    t.do({ type: 'window.pass', window: t.openWindow('fukutsu')!, character: a }, P1);
    expect(t.char(a).down).toBe(true);
  });
});

describe('initiative and windows', () => {
  test('D6-INIT-01 each side\'s representative rolls 1d6 + 機敏; the higher side acts first', () => {
    const { t, pc, foe } = arena();
    t.do({ type: 'combat.start' });
    expect(t.fail({ type: 'initiative.roll', side: 'enemies', character: pc }, P1).code).toBe('NOT_ON_SIDE');
    t.do({ type: 'initiative.roll', side: 'party', character: pc }, P1, [2]);
    t.do({ type: 'initiative.roll', side: 'enemies', character: foe }, GM, [4]);
    expect(t.state.initiative).toMatchObject({ party: { total: 5 }, enemies: { total: 7 }, first: 'enemies' });
  });

  test('D6-WIN-15 each representative\'s result is shown when rolled', () => {
    const { t, pc } = arena();
    t.do({ type: 'combat.start' });
    const events = t.do({ type: 'initiative.roll', side: 'party', character: pc }, P1, [2]);
    expect(events).toEqual([toEveryone({ type: 'initiative.rolled', data: { side: 'party', character: pc, die: 2, agility: 3, total: 5 } })]);
  });

  test('D6-WIN-13 with a minimum span the passive roll waits for the server\'s report', () => {
    const { t, pc, foe } = arena();
    t.do({ type: 'options.set', options: { activeWindowMinSeconds: 5 } });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    const w = t.check(t.lastAttack().check!).window!;
    expect(t.fail({ type: 'attack.defend', attack: 'a1', target: foe }, GM, [3, 3]).code).toBe('WINDOW_MIN_SPAN');
    t.do({ type: 'window.min-elapsed', window: w });
    t.do({ type: 'attack.defend', attack: 'a1', target: foe }, GM, [3, 3]);
  });

  test('D6-WIN-11 a table timeout closes a window only when the server reports it', () => {
    const { t, pc, foe } = arena();
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    const react = t.openWindow('react')!;
    expect(t.fail({ type: 'window.timeout', window: react }).code).toBe('NO_TIMEOUT');
    t.do({ type: 'options.set', options: { windowTimeoutSeconds: 30 } });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'window.timeout', window: t.openWindow('react')! });
    expect(t.types()).toEqual(['window.closed']);
    expect(t.events[0]!.data.reason).toBe('timeout');
  });

  test('D6-WIN-12 the passive roll is a server action: the defender cannot supply dice', () => {
    const { t, pc, foe } = arena();
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    // A client that sends its own dice is ignored: the schema drops the field and the server's RNG rolls.
    t.do({ type: 'attack.defend', attack: 'a1', target: pc, dice: [6, 6] }, P1, [2, 3]);
    expect(t.lastCheck().dice).toEqual([2, 3]);
  });
});
