import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { GM, seat, SPECTATOR, TestTable } from './test-table.ts';

const P1 = seat(1);
const outsiders: Viewer[] = [P1, seat(2), SPECTATOR];

/**
 * D6-HID-01: GM-run characters' statistics, HP and skills are the GM's; D6-HID-02: the GM rolls for them in public or
 * in secret, per roll. Issue 12 #12 found them escaping through events; each row reproduces one of those. The enemy's
 * numbers are planted (VAL 91, AGI 95, SPI 97, HP 787 of 797) so that finding one in what an outsider received means
 * it leaked.
 */
function table(foeSkills: { skill: string; uses?: number }[] = []) {
  const t = new TestTable();
  const hall = t.zone('hall');
  const pc = t.add('A', { owner: 1, AGI: 3, skills: [{ skill: 'encyclopedia', uses: 1 }] });
  t.add('B', { owner: 2 });
  const foe = t.add('Lich', { controller: 'enemy', VAL: 91, AGI: 95, SPI: 97, hp: 787, maxHp: 797, skills: foeSkills });
  return { t, hall, pc, foe };
}

/** Whether the JSON text holds the number as a JSON value. */
const holds = (text: string, n: number) => new RegExp(`[:\\[,]${n}[,\\]}]`).test(text);

/** Everything each outsider received, one text per viewer, so two tables can be compared viewer by viewer. */
const readings = (t: TestTable) => outsiders.map((v) => t.seen(v));

describe('issue 12 #12: GM-run characters\' statistics do not escape (D6-HID-01, D6-HID-02)', () => {
  test('D6-HID-02 the GM may defend a GM-run character in secret: its ability, dice and total stay the GM\'s', () => {
    const { t, pc, foe } = table();
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: foe, secret: true }, GM, [4, 5]);
    for (const v of outsiders) {
      const text = t.seen(v);
      expect(holds(text, 91)).toBe(false);
      expect(holds(text, 100)).toBe(false);
      expect(text).toContain('"type":"attack.defended"');
    }
    expect(holds(t.seen(GM), 91)).toBe(true);
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    expect(t.fail({ type: 'attack.defend', attack: 'a2', target: pc, secret: true }, P1).code).toBe('NOT_GM');
  });

  test('D6-HID-02 a player stopping a GM-run character from leaving does not publish its 機敏 roll', () => {
    const { t, hall, pc, foe } = table();
    const door = t.zone('door', [hall]);
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: foe, path: [door] });
    t.do({ type: 'move.obstruct', move: 'm1', blocker: pc }, P1, [2, 3]);
    for (const v of outsiders) expect(holds(t.seen(v), 95)).toBe(false);
    expect(holds(t.seen(GM), 95)).toBe(true);
  });

  test('D6-INIT-01 / D6-WIN-15 a GM-run representative\'s initiative shows its total, not its 機敏 or die', () => {
    const { t, foe } = table();
    t.do({ type: 'combat.start' });
    t.do({ type: 'initiative.roll', side: 'enemies', character: foe }, GM, [4]);
    for (const v of outsiders) {
      const text = t.seen(v);
      expect(holds(text, 95)).toBe(false);
      expect(text).toContain('"total":99');
      expect(text).not.toContain('"die":4');
    }
    expect(t.seen(GM)).toContain('"agility":95');
  });

  test('D6-SKL-IRONWALL-01 a GM-run character\'s 鉄壁 shows that it braced, not the doubled value', () => {
    const { t, foe } = table([{ skill: 'ironWall', uses: 1 }]);
    t.do({ type: 'skill.iron-wall', user: foe, ability: 'VAL' });
    for (const v of outsiders) {
      expect(holds(t.seen(v), 182)).toBe(false);
      expect(t.seen(v)).toContain('"type":"iron-wall.started"');
    }
    expect(holds(t.seen(GM), 182)).toBe(true);
  });

  test('D6-HID-01 HP changes of a GM-run character carry no amounts that pin its HP or maximum', () => {
    const { t, pc, foe } = table();
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: foe }, GM, [2, 2]);
    t.do({ type: 'attack.damage', attack: 'a1', target: foe, amounts: [5] });
    t.do({ type: 'hp.heal', character: foe, amount: 999 });
    t.do({ type: 'rest', character: foe, hours: 24 });
    t.do({ type: 'gm.override', target: { kind: 'hp', character: foe, hp: 700 }, reason: 'the lich drinks' });
    for (const v of outsiders) {
      const changes = t.read(v).filter((e) => e.type === 'hp.changed');
      expect(changes.length).toBeGreaterThan(0);
      for (const e of changes) expect(e.data).toEqual({ character: foe, cause: e.data.cause });
    }
    expect(t.read(GM).filter((e) => e.type === 'hp.changed').map((e) => e.data.delta)).toEqual([-5, 15, 0, -97]);
  });

  test.each([
    ['D6-WIN-05 カウンター', [{ skill: 'counter', uses: 1 }]],
    ['D6-WIN-05 自己犠牲 of an ally beside it', 'ally'],
    ['D6-WIN-07 不屈', [{ skill: 'fukutsu', uses: 1 }]],
  ] as const)('%s: the table cannot tell whether a GM-run character holds the skill', (_name, skills) => {
    const run = (holds: boolean) => {
      const { t, pc, foe } = table(holds && skills !== 'ally' ? [...skills] : []);
      if (skills === 'ally') t.add('Imp', { controller: 'enemy', skills: holds ? [{ skill: 'sacrifice', uses: 1 }] : [] });
      t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
      t.do({ type: 'attack.defend', attack: 'a1', target: foe, secret: true }, GM, [2, 2]);
      t.do({ type: 'attack.damage', attack: 'a1', target: foe, amounts: [787] });
      return readings(t);
    };
    expect(run(true)).toEqual(run(false));
  });

  test('D6-WIN-05 the GM may keep its characters\' カウンター open: the window shows the GM, not who holds it', () => {
    const { t, pc, foe } = table([{ skill: 'counter', uses: 1 }]);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: foe }, GM, [2, 2]);
    t.do({ type: 'attack.damage', attack: 'a1', target: foe, amounts: [5], gmReactions: true });
    const w = t.openWindow('after-damage')!;
    expect(t.state.windows[w]!.eligible).toEqual([foe, 'gm']);
    for (const v of outsiders) expect(t.read(v).find((e) => e.type === 'window.opened' && e.data.window === w)!.data.eligible).toEqual(['gm']);
    t.do({ type: 'attack.counter', attack: 'a1', target: foe });
    t.do({ type: 'attack.counter-ruling', attack: 'a1', target: foe, success: true });
    t.do({ type: 'window.close', window: w });
    expect(t.char(foe).hp).toBe(787);
  });

  test('D6-HID-02 concentration on a secret roll does not tell how much was added', () => {
    const run = (hp: number) => {
      const { t, foe } = table();
      t.do({ type: 'check.roll', check: { character: foe, kind: 'action', ability: 'SPI', secret: true } }, GM, [3, 3]);
      t.do({ type: 'check.concentrate', check: t.lastCheck().id, hp });
      return readings(t);
    };
    expect(run(1)).toEqual(run(4));
  });

  test.each([
    ['D6-CRIT-02 a critical', [6, 6]],
    ['D6-CRIT-03 a fumble', [1, 1]],
  ] as const)('D6-HID-02 %s of a secret NPC attack is not announced', (_name, dice) => {
    const { t, pc } = table();
    const guard = t.add('Guard', { controller: 'npc' });
    t.do({ type: 'attack.declare', attacker: guard, targets: [pc], mode: 'melee', secret: true }, GM, [...dice]);
    if (dice[0] === 6) {
      t.do({ type: 'attack.defend', attack: 'a1', target: pc }, P1, [2, 2]);
      t.do({ type: 'attack.damage', attack: 'a1', target: pc, amounts: [1] }, GM, [4]);
    }
    for (const v of outsiders) {
      const text = t.seen(v);
      expect(text).not.toContain('attack.fumbled');
      expect(text).not.toMatch(/"extraDice":\[\d/);
      expect(text).not.toContain('"crit":true');
      expect(text).not.toContain('"fumble":true');
    }
    expect(t.seen(GM)).toMatch(dice[0] === 6 ? /"extraDice":\[4\]/ : /attack\.fumbled/);
  });

  test('D6-ENG-07 an override\'s reason is the GM\'s: no player or spectator reads it', () => {
    const { t, pc } = table();
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI', target: 5 } }, P1, [3, 3]);
    t.do({ type: 'gm.override', target: { kind: 'check', check: t.lastCheck().id, outcome: 'failure' }, reason: 'SECRET-REASON' });
    for (const v of outsiders) expect(t.seen(v)).not.toContain('SECRET-REASON');
    expect(t.read(P1).find((e) => e.type === 'gm.override')!.data).toMatchObject({ before: 'success', after: 'failure' });
    expect(t.seen(GM)).toContain('SECRET-REASON');
  });

  test('D6-HID-03 / D6-WIN-10 a question to the GM opens no window anyone else sees', () => {
    const { t, pc } = table();
    const asked = t.all.length;
    t.do({ type: 'encyclopedia.ask', character: pc, question: 'Who built the mill?' }, P1);
    for (const v of [seat(2), SPECTATOR]) {
      expect(t.read(v, asked)).toEqual([]);
      expect(t.seen(v)).not.toContain('"kind":"question"');
    }
    expect(t.seen(P1)).toContain('"kind":"question"');
  });

  test.each([
    ['D6-SKL-BARRIER-01 結界魔法', 'skill.barrier'],
    ['D6-SKL-SUMMON-02 召喚魔法', 'skill.summon'],
  ] as const)('D6-HID-02 a GM-run caster\'s %s check may be secret; what it makes keeps the caster\'s values', (_name, type) => {
    const { t, foe } = table([{ skill: 'barrier', uses: 1 }, { skill: 'summon', uses: 1 }]);
    t.do({ type, user: foe, name: 'Wisp', secret: true }, GM, [3, 3]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    for (const v of outsiders) {
      const text = t.seen(v);
      expect(holds(text, 97)).toBe(false);
      expect(holds(text, 103)).toBe(false);
      expect(holds(text, 48)).toBe(false);
      expect(holds(text, 91)).toBe(false);
    }
    expect(t.seen(GM)).toMatch(type === 'skill.barrier' ? /"hp":103/ : /"base":\{"VAL":91/);
    expect(t.fail({ type, user: t.state.characters[0]!.id, name: 'Wisp', secret: true }, P1).code).toBe('NOT_GM');
  });
});
