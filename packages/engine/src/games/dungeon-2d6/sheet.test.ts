import { type Viewer } from '@veiltable/protocol';
import { d6View, d6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import { describe, expect, test } from 'vitest';
import { dungeon2d6 } from './index.ts';
import { GM, seat, TestTable } from './test-table.ts';

const P1 = seat(1);
const P2 = seat(2);

type Abilities = { VAL: number; AGI: number; SPI: number };
type BuildCmd = {
  occupation: { name: string; values?: Abilities };
  race: { name: string; bonus?: Partial<Abilities> };
  free: 'VAL' | 'AGI' | 'SPI';
};

/** A table with one PC owned by seat s1, entered with placeholder abilities. */
function room(o: { movement?: number; skills?: { skill: string }[] } = {}) {
  const t = new TestTable();
  t.zone('hall');
  const pc = t.add('A', { VAL: 0, AGI: 0, SPI: 0, ...o });
  return { t, pc };
}

describe('D6-BASE-05 building abilities from occupation and race', () => {
  // Worked from the rule's occupation table and its three race examples: occupation + race bonus + 1 free point.
  test.each<[string, BuildCmd, Abilities]>([
    ['D6-BASE-05 ドワーフ 闘士 4/1/1, 武勇+2, free point on 機敏', { occupation: { name: '闘士' }, race: { name: 'ドワーフ' }, free: 'AGI' }, { VAL: 6, AGI: 2, SPI: 1 }],
    ['D6-BASE-05 エルフ 賢者 1/1/4, 精神+2, free point on 精神', { occupation: { name: '賢者' }, race: { name: 'エルフ' }, free: 'SPI' }, { VAL: 1, AGI: 1, SPI: 7 }],
    ['D6-BASE-05 ラクセン人 芸人 1/3/2, 機敏+1 精神+1, free point on 武勇', { occupation: { name: '芸人' }, race: { name: 'ラクセン人' }, free: 'VAL' }, { VAL: 2, AGI: 4, SPI: 3 }],
    ['D6-BASE-05 エルフ 騎士 3/1/2', { occupation: { name: '騎士' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 4, AGI: 1, SPI: 4 }],
    ['D6-BASE-05 エルフ 剣士 3/2/1', { occupation: { name: '剣士' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 4, AGI: 2, SPI: 3 }],
    ['D6-BASE-05 エルフ 盗賊 1/4/1', { occupation: { name: '盗賊' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 2, AGI: 4, SPI: 3 }],
    ['D6-BASE-05 エルフ 狩人 2/3/1', { occupation: { name: '狩人' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 3, AGI: 3, SPI: 3 }],
    ['D6-BASE-05 エルフ 魔術師 1/2/3', { occupation: { name: '魔術師' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 2, AGI: 2, SPI: 5 }],
    ['D6-BASE-05 エルフ 神官 2/1/3', { occupation: { name: '神官' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 3, AGI: 1, SPI: 5 }],
    ['D6-BASE-05 エルフ 市民 2/2/2', { occupation: { name: '市民' }, race: { name: 'エルフ' }, free: 'VAL' }, { VAL: 3, AGI: 2, SPI: 4 }],
    ['D6-BASE-05 entered occupation values win over the translated table', { occupation: { name: '闘士', values: { VAL: 3, AGI: 2, SPI: 1 } }, race: { name: 'ドワーフ' }, free: 'SPI' }, { VAL: 5, AGI: 2, SPI: 2 }],
    ['D6-BASE-05 an unlisted race with an entered +2 bonus', { occupation: { name: '市民' }, race: { name: 'ハーフリング', bonus: { AGI: 2 } }, free: 'SPI' }, { VAL: 2, AGI: 4, SPI: 3 }],
  ])('%s', (_name, build, expected) => {
    const { t, pc } = room();
    t.do({ type: 'character.build', character: pc, ...build }, P1);
    const c = t.char(pc);
    expect(c.base).toEqual(expected);
    expect(c.base.VAL + c.base.AGI + c.base.SPI).toBe(9);
    expect(c.build).toMatchObject({ occupation: build.occupation.name, race: build.race.name, free: build.free });
    expect(t.events.find((e) => e.type === 'character.built')!.data.base).toEqual(expected);
  });

  test.each<[string, BuildCmd, string]>([
    ['D6-BASE-05 a race bonus must total +2', { occupation: { name: '市民' }, race: { name: 'オーガ', bonus: { VAL: 2, AGI: 1 } }, free: 'VAL' }, 'RACE_BONUS_NOT_TWO'],
    ['D6-BASE-05 a race bonus below +2 is refused too', { occupation: { name: '市民' }, race: { name: 'ゴブリン', bonus: { AGI: 1 } }, free: 'VAL' }, 'RACE_BONUS_NOT_TWO'],
    ['D6-BASE-05 entered occupation values must bring the total to 9', { occupation: { name: '英雄', values: { VAL: 4, AGI: 2, SPI: 1 } }, race: { name: 'エルフ' }, free: 'VAL' }, 'ABILITY_TOTAL_NOT_NINE'],
    ['D6-BASE-05 an unlisted occupation needs its values entered', { occupation: { name: '錬金術師' }, race: { name: 'エルフ' }, free: 'VAL' }, 'UNKNOWN_OCCUPATION'],
    ['D6-BASE-05 an inherited property name is not a listed occupation', { occupation: { name: 'constructor' }, race: { name: 'エルフ' }, free: 'VAL' }, 'UNKNOWN_OCCUPATION'],
    ['D6-BASE-05 an unlisted race needs its bonus entered', { occupation: { name: '市民' }, race: { name: 'ハーフリング' }, free: 'VAL' }, 'UNKNOWN_RACE'],
  ])('%s', (_name, build, code) => {
    const { t, pc } = room();
    const r = t.fail({ type: 'character.build', character: pc, ...build }, P1);
    expect(r).toMatchObject({ code, rule: 'D6-BASE-05' });
    expect(t.char(pc).base).toEqual({ VAL: 0, AGI: 0, SPI: 0 });
    expect(t.char(pc).build).toBeNull();
  });

  const fighter: BuildCmd = { occupation: { name: '闘士' }, race: { name: 'ドワーフ' }, free: 'VAL' };

  test('D6-BASE-05 builds only the base layer: equipment still adds on top', () => {
    const t = new TestTable();
    t.zone('hall');
    const sword = { id: 'i1', name: 'sword', kind: 'weapon', wielded: true, mods: [{ ability: 'VAL', value: 1 }] };
    const pc = t.add('A', { equipment: [sword] });
    t.do({ type: 'character.build', character: pc, ...fighter }, P1);
    expect(t.char(pc).base.VAL).toBe(7);
    t.do({ type: 'check.roll', check: { character: pc, kind: 'action', ability: 'VAL', target: 10 } }, P1, [2, 3]);
    expect(t.lastCheck().abilityValue).toBe(8);
    expect(t.lastCheck().total).toBe(13);
  });

  test('D6-BASE-05 the player builds once; only the GM rebuilds', () => {
    const { t, pc } = room();
    t.do({ type: 'character.build', character: pc, ...fighter }, P1);
    expect(t.fail({ type: 'character.build', character: pc, ...fighter, free: 'SPI' }, P1).code).toBe('ALREADY_BUILT');
    t.do({ type: 'character.build', character: pc, ...fighter, free: 'SPI' }, GM);
    expect(t.char(pc).base).toEqual({ VAL: 6, AGI: 1, SPI: 2 });
  });

  test('D6-BASE-05 applies to PCs: no one builds an enemy this way, nor another seat\'s PC', () => {
    const { t, pc } = room();
    const orc = t.add('Orc', { controller: 'enemy', VAL: 2, AGI: 2, SPI: 2 });
    expect(t.fail({ type: 'character.build', character: orc, ...fighter }, GM).code).toBe('NOT_A_PC');
    expect(t.fail({ type: 'character.build', character: pc, ...fighter }, P2).code).toBe('NOT_YOUR_CHARACTER');
  });
});

/** The view and every event one viewer receives, parsed by the wire schemas. */
function received(t: TestTable, v: Viewer): { view: ReturnType<typeof dungeon2d6.view>; text: string } {
  const view = d6View.parse(dungeon2d6.view(t.state, v));
  const events = t.read(v).map((e) => d6ViewEvent.parse(e));
  return { view, text: JSON.stringify({ view, events }) };
}

describe('D6-SKL-FLIGHT-04 flight speed', () => {
  test.each<[string, number | undefined, { speed?: number }, Viewer, number | null]>([
    ['D6-SKL-FLIGHT-04 taking off without a stated speed flies at 3× normal movement', 10, {}, P1, 30],
    ['D6-SKL-FLIGHT-04 a slower flight speed may be chosen', 10, { speed: 20 }, P1, 20],
    ['D6-SKL-FLIGHT-04 exactly 3× is allowed', 7, { speed: 21 }, P1, 21],
    ['D6-SKL-FLIGHT-04 "about" is the GM\'s call: the GM may rule a little more', 10, { speed: 32 }, GM, 32],
    ['D6-SKL-FLIGHT-04 with no movement on the sheet there is nothing to multiply', undefined, {}, P1, null],
  ])('%s', (_name, movement, speed, actor, expected) => {
    const { t, pc } = room({ skills: [{ skill: 'flight' }], ...(movement !== undefined ? { movement } : {}) });
    t.do({ type: 'skill.flight', user: pc, on: true, ...speed }, actor);
    expect(t.char(pc).flags.flying).toBe(true);
    expect(t.char(pc).flightSpeed).toBe(expected);
    expect(t.events.find((e) => e.type === 'flight.started')!.data.speed).toBe(expected);
    expect(received(t, P1).view.characters.find((c) => c.id === pc)!.flightSpeed).toBe(expected);
  });

  test('D6-SKL-FLIGHT-04 a player may not fly faster than 3× normal movement', () => {
    const { t, pc } = room({ skills: [{ skill: 'flight' }], movement: 10 });
    expect(t.fail({ type: 'skill.flight', user: pc, on: true, speed: 31 }, P1)).toMatchObject({ code: 'FLIGHT_TOO_FAST', rule: 'D6-SKL-FLIGHT-04' });
    expect(t.char(pc).flags.flying).toBe(false);
  });

  test('D6-SKL-FLIGHT-04 landing, or the melee attack that ends flight, clears the flight speed', () => {
    const { t, pc } = room({ skills: [{ skill: 'flight' }], movement: 5 });
    t.do({ type: 'skill.flight', user: pc, on: true }, P1);
    t.do({ type: 'skill.flight', user: pc, on: false }, P1);
    expect(t.char(pc).flightSpeed).toBeNull();
    expect(t.char(pc).movement).toBe(5);
    const orc = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'skill.flight', user: pc, on: true }, P1);
    t.do({ type: 'attack.declare', attacker: pc, targets: [orc], mode: 'melee' }, P1, [3, 3]);
    expect(t.char(pc).flags.flying).toBe(false);
    expect(t.char(pc).flightSpeed).toBeNull();
  });

  test('D6-SKL-FLIGHT-04 an enemy flier\'s speed reaches only the GM (D6-HID-01)', () => {
    const { t } = room();
    const harpy = t.add('Harpy', { controller: 'enemy', skills: [{ skill: 'flight' }], movement: 313 });
    t.do({ type: 'skill.flight', user: harpy, on: true });
    expect(received(t, GM).text).toContain('939');
    const player = received(t, P1);
    expect(player.view.characters.find((c) => c.id === harpy)!.flags).toMatchObject({ flying: true });
    expect(player.text).not.toContain('939');
    expect(player.text).not.toContain('313');
  });
});
