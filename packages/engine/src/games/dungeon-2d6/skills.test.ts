import { describe, expect, test } from 'vitest';
import { finalValue } from './abilities.ts';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);

function room(sheet: object = {}) {
  const t = new TestTable();
  const z = t.zone('hall');
  const pc = t.add('A', sheet);
  return { t, z, pc };
}

describe('general skill rules', () => {
  test('D6-SKL-GEN-01 the seed wins over the official table: 資産 stays permanent whatever the GM enters', () => {
    const { t } = room();
    t.do({ type: 'skill.register', skill: 'assets', permanent: false, consumable: true, usesPerSession: 1, officialText: '10000G once' });
    expect(t.state.registry.assets).toMatchObject({ permanent: true, consumable: false, officialText: '10000G once' });
    const heir = t.add('Heir', { owner: 2, skills: [{ skill: 'assets', uses: 1 }] });
    expect(t.char(heir).skills.assets).toEqual({ uses: null });
  });

  test('D6-SKL-GEN-02 a consumable skill takes the 手番; 不屈/カウンター/自己犠牲/回避 do not; 魔力付与 stacks', () => {
    const { t, pc } = room({ skills: [{ skill: 'enchant', uses: 3 }, { skill: 'evade', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.evade', attack: 'a1', target: pc }, P1);
    expect(t.char(pc).turnUsed).toBe(false);
    t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'VAL' }, P1);
    expect(t.char(pc).turnUsed).toBe(true);
    t.do({ type: 'turn.next' });
    t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'VAL' }, P1);
    expect(finalValue(t.char(pc), 'VAL', true)).toBe(3 + 8);
  });

  test('D6-ENG-05 a skill without hooks is narrative: its use is counted and logged', () => {
    const { t, pc } = room({ skills: [{ skill: 'stunAttack', uses: 2 }] });
    t.do({ type: 'skill.use', user: pc, skill: 'stunAttack', targets: [] }, P1);
    expect(t.char(pc).skills.stunAttack!.uses).toBe(1);
    expect(t.events[0]).toMatchObject({ type: 'skill.used', data: { skill: 'stunAttack' } });
  });
});

describe('defensive skills', () => {
  test('D6-SKL-FUKUTSU-02 / D6-WIN-08 不屈 clears stun, 威圧 and 芸能 at any time while affected', () => {
    const { t, pc } = room({ skills: [{ skill: 'fukutsu', uses: 2 }] });
    const bard = t.add('Bard', { controller: 'enemy', skills: [{ skill: 'perform', uses: 1 }] });
    expect(t.fail({ type: 'fukutsu.use', character: pc }, P1).code).toBe('NOTHING_TO_CLEAR');
    t.do({ type: 'skill.intimidate', user: bard, skill: 'perform', target: pc, effect: 'penalty' });
    t.do({ type: 'status.stun', character: pc });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'VAL' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(6 + 3 - 2);
    t.do({ type: 'fukutsu.use', character: pc }, P1);
    expect(t.char(pc).statuses).toEqual([]);
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'VAL' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(6 + 3);
  });

  test('D6-SKL-IRONWALL-01 doubles the final value at the moment of use', () => {
    const { t, pc } = room({ VAL: 4, skills: [{ skill: 'ironWall', uses: 1 }] });
    t.do({ type: 'skill.iron-wall', user: pc, ability: 'VAL' }, P1);
    expect(finalValue(t.char(pc), 'VAL', true)).toBe(8);
  });

  test('D6-SKL-IRONWALL-02 the user may still attack, but moving ends 鉄壁', () => {
    const { t, z, pc } = room({ VAL: 4, skills: [{ skill: 'ironWall', uses: 1 }] });
    const next = t.zone('next', [z]);
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.iron-wall', user: pc, ability: 'VAL' }, P1);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    expect(t.char(pc).ironWall).not.toBeNull();
    t.do({ type: 'move', character: pc, path: [next] }, P1);
    expect(t.char(pc).ironWall).toBeNull();
  });

  test('D6-SKL-IRONWALL-03 a stun ends 鉄壁', () => {
    const { t, pc } = room({ skills: [{ skill: 'ironWall', uses: 1 }] });
    t.do({ type: 'skill.iron-wall', user: pc, ability: 'VAL' }, P1);
    t.do({ type: 'status.stun', character: pc });
    expect(t.char(pc).ironWall).toBeNull();
  });

  test('D6-SKL-IRONWALL-04 the doubled value is frozen; later changes are not doubled', () => {
    const { t, pc } = room({ VAL: 3, skills: [{ skill: 'ironWall', uses: 1 }, { skill: 'enchant', uses: 1 }] });
    t.do({ type: 'skill.iron-wall', user: pc, ability: 'VAL' }, P1);
    t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'VAL' }, P1);
    expect(finalValue(t.char(pc), 'VAL', true)).toBe(6);
    expect(finalValue(t.char(pc), 'VAL', false)).toBe(14);
  });

  test('D6-SKL-MSHIELD-01 魔力盾 adds 4 to defence totals only, not to the ability, once however many', () => {
    const { t, pc } = room({ VAL: 5, skills: [{ skill: 'manaShield', uses: 3 }] });
    t.do({ type: 'skill.mana-shield', user: pc, target: pc }, P1);
    t.do({ type: 'skill.mana-shield', user: pc, target: pc }, P1);
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'VAL' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(11);
    expect(finalValue(t.char(pc), 'VAL', true)).toBe(5);
  });

  test('D6-SKL-ENCHANT-01 魔力付与 is +4 to one ability, and stacks', () => {
    const { t, pc } = room({ AGI: 1, skills: [{ skill: 'enchant', uses: 3 }] });
    for (let i = 0; i < 3; i++) t.do({ type: 'skill.enchant', user: pc, target: pc, ability: 'AGI' }, P1);
    expect([finalValue(t.char(pc), 'AGI', true), finalValue(t.char(pc), 'VAL', true)]).toEqual([13, 3]);
  });
});

describe('utility skills', () => {
  test('D6-SKL-IRONARM-01 鉄腕 also adds to non-attack strength checks, never to other checks', () => {
    const { t, pc } = room({ VAL: 2, skills: [{ skill: 'ironArm' }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'strength', ability: 'VAL', ironArm: 2 } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(10);
    expect(t.fail({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'AGI', ironArm: 2 } }, P1).code).toBe('SKILL_NOT_APPLICABLE');
  });

  test('D6-SKL-DUAL-01 two weapons need 二刀流 and then both count, even on different abilities', () => {
    const w1 = { id: 'i1', name: 'sword', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 1 }] };
    const w2 = { id: 'i2', name: 'dagger', kind: 'weapon', wielded: true, mods: [{ ability: 'AGI', value: 1 }] };
    const { t } = room();
    expect(t.fail({ type: 'character.add', name: 'X', controller: 'pc', owner: 's2', zone: 'z1', base: { VAL: 3, AGI: 3, SPI: 3 }, hp: 10, maxHp: 10, equipment: [w1, w2] }).code).toBe('NEEDS_DUAL_WIELD');
    const dw = t.add('DW', { owner: 2, equipment: [w1, w2], skills: [{ skill: 'dualWield' }] });
    expect([finalValue(t.char(dw), 'VAL', true), finalValue(t.char(dw), 'AGI', true)]).toEqual([4, 4]);
  });

  test('D6-SKL-STEAL-01 盗み drops the wielded weapon; armour and accessories cannot be taken', () => {
    const { t, pc } = room({ skills: [{ skill: 'steal', uses: 2 }] });
    const foe = t.add('Orc', { controller: 'enemy', equipment: [
      { id: 'i1', name: 'club', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 2 }] },
      { id: 'i2', name: 'hide', kind: 'armour', wielded: true, mods: [] },
    ] });
    expect(t.fail({ type: 'skill.steal', user: pc, target: foe, item: 'i2' }, P1).code).toBe('CANNOT_STEAL');
    t.do({ type: 'skill.steal', user: pc, target: foe, item: 'i1' }, P1);
    expect(t.char(foe).equipment.map((e) => e.id)).toEqual(['i2']);
    expect(finalValue(t.char(foe), 'VAL', true)).toBe(3);
  });

  test('D6-SKL-STEALTH-01 隠密 works in a bare room with nowhere to hide', () => {
    const { t } = room();
    const ninja = t.add('Ninja', { controller: 'enemy', skills: [{ skill: 'stealth' }] });
    t.do({ type: 'skill.stealth', user: ninja, on: true });
    expect(t.char(ninja).flags.hidden).toBe(true);
  });

  test('D6-SKL-SPIRITSIGHT-01 霊的視力 switches on and off on declaration', () => {
    const { t, pc } = room({ skills: [{ skill: 'spiritSight' }] });
    t.do({ type: 'skill.spirit-sight', user: pc, on: true }, P1);
    expect(t.char(pc).flags.spiritSight).toBe(true);
    t.do({ type: 'skill.spirit-sight', user: pc, on: false }, P1);
    expect(t.char(pc).flags.spiritSight).toBe(false);
  });

  test('D6-SKL-CHEER-01 応援 cannot target the user itself', () => {
    const { t, pc } = room({ skills: [{ skill: 'cheer', uses: 1 }] });
    expect(t.fail({ type: 'skill.cheer', user: pc, target: pc }, P1).code).toBe('CANNOT_TARGET_SELF');
  });

  test('D6-SKL-SURVIVAL-01 サバイバル +2 outdoors; a good total shares it with other PCs, without doubling', () => {
    const { t, pc } = room({ skills: [{ skill: 'survival' }] });
    const b = t.add('B', { owner: 2 });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'outdoor', ability: 'SPI', target: 8 } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(11);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.fail({ type: 'survival.share', check: 'k1', characters: [pc] }).code).toBe('NOT_ANOTHER_PC');
    t.do({ type: 'survival.share', check: 'k1', characters: [b] });
    t.do({ type: 'check.roll', check: { character: b, kind: 'search', ability: 'AGI' } }, seat(2), [3, 3]);
    expect(t.lastCheck().total).toBe(11);
  });

  test('D6-SKL-PET-01 a pet adds its matching ability to a search, and to nothing else', () => {
    const { t, pc } = room({ skills: [{ skill: 'pet' }], pet: { VAL: 0, AGI: 2, SPI: 1 } });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'SPI', usePet: true } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(6 + 3 + 1);
    expect(t.fail({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'AGI', usePet: true } }, P1).code).toBe('SKILL_NOT_APPLICABLE');
  });

  test('D6-SKL-CHARM-01 魅了 +5 only on information gathering at the opposite sex', () => {
    const { t, pc } = room({ sex: 'f', skills: [{ skill: 'charm' }] });
    const lord = t.add('Lord', { controller: 'npc', sex: 'm' });
    expect(t.fail({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'SPI', charmTarget: lord } }, P1).code).toBe('SKILL_NOT_APPLICABLE');
    t.do({ type: 'check.roll', check: { character: pc, kind: 'info', ability: 'SPI', charmTarget: lord } }, P1, [3, 3]);
    expect(t.lastCheck().modifiers).toContainEqual({ source: '魅了', value: 5 });
  });

  test('D6-SKL-VIRTUE-01 人徳 +2 on information gathering; consuming it asks the GM privately', () => {
    const { t, pc } = room({ skills: [{ skill: 'virtue', uses: 1 }] });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'info', ability: 'SPI' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(11);
    t.do({ type: 'skill.virtue', user: pc, matter: 'the missing heir' }, P1);
    expect(t.char(pc).skills.virtue!.uses).toBe(0);
    t.do({ type: 'encyclopedia.answer', question: t.question(1), text: 'She hides in the mill.' });
    expect(t.state.questions[t.question(1)]).toMatchObject({ kind: 'virtue', status: 'answered' });
  });

  test('D6-SKL-INTIMIDATE-01 威圧 succeeds automatically: no active action for a turn', () => {
    const { t, pc } = room();
    const bully = t.add('Bully', { controller: 'enemy', skills: [{ skill: 'intimidate', uses: 1 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.intimidate', user: bully, skill: 'intimidate', target: pc, effect: 'no-active' });
    expect(t.types()).not.toContain('check.rolled');
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1).code).toBe('NO_ACTIVE_ACTIONS');
    t.do({ type: 'turn.next' });
    t.do({ type: 'turn.next' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
  });

  test('D6-SKL-PERFORM-01 芸能: −2 on all the target\'s checks for the rest of the combat', () => {
    const { t, pc } = room();
    const bard = t.add('Bard', { controller: 'enemy', skills: [{ skill: 'perform', uses: 1 }] });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.intimidate', user: bard, skill: 'perform', target: pc, effect: 'penalty' });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'AGI' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(7);
    t.do({ type: 'combat.end' });
    t.do({ type: 'check.roll', check: { character: pc, kind: 'search', ability: 'AGI' } }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(9);
  });

  test('D6-SKL-ENCYCLO-01 百科事典: a refusal does not use it up; an answer does', () => {
    const { t, pc } = room({ skills: [{ skill: 'encyclopedia', uses: 1 }] });
    t.do({ type: 'encyclopedia.ask', character: pc, question: 'q?' }, P1);
    t.do({ type: 'window.close', window: t.openWindow('question')! });
    expect(t.state.questions[t.question(1)]!.status).toBe('refused');
    t.do({ type: 'encyclopedia.ask', character: pc, question: 'again?' }, P1);
    t.do({ type: 'encyclopedia.answer', question: t.question(2), text: 'yes' });
    expect(t.fail({ type: 'encyclopedia.ask', character: pc, question: 'more?' }, P1).code).toBe('NO_USES_LEFT');
  });

  test('D6-SKL-ITEMBAG-01 アイテム袋 yields flavour, town consumables or exploration items only', () => {
    const { t, pc } = room({ skills: [{ skill: 'itemBag', uses: 2 }] });
    expect(t.fail({ type: 'skill.item-bag', user: pc, item: 'magic sword', kind: 'other' }, P1).code).toBe('ITEM_NOT_ALLOWED');
    t.do({ type: 'skill.item-bag', user: pc, item: 'rope', kind: 'exploration' }, P1);
    expect(t.char(pc).skills.itemBag!.uses).toBe(1);
  });

  test('D6-SKL-ASSETS-01 資産 pays 10000G at the start of every session', () => {
    const { t, pc } = room({ magicCapable: true, skills: [{ skill: 'assets' }] });
    t.do({ type: 'session.start' });
    t.do({ type: 'session.start' });
    expect(t.char(pc).gold).toBe(20000);
  });

  test('D6-SKL-TELEPATHY-01 talking with an ally is free; reading a mind costs a use', () => {
    const { t, pc } = room({ skills: [{ skill: 'telepathy', uses: 1 }] });
    const ally = t.add('B', { owner: 2 });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'telepathy.send', from: pc, to: ally, text: 'left door' }, P1);
    t.do({ type: 'telepathy.send', from: pc, to: ally, text: 'now' }, P1);
    expect(t.char(pc).skills.telepathy!.uses).toBe(1);
    expect(t.fail({ type: 'telepathy.send', from: pc, to: foe, text: 'hi' }, P1).code).toBe('NOT_AN_ALLY');
    t.do({ type: 'telepathy.read', user: pc, target: foe }, P1);
    expect(t.char(pc).skills.telepathy!.uses).toBe(0);
  });
});

describe('flight and transformation', () => {
  test('D6-SKL-FLIGHT-01 / D6-SKL-FLIGHT-02 +2 on a flying melee attack at a grounded foe, then flight ends', () => {
    const { t, pc } = room({ skills: [{ skill: 'flight' }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.flight', user: pc, on: true }, P1);
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [2, 2]);
    expect(t.check(t.lastAttack().check!).total).toBe(4 + 3 + 2);
    expect(t.char(pc).flags.flying).toBe(false);
  });

  test('D6-SKL-FLIGHT-03 two fliers fight normally: no +2; flight still ends by default', () => {
    const { t, pc } = room({ skills: [{ skill: 'flight' }] });
    const harpy = t.add('Harpy', { controller: 'enemy', skills: [{ skill: 'flight' }] });
    t.do({ type: 'skill.flight', user: pc, on: true }, P1);
    t.do({ type: 'skill.flight', user: harpy, on: true });
    t.do({ type: 'attack.declare', attacker: pc, targets: [harpy], mode: 'melee' }, P1, [2, 2]);
    expect(t.check(t.lastAttack().check!).total).toBe(7);
    expect(t.char(pc).flags.flying).toBe(false);
  });

  test('D6-SKL-TRANSFORM-01 変身 is permanent; ending it costs no 手番; never a passive action outside combat', () => {
    const { t, pc } = room({ skills: [{ skill: 'transform' }] });
    expect(t.fail({ type: 'skill.transform', user: pc, on: true, asReaction: true }, P1).code).toBe('NOT_AS_PASSIVE');
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.transform', user: pc, on: true }, P1);
    expect(t.char(pc).turnUsed).toBe(true);
    t.do({ type: 'skill.transform', user: pc, on: false }, P1);
    expect(t.char(pc).flags.transformed).toBe(false);
    expect(t.char(pc).skills.transform).toEqual({ uses: null });
  });
});

describe('magic', () => {
  test('D6-SKL-SUMMON-01 the summon derives from base values, ignoring equipment and skills', () => {
    const weapon = { id: 'i1', name: 'orb', kind: 'weapon', wielded: true, mods: [{ ability: 'SPI', value: 3 }] };
    const { t, pc } = room({ VAL: 2, AGI: 4, SPI: 5, equipment: [weapon], skills: [{ skill: 'summon', uses: 1 }] });
    t.do({ type: 'skill.summon', user: pc, name: 'golem' }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.state.characters[1]!.base).toEqual({ VAL: 2, AGI: 4, SPI: 5 });
  });

  test('D6-SKL-SUMMON-02 the summoning check uses the final 精神 and 14 gives a skill', () => {
    const weapon = { id: 'i1', name: 'orb', kind: 'weapon', wielded: true, mods: [{ ability: 'SPI', value: 3 }] };
    const { t, pc } = room({ SPI: 5, equipment: [weapon], skills: [{ skill: 'summon', uses: 1 }] });
    t.do({ type: 'skill.summon', user: pc, name: 'golem' }, P1, [3, 3]);
    expect(t.lastCheck().total).toBe(14);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.state.characters[1]!.pendingSkillChoice).toBe(true);
  });

  test('D6-SKL-SUMMON-03 a summon cannot be made to search, pick locks or handle traps', () => {
    const { t, pc } = room({ SPI: 9, skills: [{ skill: 'summon', uses: 1 }] });
    t.do({ type: 'skill.summon', user: pc, name: 'imp' }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: 'k1' });
    const imp = t.state.characters[1]!.id;
    for (const kind of ['search', 'lock', 'trap-detect'] as const) {
      expect(t.fail({ type: 'check.roll', check: { character: imp, kind, ability: 'AGI' } }, P1).code).toBe('SUMMON_CANNOT');
    }
    t.do({ type: 'check.roll', check: { character: imp, kind: 'action', ability: 'AGI' } }, P1, [3, 3]);
  });

  test('D6-SKL-BARRIER-01 the barrier\'s HP is the 精神 check total', () => {
    const { t, pc } = room({ SPI: 6, skills: [{ skill: 'barrier', uses: 1 }] });
    t.do({ type: 'skill.barrier', user: pc }, P1, [5, 4]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.state.barriers[0]).toMatchObject({ hp: 15, zone: 'z1', caster: pc });
  });

  test('D6-SKL-BARRIER-02 / D6-SKL-BARRIER-03 / D6-SKL-BARRIER-05 those inside attack it; it defends with 2d6 + floor(精神/2) and ends at 0', () => {
    const { t, z, pc } = room({ SPI: 6, skills: [{ skill: 'barrier', uses: 1 }] });
    const out = t.zone('out', [z]);
    const outsider = t.add('Out', { controller: 'enemy', zone: out });
    const prisoner = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.barrier', user: pc }, P1, [1, 2]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.state.barriers[0]).toMatchObject({ hp: 9, ability: 3 });
    expect(t.fail({ type: 'attack.declare', attacker: outsider, targets: ['b1'], mode: 'melee' }).code).toBe('OUTSIDE_BARRIER');
    t.do({ type: 'attack.declare', attacker: prisoner, targets: ['b1'], mode: 'melee' }, GM, [3, 3]);
    t.do({ type: 'attack.defend', attack: 'a1', target: 'b1' }, GM, [2, 2]);
    expect(t.events.find((e) => e.type === 'barrier.defended')!.data.total).toBe(7);
    t.do({ type: 'attack.damage', attack: 'a1', target: 'b1', amounts: [9] });
    expect(t.state.barriers).toEqual([]);
  });

  test('D6-SKL-BARRIER-04 nothing passes the barrier in either direction', () => {
    const { t, z, pc } = room({ SPI: 6, skills: [{ skill: 'barrier', uses: 1 }, { skill: 'shoot' }, { skill: 'teleport', uses: 1 }] });
    const out = t.zone('out', [z]);
    const foe = t.add('Out', { controller: 'enemy', zone: out });
    t.do({ type: 'skill.barrier', user: pc }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.fail({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'ranged', skill: 'shoot' }, P1).code).toBe('BLOCKED_BY_BARRIER');
    expect(t.fail({ type: 'move', character: pc, path: [out] }, P1).code).toBe('BLOCKED_BY_BARRIER');
  });

  test('D6-SKL-TELEPORT-05 a barrier blocks teleporting out too', () => {
    const { t, z, pc } = room({ SPI: 6, skills: [{ skill: 'barrier', uses: 1 }, { skill: 'teleport', uses: 1 }] });
    const out = t.zone('out', [z]);
    t.do({ type: 'skill.barrier', user: pc }, P1, [3, 3]);
    t.do({ type: 'check.resolve', check: 'k1' });
    expect(t.fail({ type: 'skill.teleport', user: pc, destination: { kind: 'sight', zone: out, distanceM: 5 } }, P1).code).toBe('BLOCKED_BY_BARRIER');
  });

  test('D6-SKL-TELEPORT-01 within sight up to 100 m, or a place known well; merely visited places do not count', () => {
    const { t, z, pc } = room({ skills: [{ skill: 'teleport', uses: 5 }] });
    const tower = t.zone('tower', [z]);
    expect(t.fail({ type: 'skill.teleport', user: pc, destination: { kind: 'sight', zone: tower, distanceM: 150 } }, P1).code).toBe('TOO_FAR');
    t.do({ type: 'teleport.learn-place', user: pc, place: 'inn', wellKnown: false });
    expect(t.fail({ type: 'skill.teleport', user: pc, destination: { kind: 'known', place: 'inn' } }, P1).code).toBe('PLACE_NOT_KNOWN');
    t.do({ type: 'skill.teleport', user: pc, destination: { kind: 'sight', zone: tower, distanceM: 100 } }, P1);
    expect(t.char(pc).zone).toBe(tower);
  });

  test('D6-SKL-TELEPORT-02 other places need a mark, placed in calm, never in combat', () => {
    const { t, pc } = room({ skills: [{ skill: 'teleport', uses: 5 }] });
    expect(t.fail({ type: 'skill.teleport', user: pc, destination: { kind: 'mark', place: 'shrine' } }, P1).code).toBe('NO_MARK');
    t.do({ type: 'combat.start' });
    expect(t.fail({ type: 'teleport.mark', user: pc, place: 'shrine' }).code).toBe('NEEDS_CALM');
    t.do({ type: 'combat.end' });
    t.do({ type: 'teleport.mark', user: pc, place: 'shrine' });
    t.do({ type: 'skill.teleport', user: pc, destination: { kind: 'mark', place: 'shrine' } }, P1);
    expect(t.state.zones.find((zz) => zz.id === t.char(pc).zone)!.name).toBe('shrine');
  });

  test('D6-SKL-TELEPORT-04 only willing passengers: an enemy cannot be dragged along', () => {
    const { t, z, pc } = room({ SPI: 5, skills: [{ skill: 'teleport', uses: 5 }] });
    const out = t.zone('out', [z]);
    const foe = t.add('Orc', { controller: 'enemy' });
    expect(t.fail({ type: 'skill.teleport', user: pc, destination: { kind: 'sight', zone: out, distanceM: 5 }, passengers: [foe] }, P1).code).toBe('UNWILLING_PASSENGER');
  });

  test('D6-SKL-ILLUSION-01 an illusion costs the 手番, in combat only', () => {
    const { t, pc } = room({ skills: [{ skill: 'illusion', uses: 2 }] });
    expect(t.fail({ type: 'skill.illusion', user: pc }, P1).code).toBe('NOT_IN_COMBAT');
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    expect(t.char(pc)).toMatchObject({ turnUsed: true, flags: { illusion: true } });
  });

  test('D6-SKL-ILLUSION-02 / D6-SKL-ILLUSION-03 only enemy attacks on the user are gated; the illusion lasts until it works', () => {
    const { t, pc } = room({ skills: [{ skill: 'illusion', uses: 1 }] });
    const friend = t.add('B', { owner: 2 });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    t.do({ type: 'attack.declare', attacker: friend, targets: [pc], mode: 'melee' }, seat(2), [3, 3]);
    expect(t.types()).not.toContain('attack.illusion');
    for (const roll of [4, 6]) {
      t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [roll, 3, 3]);
      t.do({ type: 'turn.next' });
    }
    expect(t.char(pc).flags.illusion).toBe(true);
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [3]);
    expect(t.char(pc).flags.illusion).toBe(false);
  });

  test('D6-SKL-ILLUSION-04 the 1d6 is rolled before the attack roll; one illusion at a time', () => {
    const { t, pc } = room({ skills: [{ skill: 'illusion', uses: 2 }] });
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    t.do({ type: 'turn.next' });
    expect(t.fail({ type: 'skill.illusion', user: pc }, P1).code).toBe('ALREADY_ACTIVE');
    t.do({ type: 'attack.declare', attacker: foe, targets: [pc], mode: 'melee' }, GM, [6, 2, 2]);
    expect(t.types().indexOf('attack.illusion')).toBeLessThan(t.types().indexOf('check.rolled'));
    expect(t.check(t.lastAttack().check!).dice).toEqual([2, 2]);
  });

  test('D6-SKL-ILLUSION-05 against an area attack the illusion spares only its user', () => {
    const { t, pc } = room({ skills: [{ skill: 'illusion', uses: 1 }] });
    const b = t.add('B', { owner: 2 });
    const dragon = t.add('Dragon', { controller: 'enemy', skills: [{ skill: 'sweep' }] });
    t.do({ type: 'combat.start' });
    t.do({ type: 'skill.illusion', user: pc }, P1);
    t.do({ type: 'attack.declare', attacker: dragon, targets: [pc, b], mode: 'melee', skill: 'sweep', area: true }, GM, [1, 3, 3]);
    expect(t.lastAttack().targets.map((x) => x.state)).toEqual(['void', 'react']);
  });
});
