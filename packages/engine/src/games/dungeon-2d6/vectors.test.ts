import { describe, expect, test } from 'vitest';
import { finalValue, teleportCapacity } from './abilities.ts';
import { opposedWinner } from './apply-check.ts';
import { GM, seat, TestTable } from './test-table.ts';

/** The §11 test vectors, verbatim, one test each. Dice are fixed RNG output (rigDice). */

const P1 = seat(1);

function basic() {
  const t = new TestTable();
  const z = t.zone('hall');
  return { t, z };
}

function roll(t: TestTable, character: string, ability: 'VAL' | 'AGI' | 'SPI', dice: number[], actor = P1, extra: object = {}) {
  t.do({ type: 'check.roll', check: { character, kind: 'action', ability, ...extra } }, actor, dice);
  return t.lastCheck().id;
}

describe('§11 concentration', () => {
  test('D6-TV-01 HP 12, 機敏 3, dice (3,4), 集中 5 → HP 7, total 15', () => {
    const { t } = basic();
    const pc = t.add('A', { AGI: 3, hp: 12 });
    const k = roll(t, pc, 'AGI', [3, 4]);
    t.do({ type: 'check.concentrate', check: k, hp: 5 }, P1);
    expect(t.char(pc).hp).toBe(7);
    expect(t.check(k).total).toBe(15);
  });

  test('D6-TV-02 3 then 3 more → second CAP_EXCEEDED; 6 at once → CAP_EXCEEDED', () => {
    const { t } = basic();
    const pc = t.add('A', { AGI: 3, hp: 12 });
    const k = roll(t, pc, 'AGI', [3, 4]);
    t.do({ type: 'check.concentrate', check: k, hp: 3 }, P1);
    expect(t.char(pc).hp).toBe(9);
    expect(t.check(k).total).toBe(13);
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 3 }, P1).code).toBe('CAP_EXCEEDED');
    expect(t.char(pc).hp).toBe(9);
    const k2 = roll(t, pc, 'AGI', [3, 4]);
    expect(t.fail({ type: 'check.concentrate', check: k2, hp: 6 }, P1).code).toBe('CAP_EXCEEDED');
  });

  test('D6-TV-03 HP 3, declare 4 → INSUFFICIENT_HP', () => {
    const { t } = basic();
    const pc = t.add('A', { hp: 3 });
    const k = roll(t, pc, 'AGI', [3, 4]);
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 4 }, P1).code).toBe('INSUFFICIENT_HP');
  });

  test('D6-TV-04 opposed: 9+2=11 ties 11 (active wins), passive +1 → 12 wins, active +1 → WINDOW_CLOSED', () => {
    const { t } = basic();
    const a = t.add('A', { AGI: 3 });
    const b = t.add('B', { AGI: 5, owner: 2 });
    t.do({ type: 'opposed.start', active: { character: a, kind: 'action', ability: 'AGI' }, passive: { character: b, ability: 'AGI' } }, P1, [3, 3]);
    const o = Object.values(t.state.opposed)[0]!;
    expect(t.check(o.active).total).toBe(9);
    t.do({ type: 'check.concentrate', check: o.active, hp: 2 }, P1);
    expect(t.check(o.active).total).toBe(11);
    t.do({ type: 'opposed.roll-passive', opposed: o.id }, seat(2), [3, 3]);
    const passive = t.state.opposed[o.id]!.passive!;
    expect(t.check(passive).total).toBe(11);
    expect(opposedWinner(t.check(o.active), t.check(passive), true)).toBe('active');
    t.do({ type: 'check.concentrate', check: passive, hp: 1 }, seat(2));
    expect(t.check(passive).total).toBe(12);
    expect(t.fail({ type: 'check.concentrate', check: o.active, hp: 1 }, P1).code).toBe('WINDOW_CLOSED');
    t.do({ type: 'opposed.resolve', opposed: o.id });
    expect(t.state.opposed[o.id]!.winner).toBe('passive');
  });

  test('D6-TV-05 PC attack (1,1): no concentration window; a declaration → OUTCOME_FIXED', () => {
    const { t } = basic();
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [1, 1]);
    const k = t.lastAttack().check!;
    expect(t.check(k).window).toBeNull();
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 1 }, P1).code).toBe('OUTCOME_FIXED');
  });
});

describe('§11 critical and fumble', () => {
  function duel(attackerOpts: object, defenderOpts: object) {
    const { t } = basic();
    const a = t.add('A', attackerOpts);
    const d = t.add('D', defenderOpts);
    return { t, a, d };
  }

  test('D6-TV-06 PC attack (6,6): crit; damage D 5 + 1d6 (3) = 8', () => {
    const { t, a, d } = duel({}, { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: a, targets: [d], mode: 'melee' }, P1, [6, 6]);
    const at = t.lastAttack();
    expect(t.check(at.check!).crit).toBe(true);
    t.do({ type: 'attack.defend', attack: at.id, target: d }, GM, [3, 3]);
    t.do({ type: 'attack.damage', attack: at.id, target: d, amounts: [5] }, GM, [3]);
    expect(t.lastAttack().targets[0]!.damage).toEqual([8]);
    expect(t.char(d).hp).toBe(12 - 8);
  });

  test('D6-TV-07 PC attack (1,1): fails, no defence check requested, damage 0', () => {
    const { t, a, d } = duel({}, { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: a, targets: [d], mode: 'melee' }, P1, [1, 1]);
    const at = t.lastAttack();
    expect(at.targets[0]!.state).toBe('void');
    expect(at.targets[0]!.reactWindow).toBeNull();
    expect(t.fail({ type: 'attack.defend', attack: at.id, target: d }).code).toBe('ALREADY_DEFENDED');
    expect(t.fail({ type: 'attack.damage', attack: at.id, target: d, amounts: [5] }).code).toBe('NOT_DEFENDED');
    expect(t.char(d).hp).toBe(12);
  });

  test('D6-TV-08 PC defence (6,6) against an enemy total of 20 → 0; PC crit against PC defence crit → 0', () => {
    const { t, a, d } = duel({ controller: 'enemy', VAL: 12 }, {});
    t.do({ type: 'attack.declare', attacker: a, targets: [d], mode: 'melee' }, GM, [4, 4]);
    const at = t.lastAttack();
    expect(t.check(at.check!).total).toBe(20);
    t.do({ type: 'attack.defend', attack: at.id, target: d }, P1, [6, 6]);
    t.do({ type: 'attack.damage', attack: at.id, target: d, amounts: [10] });
    expect(t.lastAttack().targets[0]!.damage).toEqual([0]);
    expect(t.char(d).hp).toBe(12);

    const x = t.add('X', { owner: 2 });
    t.do({ type: 'attack.declare', attacker: x, targets: [d], mode: 'melee' }, seat(2), [6, 6]);
    const at2 = t.lastAttack();
    t.do({ type: 'attack.defend', attack: at2.id, target: d }, P1, [6, 6]);
    t.do({ type: 'attack.damage', attack: at2.id, target: d, amounts: [10] });
    expect(t.lastAttack().targets[0]!.damage).toEqual([0]);
    expect(t.lastAttack().targets[0]!.extraDice).toEqual([]);
  });

  test('D6-TV-09 PC defence (1,1), 武勇 5, 魔力盾 active → defence total 0', () => {
    const { t, a, d } = duel({ controller: 'enemy' }, { VAL: 5, skills: [{ skill: 'manaShield', uses: 2 }] });
    t.do({ type: 'skill.mana-shield', user: d, target: d }, P1);
    t.do({ type: 'attack.declare', attacker: a, targets: [d], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: t.lastAttack().id, target: d }, P1, [1, 1]);
    expect(t.lastCheck().fumble).toBe(true);
    expect(t.lastCheck().total).toBe(0);
  });

  test('D6-TV-10 GM enemy: (6,6)+4 = 16 no crit; defence (1,1)+3 = 5; attack (1,1)+5 = 7 proceeds', () => {
    const { t } = basic();
    const pc = t.add('A');
    const e4 = t.add('E4', { controller: 'enemy', VAL: 4 });
    t.do({ type: 'attack.declare', attacker: e4, targets: [pc], mode: 'melee' }, GM, [6, 6]);
    const at = t.lastAttack();
    expect(t.check(at.check!)).toMatchObject({ total: 16, crit: false });
    t.do({ type: 'attack.defend', attack: at.id, target: pc }, P1, [3, 3]);
    t.do({ type: 'attack.damage', attack: at.id, target: pc, amounts: [2] });
    expect(t.lastAttack().targets[0]!.extraDice).toEqual([]);
    expect(t.lastAttack().targets[0]!.damage).toEqual([2]);

    const e3 = t.add('E3', { controller: 'enemy', VAL: 3 });
    t.do({ type: 'attack.declare', attacker: pc, targets: [e3], mode: 'melee' }, P1, [3, 3]);
    t.do({ type: 'attack.defend', attack: t.lastAttack().id, target: e3 }, GM, [1, 1]);
    expect(t.lastCheck()).toMatchObject({ total: 5, fumble: false, zeroed: false });

    const e5 = t.add('E5', { controller: 'enemy', VAL: 5 });
    t.do({ type: 'attack.declare', attacker: e5, targets: [pc], mode: 'melee' }, GM, [1, 1]);
    const at3 = t.lastAttack();
    expect(t.check(at3.check!)).toMatchObject({ total: 7, fumble: false });
    expect(at3.targets[0]!.state).toBe('react');
  });
});

describe('§11 barrier', () => {
  function cast(spi: number, dice: number[], concentrate = 0, extra: number[] = []) {
    const { t, z } = basic();
    const c = t.add('Caster', { SPI: spi, skills: [{ skill: 'barrier', uses: 1 }] });
    t.do({ type: 'skill.barrier', user: c }, P1, dice);
    const k = t.lastCheck().id;
    if (concentrate) t.do({ type: 'check.concentrate', check: k, hp: concentrate }, P1);
    t.do({ type: 'check.resolve', check: k }, GM, extra.length ? extra : undefined);
    return { t, z, c, k };
  }

  test('D6-TV-11 精神 7, (4,3) → total 14 → barrier HP 14, ability 3', () => {
    const { t, k } = cast(7, [4, 3]);
    expect(t.check(k).total).toBe(14);
    expect(t.state.barriers[0]).toMatchObject({ hp: 14, ability: 3 });
  });

  test('D6-TV-12 精神 8, (6,6) → 20, crit, extra 1d6 = 4 → HP 24, ability 4', () => {
    const { t, k } = cast(8, [6, 6], 0, [4]);
    expect(t.check(k)).toMatchObject({ total: 20, crit: true });
    expect(t.state.barriers[0]).toMatchObject({ hp: 24, ability: 4 });
  });

  test('D6-TV-13 精神 5, (2,3) → 10; 集中 3 → HP 13, ability 2', () => {
    const { t } = cast(5, [2, 3], 3);
    expect(t.state.barriers[0]).toMatchObject({ hp: 13, ability: 2 });
  });

  test('D6-TV-14 teleport from outside in and 射撃 from outside at a target inside → BLOCKED_BY_BARRIER', () => {
    const { t, z } = cast(7, [4, 3]);
    const out = t.zone('corridor', [z]);
    const inside = t.add('Inside', { owner: 2 });
    const mage = t.add('Mage', { zone: out, owner: 3, skills: [{ skill: 'teleport', uses: 3 }, { skill: 'shoot' }] });
    const r1 = t.fail({ type: 'skill.teleport', user: mage, destination: { kind: 'sight', zone: z, distanceM: 10 } }, seat(3));
    expect(r1.code).toBe('BLOCKED_BY_BARRIER');
    const r2 = t.fail({ type: 'attack.declare', attacker: mage, targets: [inside], mode: 'ranged', skill: 'shoot' }, seat(3));
    expect(r2.code).toBe('BLOCKED_BY_BARRIER');
  });
});

describe('§11 teleport passengers', () => {
  const sword = (value: number) => ({ id: 'i1', name: 'staff', kind: 'weapon', wielded: true, mods: [{ ability: 'SPI', value }] });

  function party(n: number, spi: number, zoneOf: (i: number) => string | undefined = () => undefined) {
    const { t, z } = basic();
    const far = t.zone('far', [z]);
    const user = t.add('User', { SPI: spi, equipment: [sword(2)], skills: [{ skill: 'teleport', uses: 5 }, { skill: 'enchant', uses: 5 }] });
    const others = Array.from({ length: n }, (_, i) => t.add(`P${i}`, { zone: zoneOf(i) === 'far' ? far : z }));
    return { t, z, far, user, others };
  }

  test('D6-TV-15 base 精神 4 + equipment 2 → N = 4: 4 passengers, 5 characters move', () => {
    const { t, far, user, others } = party(5, 4);
    expect(teleportCapacity(t.char(user))).toBe(4);
    expect(t.fail({ type: 'skill.teleport', user, destination: { kind: 'sight', zone: far, distanceM: 50 }, passengers: others }, P1).code).toBe('TOO_MANY_PASSENGERS');
    t.do({ type: 'skill.teleport', user, destination: { kind: 'sight', zone: far, distanceM: 50 }, passengers: others.slice(0, 4) }, P1);
    expect(t.state.characters.filter((c) => c.zone === far)).toHaveLength(5);
  });

  test('D6-TV-16 base 4, equipment +2, 魔力付与 ×2 → N = 12', () => {
    const { t, far, user, others } = party(12, 4);
    t.do({ type: 'skill.enchant', user, target: user, ability: 'SPI' }, P1);
    t.do({ type: 'skill.enchant', user, target: user, ability: 'SPI' }, P1);
    expect(teleportCapacity(t.char(user))).toBe(12);
    t.do({ type: 'skill.teleport', user, destination: { kind: 'sight', zone: far, distanceM: 50 }, passengers: others }, P1);
    expect(t.state.characters.filter((c) => c.zone === far)).toHaveLength(13);
  });

  test('D6-TV-17 N = 3, 5 candidates: 3 accepted; 4 → TOO_MANY_PASSENGERS; another zone → NOT_SAME_ZONE', () => {
    const { t, far, user, others } = party(6, 3, (i) => (i === 5 ? 'far' : undefined));
    const dest = { kind: 'known', place: 'home' };
    t.do({ type: 'teleport.learn-place', user, place: 'home', wellKnown: true });
    expect(teleportCapacity(t.char(user))).toBe(3);
    expect(t.fail({ type: 'skill.teleport', user, destination: dest, passengers: others.slice(0, 4) }, P1).code).toBe('TOO_MANY_PASSENGERS');
    expect(t.fail({ type: 'skill.teleport', user, destination: dest, passengers: [others[0], others[1], others[5]] }, P1).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'skill.teleport', user, destination: dest, passengers: others.slice(0, 3) }, P1);
    expect(t.char(others[0]!).zone).toBe(t.char(user).zone);
    expect(t.char(others[5]!).zone).toBe(far);
  });
});

describe('§11 stacking', () => {
  test('D6-TV-18 魔力付与 stacks: 武勇 3, twice → 11', () => {
    const { t } = basic();
    const c = t.add('A', { VAL: 3, skills: [{ skill: 'enchant', uses: 2 }] });
    t.do({ type: 'skill.enchant', user: c, target: c, ability: 'VAL' }, P1);
    t.do({ type: 'skill.enchant', user: c, target: c, ability: 'VAL' }, P1);
    expect(finalValue(t.char(c), 'VAL', true)).toBe(11);
  });

  function defend(t: TestTable, d: string, dice: number[]) {
    const e = t.add('E', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: e, targets: [d], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: t.lastAttack().id, target: d }, P1, dice);
    return t.lastCheck();
  }

  test('D6-TV-19 魔力盾 twice, ability 5, (3,3) → 15 not 19', () => {
    const { t } = basic();
    const d = t.add('D', { VAL: 5, skills: [{ skill: 'manaShield', uses: 2 }] });
    t.do({ type: 'skill.mana-shield', user: d, target: d }, P1);
    t.do({ type: 'skill.mana-shield', user: d, target: d }, P1);
    expect(defend(t, d, [3, 3]).total).toBe(15);
  });

  test('D6-TV-20 ability 5, 魔力付与 ×1, 魔力盾 ×1, (2,2) → 4 + 9 + 4 = 17', () => {
    const { t } = basic();
    const d = t.add('D', { VAL: 5, skills: [{ skill: 'manaShield', uses: 1 }, { skill: 'enchant', uses: 1 }] });
    t.do({ type: 'skill.enchant', user: d, target: d, ability: 'VAL' }, P1);
    t.do({ type: 'skill.mana-shield', user: d, target: d }, P1);
    const k = defend(t, d, [2, 2]);
    expect(k.abilityValue).toBe(9);
    expect(k.total).toBe(17);
  });

  test('D6-TV-21 鉄壁: 3 + armour 1 + 魔力付与 4 = 8 → 16; 魔力盾 not doubled; (2,3) → 25; 威圧 ends it', () => {
    const { t } = basic();
    const armour = { id: 'i1', name: 'mail', kind: 'armour', wielded: true, mods: [{ ability: 'VAL', value: 1 }] };
    const d = t.add('D', { VAL: 3, equipment: [armour], skills: [{ skill: 'ironWall', uses: 1 }, { skill: 'enchant', uses: 1 }, { skill: 'manaShield', uses: 1 }] });
    t.do({ type: 'skill.enchant', user: d, target: d, ability: 'VAL' }, P1);
    t.do({ type: 'skill.iron-wall', user: d, ability: 'VAL' }, P1);
    expect(t.char(d).ironWall).toEqual({ ability: 'VAL', value: 16 });
    t.do({ type: 'skill.mana-shield', user: d, target: d }, P1);
    expect(defend(t, d, [2, 3]).total).toBe(25);
    const bully = t.add('Bully', { controller: 'enemy', skills: [{ skill: 'intimidate', uses: 1 }] });
    t.do({ type: 'skill.intimidate', user: bully, skill: 'intimidate', target: d, effect: 'penalty' });
    expect(t.char(d).ironWall).toBeNull();
  });

  test('D6-TV-22 a seed-silent consumable used twice on one target: effect once, each use a 手番', () => {
    const { t } = basic();
    const u = t.add('U', { skills: [{ skill: 'chant', uses: 3 }] });
    const target = t.add('T', { owner: 2 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.use', user: u, skill: 'chant', targets: [target], effect: 'focus' }, P1);
    expect(t.char(u).turnUsed).toBe(true);
    expect(t.fail({ type: 'skill.use', user: u, skill: 'chant', targets: [target], effect: 'focus' }, P1).code).toBe('NO_TURN_LEFT');
    t.do({ type: 'turn.next' });
    t.do({ type: 'skill.use', user: u, skill: 'chant', targets: [target], effect: 'focus' }, P1);
    expect(t.events.find((e) => e.type === 'skill.used')!.data.applied).toEqual([]);
    expect(t.char(target).effects).toEqual(['chant:focus']);
    expect(t.char(u).skills.chant!.uses).toBe(1);
  });
});

describe('§11 summoning, cover, zones and other skills', () => {
  test('D6-TV-23 summon 13 → no skill; 12 + 集中 2 = 14 → one skill; derived from base 武勇 3', () => {
    const { t } = basic();
    const weapon = { id: 'i1', name: 'axe', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 2 }] };
    const u = t.add('U', { VAL: 3, SPI: 5, equipment: [weapon], skills: [{ skill: 'summon', uses: 2 }, { skill: 'enchant', uses: 1 }] });
    t.do({ type: 'skill.enchant', user: u, target: u, ability: 'VAL' }, P1);
    t.do({ type: 'skill.summon', user: u, name: 'wolf' }, P1, [4, 4]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    const first = t.state.characters[t.state.characters.length - 1]!;
    expect(first.pendingSkillChoice).toBe(false);
    expect(t.fail({ type: 'summon.choose-skill', summon: first.id, skill: 'evade' }, P1).code).toBe('NO_SKILL_CHOICE');
    t.do({ type: 'skill.summon', user: u, name: 'hawk' }, P1, [3, 4]);
    const k = t.lastCheck().id;
    t.do({ type: 'check.concentrate', check: k, hp: 2 }, P1);
    expect(t.check(k).total).toBe(14);
    t.do({ type: 'check.resolve', check: k });
    const second = t.state.characters[t.state.characters.length - 1]!;
    expect(second.base.VAL).toBe(3);
    t.do({ type: 'summon.choose-skill', summon: second.id, skill: 'evade' }, P1);
    expect(t.char(second.id).skills.evade).toBeDefined();
  });

  function areaSetup() {
    const { t, z } = basic();
    const e = t.add('Dragon', { controller: 'enemy', skills: [{ skill: 'sweep' }] });
    const b = t.add('B', { owner: 1 });
    const c = t.add('C', { owner: 2 });
    return { t, z, e, b, c };
  }

  test('D6-TV-24 C covers B against an area attack: C makes two checks, B none, C loses its next 手番', () => {
    const { t, e, b, c } = areaSetup();
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: e, targets: [b, c], mode: 'melee', skill: 'sweep', area: true }, GM, [3, 3]);
    const at = t.lastAttack().id;
    t.do({ type: 'attack.cover', attack: at, target: b, coverer: c }, seat(2));
    t.do({ type: 'attack.defend', attack: at, target: b }, seat(2), [3, 4]);
    t.do({ type: 'attack.defend', attack: at, target: c }, seat(2), [4, 4]);
    const defenceChecks = Object.values(t.state.checks).filter((k) => k.kind === 'defence');
    expect(defenceChecks.map((k) => k.character)).toEqual([c, c]);
    expect(t.fail({ type: 'attack.defend', attack: at, target: b }, P1).code).toBe('ALREADY_DEFENDED');
    t.do({ type: 'turn.next' });
    expect(t.char(c).turnUsed).toBe(true);
    expect(t.char(b).turnUsed).toBe(false);

    // C not itself a target: still two checks (OPEN default).
    const t2 = areaSetup();
    const d = t2.t.add('D', { owner: 3 });
    t2.t.do({ type: 'attack.declare', attacker: t2.e, targets: [t2.b, d], mode: 'melee', skill: 'sweep', area: true }, GM, [3, 3]);
    const at2 = t2.t.lastAttack().id;
    t2.t.do({ type: 'attack.cover', attack: at2, target: t2.b, coverer: t2.c }, seat(2));
    t2.t.do({ type: 'attack.defend', attack: at2, target: t2.b }, seat(2), [3, 4, 2, 5]);
    expect(t2.t.lastAttack().targets[0]!.defence).toHaveLength(2);
  });

  test('D6-TV-25 cover after B rolled → WINDOW_CLOSED; cover from another zone → NOT_SAME_ZONE', () => {
    const { t, z, e, b, c } = areaSetup();
    const away = t.zone('away', [z]);
    const far = t.add('Far', { owner: 3, zone: away });
    t.do({ type: 'attack.declare', attacker: e, targets: [b], mode: 'melee' }, GM, [3, 3]);
    const at = t.lastAttack().id;
    expect(t.fail({ type: 'attack.cover', attack: at, target: b, coverer: far }, seat(3)).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'attack.defend', attack: at, target: b }, P1, [3, 3]);
    expect(t.fail({ type: 'attack.cover', attack: at, target: b, coverer: c }, seat(2)).code).toBe('WINDOW_CLOSED');
  });

  test('D6-TV-26 disengage: leaver 機敏 total 10, blocker 10 → the leaver (active) wins', () => {
    const { t, z } = basic();
    const next = t.zone('next', [z]);
    const pc = t.add('A', { AGI: 3 });
    const orc = t.add('Orc', { controller: 'enemy', AGI: 4 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: pc, path: [next] }, P1);
    expect(t.char(pc).zone).toBe(z);
    const m = Object.keys(t.state.moves)[0]!;
    t.do({ type: 'move.obstruct', move: m, blocker: orc }, GM, [3, 4]);
    const o = Object.values(t.state.opposed)[0]!;
    t.do({ type: 'opposed.roll-passive', opposed: o.id }, GM, [3, 3]);
    expect(t.check(o.active).total).toBe(10);
    expect(t.check(t.state.opposed[o.id]!.passive!).total).toBe(10);
    t.do({ type: 'opposed.resolve', opposed: o.id });
    expect(t.state.opposed[o.id]!.winner).toBe('active');
    expect(t.char(pc).zone).toBe(next);
  });

  test('D6-TV-27 area trap on {A,B,C}; D left earlier → A, B, C affected, D not', () => {
    const { t, z } = basic();
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((n, i) => t.add(n, { owner: i + 1 }));
    t.do({ type: 'trap.add', zone: z, area: true, note: 'pit' });
    t.do({ type: 'zone.leave', character: d! }, seat(4));
    t.do({ type: 'trap.trigger', trap: t.trap(1), damage: 2 });
    expect(t.events.find((e) => e.type === 'trap.triggered')!.data.affected).toEqual([a, b, c]);
    expect(t.char(d!).hp).toBe(12);
    expect(t.char(a!).hp).toBe(10);
  });

  test('D6-TV-28 melee at another zone → NOT_SAME_ZONE; 射撃 at a visible target there → accepted', () => {
    const { t, z } = basic();
    const other = t.zone('other', [z]);
    const pc = t.add('A', { skills: [{ skill: 'shoot' }] });
    const foe = t.add('Orc', { controller: 'enemy', zone: other });
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1).code).toBe('NOT_SAME_ZONE');
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'ranged', skill: 'shoot' }, P1, [3, 3]);
    expect(t.lastAttack().targets[0]!.state).toBe('react');
  });

  test('D6-TV-29 initiative 3+4 = 7 against 2+5 = 7 → tie → re-roll', () => {
    const { t } = basic();
    const pc = t.add('A', { AGI: 3 });
    const foe = t.add('Orc', { controller: 'enemy', AGI: 2 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'initiative.roll', side: 'party', character: pc }, P1, [4]);
    t.do({ type: 'initiative.roll', side: 'enemies', character: foe }, GM, [5]);
    expect(t.types()).toContain('initiative.tie');
    expect(t.state.initiative).toMatchObject({ party: null, enemies: null, first: null, tie: true });
    t.do({ type: 'initiative.roll', side: 'party', character: pc }, P1, [6]);
    t.do({ type: 'initiative.roll', side: 'enemies', character: foe }, GM, [1]);
    expect(t.state.initiative.first).toBe('party');
  });

  test('D6-TV-30 開錠 holder 機敏 2, (2,3) → 9; target 10 fails; consume opens; failed door-break → HP −1', () => {
    const { t } = basic();
    const pc = t.add('Thief', { AGI: 2, skills: [{ skill: 'lockpick', uses: 1 }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'lock', ability: 'AGI', target: 10 } }, P1, [2, 3]);
    const k = t.lastCheck().id;
    expect(t.check(k).total).toBe(9);
    t.do({ type: 'check.resolve', check: k });
    expect(t.check(k).outcome).toBe('failure');
    t.do({ type: 'check.consume', check: k }, P1);
    expect(t.types()).toContain('lock.opened');
    expect(t.char(pc).skills.lockpick!.uses).toBe(0);
    t.do({ type: 'check.roll', check: { character: pc, kind: 'break', ability: 'VAL', target: 12 } }, P1, [2, 2]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    expect(t.char(pc).hp).toBe(11);
    expect(Object.values(t.state.checks).filter((c) => c.kind === 'defence')).toHaveLength(0);
  });

  test('D6-TV-31 幻覚: 1d6 = 2 → attack fails, illusion gone; 1d6 = 5 → attack proceeds, illusion stays', () => {
    const { t } = basic();
    const pc = t.add('Mage', { skills: [{ skill: 'illusion', uses: 2 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [2]);
    expect(t.lastAttack().targets[0]).toMatchObject({ state: 'void', illusion: { roll: 2, failed: true } });
    expect(t.lastAttack().check).toBeNull();
    expect(t.char(pc).flags.illusion).toBe(false);
    t.do({ type: 'turn.next' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [5, 3, 3]);
    expect(t.lastAttack().targets[0]).toMatchObject({ state: 'react', illusion: { roll: 5, failed: false } });
    expect(t.char(pc).flags.illusion).toBe(true);
  });

  test('D6-TV-32 不屈: HP 3 takes 3 → HP 0 → window → used → HP 1, no 手番 consumed', () => {
    const { t } = basic();
    const pc = t.add('A', { hp: 3, skills: [{ skill: 'fukutsu', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: t.lastAttack().id, target: pc }, P1, [2, 2]);
    t.do({ type: 'attack.damage', attack: t.lastAttack().id, target: pc, amounts: [3] });
    expect(t.char(pc).hp).toBe(0);
    expect(t.openWindow('fukutsu')).toBeDefined();
    t.do({ type: 'fukutsu.use', character: pc }, P1);
    expect(t.char(pc).hp).toBe(1);
    expect(t.char(pc).down).toBe(false);
    expect(t.char(pc).turnUsed).toBe(false);
  });

  test('D6-TV-33 百科事典: refused → uses unchanged; answered → one use spent', () => {
    const { t } = basic();
    const pc = t.add('Sage', { skills: [{ skill: 'encyclopedia', uses: 2 }] });
    t.do({ type: 'encyclopedia.ask', character: pc, question: 'Is the idol cursed?' }, P1);
    t.do({ type: 'encyclopedia.refuse', question: t.question(1) });
    expect(t.char(pc).skills.encyclopedia!.uses).toBe(2);
    t.do({ type: 'encyclopedia.ask', character: pc, question: 'Who built the vault?' }, P1);
    t.do({ type: 'encyclopedia.answer', question: t.question(2), text: 'The dwarves of the river.' });
    expect(t.char(pc).skills.encyclopedia!.uses).toBe(1);
  });

  test('D6-TV-34 資産: at session start, gold +10000', () => {
    const { t } = basic();
    const pc = t.add('Heir', { magicCapable: true, skills: [{ skill: 'assets' }] });
    const other = t.add('Poor', { magicCapable: true, owner: 2 });
    t.do({ type: 'session.start' });
    expect(t.char(pc).gold).toBe(10000);
    expect(t.char(other).gold).toBe(0);
  });

  test('D6-TV-35 飛行: flying melee on a grounded target gets +2, then flying = false', () => {
    const { t } = basic();
    const pc = t.add('Bird', { VAL: 3, skills: [{ skill: 'flight' }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.flight', user: pc, on: true }, P1);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    const k = t.check(t.lastAttack().check!);
    expect(k.modifiers).toContainEqual({ source: '飛行', value: 2 });
    expect(k.total).toBe(6 + 3 + 2);
    expect(t.char(pc).flags.flying).toBe(false);
  });

  test('D6-TV-36 魅了: +5 on information gathering at an opposite-sex NPC; same sex → refused', () => {
    const { t } = basic();
    const pc = t.add('Bard', { SPI: 2, sex: 'm', skills: [{ skill: 'charm' }] });
    const her = t.add('Innkeeper', { controller: 'npc', sex: 'f' });
    const him = t.add('Guard', { controller: 'npc', sex: 'm' });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'info', ability: 'SPI', charmTarget: her } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(6 + 2 + 5);
    const r = t.fail({ type: 'check.roll', check: { character: pc, kind: 'info', ability: 'SPI', charmTarget: him } }, P1);
    expect(r.code).toBe('NOT_OPPOSITE_SEX');
  });
});
