import { describe, expect, test } from 'vitest';
import { effectLayer, equipmentLayer, finalValue, summonBasis, teleportCapacity } from './abilities.ts';
import { opposedWinner } from './apply-check.ts';
import { computeOutcome, computeTotal } from './check.ts';
import { restHealing } from './hp.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import type { CheckRecord } from './state.ts';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);

function record(over: Partial<CheckRecord>): CheckRecord {
  const base: CheckRecord = {
    id: 'k1', character: 'ch1', kind: 'action', ability: 'AGI', dice: [3, 4], abilityValue: 3, modifiers: [], concentration: 0,
    crit: false, fumble: false, zeroed: false, total: 0, target: null, targetVisible: false, secret: false,
    outcome: 'total', resolved: false, window: null, noConcentration: null, opposed: null, attack: null,
    subject: null, purpose: null, consumed: false, ownerSeat: null,
  };
  const r = { ...base, ...over };
  r.total = computeTotal(r);
  return r;
}

describe('check outcome table', () => {
  test.each([
    ['D6-BASE-01 total = ability + 2D6 ≥ target succeeds', { dice: [3, 4], abilityValue: 3, target: 10 }, 10, 'success'],
    ['D6-BASE-01 total below the target fails', { dice: [3, 4], abilityValue: 2, target: 10 }, 9, 'failure'],
    ['D6-BASE-02 all sixes succeed even below the target', { dice: [6, 6], abilityValue: 0, target: 20, crit: true }, 12, 'success'],
    ['D6-BASE-02 all ones fail even above the target', { dice: [1, 1], abilityValue: 10, target: 5, fumble: true }, 12, 'failure'],
    ['D6-CRIT-07 other checks: a crit succeeds, a fumble fails', { dice: [6, 6], abilityValue: 0, target: 13, crit: true }, 12, 'success'],
    ['D6-BASE-01 without a target number the roll stands as its total (達成値)', { dice: [3, 4], abilityValue: 3 }, 10, 'total'],
    ['D6-BASE-02 all sixes succeed with no target too', { dice: [6, 6], abilityValue: 1, crit: true }, 13, 'success'],
    ['D6-BASE-02 all ones fail with no target too', { dice: [1, 1], abilityValue: 1, fumble: true }, 3, 'failure'],
    ['D6-CORE-04 check modifiers and concentration add to the total', { dice: [2, 2], abilityValue: 3, modifiers: [{ source: 'x', value: 2 }], concentration: 1, target: 10 }, 10, 'success'],
    ['D6-CRIT-05 a defence fumble is fixed at 0 whatever the modifiers', { kind: 'defence', dice: [1, 1], abilityValue: 5, modifiers: [{ source: '魔力盾', value: 4 }], zeroed: true, fumble: true }, 0, 'failure'],
  ] as const)('%s', (_name, given, total, outcome) => {
    const r = record(given as unknown as Partial<CheckRecord>);
    expect(r.total).toBe(total);
    expect(computeOutcome(r)).toBe(outcome);
  });
});

describe('opposed checks', () => {
  test.each([
    ['D6-BASE-03 higher total wins', 12, 10, true, 'active'],
    ['D6-BASE-03 a tie goes to the active side', 10, 10, true, 'active'],
    ['D6-BASE-03 no clearly active side: a tie is a draw', 10, 10, false, 'draw'],
    ['D6-CORE-06 the passive side wins with a higher total', 9, 10, true, 'passive'],
  ] as const)('%s', (_name, a, p, clear, winner) => {
    expect(opposedWinner(record({ total: a, dice: [a - 3, 3], abilityValue: 0 }), record({ dice: [p - 3, 3], abilityValue: 0 }), clear)).toBe(winner);
  });
});

describe('ability layers', () => {
  test('D6-CORE-01 / D6-CORE-04 a check reads the chosen ability of 武勇/機敏/精神', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { VAL: 1, AGI: 2, SPI: 4 });
    for (const [ability, value] of [['VAL', 1], ['AGI', 2], ['SPI', 4]] as const) {
      t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability } }, P1, [2, 2]);
      expect(t.lastCheck().abilityValue).toBe(value);
      expect(t.lastCheck().total).toBe(4 + value);
    }
  });

  test('D6-CORE-02 / D6-ENG-04 layers stay separate; each rule reads its own layer', () => {
    const t = new TestTable();
    t.zone('hall');
    const weapon = { id: 'i1', name: 'rod', kind: 'weapon', wielded: true, mods: [{ ability: 'SPI', value: 2 }] };
    const pc = t.add('A', { SPI: 4, equipment: [weapon], skills: [{ skill: 'enchant', uses: 1 }] });
    t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'SPI' }, P1);
    const c = t.char(pc);
    expect([c.base.SPI, equipmentLayer(c, 'SPI'), effectLayer(c, 'SPI')]).toEqual([4, 2, 4]);
    expect(finalValue(c, 'SPI', true)).toBe(10);
    expect(teleportCapacity(c)).toBe(8);
    expect(summonBasis(c).SPI).toBe(4);
  });

  test('D6-CORE-03 a check modifier changes the total, not the ability', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { AGI: 2, skills: [{ skill: 'lockpick' }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'lock', ability: 'AGI' } }, P1, [3, 3]);
    expect(t.lastCheck().abilityValue).toBe(2);
    expect(t.lastCheck().total).toBe(10);
  });

  test('D6-SKL-GEN-03 a 必殺技 attack reads the final value after equipment and 魔力付与', () => {
    const t = new TestTable();
    t.zone('hall');
    const blade = { id: 'i1', name: 'blade', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 1 }] };
    const pc = t.add('A', { VAL: 3, equipment: [blade], skills: [{ skill: 'specialMove', uses: 1 }, { skill: 'enchant', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'VAL' }, P1);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee', skill: 'specialMove' }, P1, [2, 2]);
    expect(t.check(t.lastAttack().check!).abilityValue).toBe(8);
    expect(t.char(pc).skills.specialMove!.uses).toBe(0);
  });
});

describe('critical and fumble', () => {
  function attackWith(attacker: object, dice: number[], actor = GM) {
    const t = new TestTable();
    t.zone('hall');
    const a = t.add('A', attacker);
    const d = t.add('D', { owner: 2 });
    t.do({ type: 'attack.declare', attacker: a, targets: [d], mode: 'melee' }, actor, dice);
    return { t, k: t.check(t.lastAttack().check!) };
  }

  test.each([
    ['D6-CRIT-01 a PC (6,6) is a critical', { owner: 1 }, [6, 6], { crit: true, fumble: false }],
    ['D6-CRIT-01 a PC (1,1) is a fumble', { owner: 1 }, [1, 1], { crit: false, fumble: true }],
    ['D6-CRIT-06 a GM enemy never crits', { controller: 'enemy' }, [6, 6], { crit: false, fumble: false }],
    ['D6-CRIT-06 a GM enemy never fumbles', { controller: 'enemy' }, [1, 1], { crit: false, fumble: false }],
    ['D6-CRIT-06 a GM non-enemy NPC follows normal rules by default', { controller: 'npc' }, [6, 6], { crit: true, fumble: false }],
    ['D6-CORE-08 a summon is no enemy: it crits', { controller: 'summon', owner: 1 }, [6, 6], { crit: true, fumble: false }],
  ] as const)('%s', (_name, attacker, dice, expected) => {
    expect(attackWith(attacker, [...dice]).k).toMatchObject(expected);
  });

  test('D6-CRIT-02 an attack crit adds 1d6 to the damage the GM enters', () => {
    const { t } = attackWith({ owner: 1 }, [6, 6], P1);
    const at = t.lastAttack();
    t.do({ type: 'attack.defend', attack: at.id, target: at.targets[0]!.target }, seat(2), [2, 2]);
    t.do({ type: 'attack.damage', attack: at.id, target: at.targets[0]!.target, amounts: [2] }, GM, [6]);
    expect(t.lastAttack().targets[0]).toMatchObject({ damage: [8], extraDice: [6] });
  });

  test('D6-CRIT-03 a fumbled attack opens no defence window and gets no damage', () => {
    const { t } = attackWith({ owner: 1 }, [1, 1], P1);
    expect(t.openWindow('react')).toBeUndefined();
    expect(t.types()).toContain('attack.fumbled');
  });

  test('D6-CRIT-04 a defence crit means no damage at all', () => {
    const { t } = attackWith({ controller: 'enemy', VAL: 9 }, [5, 5]);
    const at = t.lastAttack();
    t.do({ type: 'attack.defend', attack: at.id, target: at.targets[0]!.target }, seat(2), [6, 6]);
    t.do({ type: 'attack.damage', attack: at.id, target: at.targets[0]!.target, amounts: [9] });
    expect(t.char(at.targets[0]!.target).hp).toBe(12);
  });

  test('D6-CRIT-05 a PC defence fumble totals 0; a GM enemy defence (1,1) does not', () => {
    const { t } = attackWith({ controller: 'enemy' }, [3, 3]);
    const at = t.lastAttack();
    t.do({ type: 'attack.defend', attack: at.id, target: at.targets[0]!.target }, seat(2), [1, 1]);
    expect(t.lastCheck()).toMatchObject({ zeroed: true, total: 0 });
  });
});

describe('concentration', () => {
  function rolled(hp = 12, over: object = {}) {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { hp, ...over });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI', target: 20 } }, P1, [3, 3]);
    return { t, pc, k: t.lastCheck().id };
  }

  test('D6-CONC-01 each HP spent adds +1, and GM-run enemies may concentrate too', () => {
    const t = new TestTable();
    t.zone('hall');
    const e = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'check.roll', check: { character: e, kind: 'action', ability: 'VAL' } }, GM, [3, 3]);
    const k = t.lastCheck().id;
    t.do({ type: 'check.concentrate', check: k, hp: 2 });
    expect(t.check(k).total).toBe(6 + 3 + 2);
    expect(t.char(e).hp).toBe(10);
  });

  test('D6-CONC-02 the cap of 5 counts over every declaration on one check', () => {
    const { t, k } = rolled();
    t.do({ type: 'check.concentrate', check: k, hp: 2 }, P1);
    t.do({ type: 'check.concentrate', check: k, hp: 2 }, P1);
    t.do({ type: 'check.concentrate', check: k, hp: 1 }, P1);
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 1 }, P1).code).toBe('CAP_EXCEEDED');
    expect(t.check(k).concentration).toBe(5);
  });

  test('D6-CONC-03 the window opens only once the dice are shown; nothing can be declared on an unrolled check', () => {
    const { t } = rolled();
    expect(t.types()).toEqual(['check.rolled', 'window.opened']);
    expect(t.fail({ type: 'check.concentrate', check: 'k99', hp: 1 }, P1).code).toBe('NO_SUCH_CHECK');
  });

  test('D6-CONC-04 / D6-WIN-01 a non-opposed window closes when the GM commits the result', () => {
    const { t, k } = rolled();
    expect(t.check(k).window).not.toBeNull();
    t.do({ type: 'check.resolve', check: k });
    expect(t.state.windows[t.check(k).window!]!.status).toBe('closed');
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 1 }, P1).code).toBe('WINDOW_CLOSED');
  });

  test('D6-CONC-05 / D6-WIN-02 / D6-WIN-03 attacker until the defence roll; defender until damage', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    const at = t.lastAttack();
    t.do({ type: 'check.concentrate', check: at.check!, hp: 1 }, P1);
    t.do({ type: 'attack.defend', attack: at.id, target: foe }, GM, [3, 3]);
    expect(t.fail({ type: 'check.concentrate', check: at.check!, hp: 1 }, P1).code).toBe('WINDOW_CLOSED');
    const def = t.lastAttack().targets[0]!.defence[0]!;
    t.do({ type: 'check.concentrate', check: def, hp: 1 });
    t.do({ type: 'attack.damage', attack: at.id, target: foe, amounts: [1] });
    expect(t.fail({ type: 'check.concentrate', check: def, hp: 1 }).code).toBe('WINDOW_CLOSED');
  });

  test('D6-CONC-06 the HP spent is a cost: no カウンター/自己犠牲 window opens', () => {
    const { t, k } = rolled(12, { skills: [{ skill: 'counter' }, { skill: 'sacrifice', uses: 1 }] });
    t.do({ type: 'check.concentrate', check: k, hp: 3 }, P1);
    expect(t.types()).toEqual(['check.concentrated', 'hp.changed']);
    expect(t.events[1]!.data.cause).toBe('concentration');
  });

  test('D6-CONC-07 / D6-WIN-07 spending down to exactly 0 is allowed and opens the 不屈 window', () => {
    const { t, pc, k } = rolled(3, { skills: [{ skill: 'fukutsu', uses: 1 }] });
    t.do({ type: 'check.concentrate', check: k, hp: 3 }, P1);
    expect(t.char(pc).hp).toBe(0);
    expect(t.openWindow('fukutsu')).toBeDefined();
    t.do({ type: 'options.set', options: { concentrateToZero: false } });
    const k2 = (() => {
      t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI' } }, P1, [3, 3]);
      return t.lastCheck().id;
    })();
    t.do({ type: 'fukutsu.use', character: pc }, P1);
    expect(t.fail({ type: 'check.concentrate', check: k2, hp: 1 }, P1).code).toBe('INSUFFICIENT_HP');
  });

  test('D6-CONC-08 not offered on a defence crit or a defence fumble (default)', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    for (const dice of [[6, 6], [1, 1]]) {
      t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
      t.do({ type: 'attack.defend', attack: t.lastAttack().id, target: pc }, P1, dice);
      expect(t.fail({ type: 'check.concentrate', check: t.lastCheck().id, hp: 1 }, P1).code).toBe('OUTCOME_FIXED');
    }
  });

  test('D6-CONC-09 applies to the disengage check; initiative opens no concentration window', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const next = t.zone('next', [z]);
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'initiative.roll', side: 'party', character: pc }, P1, [3]);
    expect(t.types()).not.toContain('window.opened');
    t.do({ type: 'move', character: pc, path: [next] }, P1);
    t.do({ type: 'move.obstruct', move: 'm1', blocker: foe }, GM, [3, 3]);
    const active = t.state.opposed['o1']!.active;
    t.do({ type: 'check.concentrate', check: active, hp: 2 }, P1);
    expect(t.check(active).total).toBe(6 + 3 + 2);
  });
});

describe('engine plumbing', () => {
  test('D6-ENG-01 the same seed and commands give the same dice; a refused command changes nothing', () => {
    const run = () => {
      const t = new TestTable('cd'.repeat(32));
      t.zone('hall');
      const pc = t.add('A');
      t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI' } }, P1);
      t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'VAL' } }, P1);
      return t;
    };
    const a = run();
    const b = run();
    expect(Object.values(a.state.checks).map((k) => k.dice)).toEqual(Object.values(b.state.checks).map((k) => k.dice));
    const before = JSON.stringify(a.state);
    a.fail({ type: 'check.concentrate', check: 'k1', hp: 6 }, P1);
    expect(JSON.stringify(a.state)).toBe(before);
  });

  test('D6-ENG-02 a check record carries dice, natural flags, total and outcome', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { AGI: 2 });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI', target: 8, modifiers: [{ source: 'rain', value: -1 }] } }, P1, [4, 4]);
    expect(t.lastCheck()).toMatchObject({ dice: [4, 4], crit: false, fumble: false, total: 9, outcome: 'success' });
  });

  test('D6-ENG-03 the GM may rule a success or failure on a check without a target; one that contradicts the target needs an override', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI' } }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id, outcome: 'failure' });
    expect(t.lastCheck()).toMatchObject({ outcome: 'failure', resolved: true });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI', target: 5 } }, P1, [3, 3]);
    expect(t.fail({ type: 'check.resolve', check: t.lastCheck().id, outcome: 'failure' }).code).toBe('USE_OVERRIDE');
  });

  test('D6-ENG-07 an override records its reason in the log; players cannot override', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    t.do({ type: 'check.roll', check: { character: pc, kind: 'lock', ability: 'AGI', target: 5 } }, P1, [3, 3]);
    const k = t.lastCheck().id;
    expect(t.fail({ type: 'gm.override', target: { kind: 'check', check: k, outcome: 'failure' }, reason: 'rusted' }, P1).code).toBe('NOT_GM');
    t.do({ type: 'gm.override', target: { kind: 'check', check: k, outcome: 'failure' }, reason: 'rusted' });
    expect(t.check(k)).toMatchObject({ outcome: 'failure', resolved: true });
    expect(t.state.log).toEqual([{ kind: 'override', target: k, reason: 'rusted', before: 'success', after: 'failure' }]);
  });

  test('D6-ENG-06 damage is entered by the GM, never by a player', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: foe }, GM, [3, 3]);
    expect(t.fail({ type: 'attack.damage', attack: 'a1', target: foe, amounts: [4] }, P1).code).toBe('NOT_GM');
    t.do({ type: 'attack.damage', attack: 'a1', target: foe, amounts: [4] });
    expect(t.char(foe).hp).toBe(8);
  });

  test('D6-ENG-08 the sheet keeps layers, HP, skills with use counters, gold and flags', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { hp: 9, maxHp: 14, sex: 'f', magicCapable: true, skills: [{ skill: 'evade', uses: 2 }, { skill: 'shoot' }] });
    const c = t.char(pc);
    expect(c).toMatchObject({ hp: 9, maxHp: 14, sex: 'f', magicCapable: true, gold: 0, skills: { evade: { uses: 2 }, shoot: { uses: null } } });
    expect(c.flags).toEqual({ flying: false, transformed: false, illusion: false, hidden: false, spiritSight: false });
  });

  test('D6-BASE-04 rest heals 1 HP per 2 h, 6 per 12 h, 12 per day', () => {
    expect([2, 12, 24, 14, 1].map(restHealing)).toEqual([1, 6, 12, 7, 0]);
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { hp: 2, maxHp: 12 });
    t.do({ type: 'rest', character: pc, hours: 12 });
    expect(t.char(pc).hp).toBe(8);
  });

  test('D6-BASE-06 melee reads 武勇 and shooting reads 機敏 by default', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const far = t.zone('far', [z]);
    const pc = t.add('A', { VAL: 5, AGI: 1, skills: [{ skill: 'shoot' }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    const foe2 = t.add('Gob', { controller: 'enemy', zone: far });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [2, 2]);
    expect(t.check(t.lastAttack().check!).abilityValue).toBe(5);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe2], mode: 'ranged', skill: 'shoot' }, P1, [2, 2]);
    expect(t.check(t.lastAttack().check!).abilityValue).toBe(1);
  });

  test('D6-CORE-05 one 手番 per turn; a new turn gives it back', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A');
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1).code).toBe('NO_TURN_LEFT');
    t.do({ type: 'turn.next' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
  });

  test('D6-CORE-07 a permanent skill is never used up; a consumable one costs a use', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { skills: [{ skill: 'stealth' }, { skill: 'cheer', uses: 1 }] });
    const b = t.add('B', { owner: 2 });
    t.do({ type: 'skill.stealth', user: pc, on: true }, P1);
    t.do({ type: 'skill.stealth', user: pc, on: false }, P1);
    expect(t.char(pc).skills.stealth).toEqual({ uses: null });
    t.do({ type: 'skill.cheer', user: pc, target: b }, P1);
    expect(t.fail({ type: 'skill.cheer', user: pc, target: b }, P1).code).toBe('NO_USES_LEFT');
  });

  test('D6-CORE-08 players act only for their own characters; a summon answers to its summoner\'s player', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { SPI: 9, skills: [{ skill: 'summon', uses: 1 }] });
    const other = t.add('B', { owner: 2 });
    expect(t.fail({ type: 'check.roll', check: { character: other, kind: 'action', ability: 'AGI' } }, P1).code).toBe('NOT_YOUR_CHARACTER');
    t.do({ type: 'skill.summon', user: pc, name: 'imp' }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    const imp = t.state.characters[t.state.characters.length - 1]!;
    expect(imp).toMatchObject({ controller: 'summon', owner: 's1', summoner: pc });
    t.do({ type: 'check.roll', check: { character: imp.id, kind: 'action', ability: 'VAL' } }, P1, [2, 2]);
    expect(t.fail({ type: 'check.roll', check: { character: imp.id, kind: 'action', ability: 'VAL' } }, seat(2)).code).toBe('NOT_YOUR_CHARACTER');
  });

  test('table settings (§9.2) start at their INFERRED defaults', () => {
    expect(new TestTable().state.options).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toMatchObject({ concentrateToZero: true, initiativeTie: 'reroll', areaCoverWhenNotTarget: 'two-checks', npcCritFumble: true });
  });
});
