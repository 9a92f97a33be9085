import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { ReleaseCommand } from '../../capabilities/release/release.ts';
import type { ChatCommand } from '../../capabilities/chat/chat.ts';
import type { DiceCommand } from '../../capabilities/dice/roll.ts';
import type { Viewer } from '@veiltable/protocol';
import type { D6Command } from '@veiltable/protocol/games/dungeon-2d6';
import { describe, expect, test } from 'vitest';
import { GM, seat, SPECTATOR, TestTable } from './test-table.ts';

/**
 * Issue 12, "each character's choices are its own player's": who may send each command. One row per command type
 * (a new type without a row does not compile). Every row builds a table where the command succeeds and names a
 * character of seat A (s1) wherever it names one. For every row the GM is accepted; for a 'controller' row seat A is
 * accepted and seat B (s2, who owns another PC) is refused NOT_YOUR_CHARACTER; for a 'gm' row both seats are refused
 * NOT_GM; a spectator is always refused SPECTATOR_READ_ONLY.
 */
const A = seat(1);
const B = seat(2);

/** The table every row starts from: A (s1) and B (s2) as PCs in the hall, an Orc and a neutral guide beside them. */
function scene() {
  const t = new TestTable();
  const hall = t.zone('hall');
  const yard = t.zone('yard', [hall]);
  const far = t.zone('far');
  const skills = [
    'teleport', 'enchant', 'manaShield', 'ironWall', 'barrier', 'illusion', 'summon', 'telepathy', 'encyclopedia', 'cheer',
    'intimidate', 'virtue', 'itemBag', 'steal', 'heal', 'evade', 'counter', 'sacrifice', 'fukutsu', 'lockpick', 'stunAttack',
  ].map((skill) => ({ skill, uses: 3 }));
  const permanent = ['survival', 'flight', 'transform', 'stealth', 'spiritSight'].map((skill) => ({ skill }));
  const sword = { id: 'i1', name: 'sword', kind: 'weapon', wielded: false, mods: [] };
  const a = t.add('A', { owner: 1, magicCapable: true, skills: [...skills, ...permanent], equipment: [sword] });
  const b = t.add('B', { owner: 2, magicCapable: true, skills: [{ skill: 'teleport', uses: 3 }, { skill: 'steal', uses: 3 }] });
  const orc = t.add('Orc', { controller: 'enemy', equipment: [{ ...sword, id: 'i2', wielded: true }] });
  const guide = t.add('Guide', { controller: 'npc' });
  return { t, hall, yard, far, a, b, orc, guide };
}
type Scene = ReturnType<typeof scene>;

type Row = {
  /** gm: the GM alone; controller: the GM or the seat that runs the character the command acts for. */
  who: 'gm' | 'controller';
  /** Brings the table to where the command applies (as the GM or the seats, never as the actor under test). */
  prepare?: (x: Scene) => void;
  command: (x: Scene) => unknown;
  /**
   * For a command that also names another character in a role that spends or moves it: the same command sent by
   * seat B for its own character, naming A's in that role, and what must come of it ('asked': accepted, but A's
   * character does not move until seat A accepts; otherwise the refusal's code).
   */
  onOther?: { prepare?: (x: Scene) => void; command: (x: Scene) => unknown; expect: 'asked' | string };
};

const last = (x: Scene, kind: string) => x.t.openWindow(kind)!;
const lastCheck = (x: Scene) => x.t.lastCheck().id;

const rows = {
  'seat.add': { who: 'gm', command: () => ({ type: 'seat.add', name: 'Cid' }) },
  'options.set': { who: 'gm', command: () => ({ type: 'options.set', options: { windowTimeoutSeconds: 5 } }) },
  'zone.add': { who: 'gm', command: (x) => ({ type: 'zone.add', name: 'cellar', adjacent: [x.hall] }) },
  'zone.link': { who: 'gm', command: (x) => ({ type: 'zone.link', a: x.yard, b: x.far }) },
  'character.add': { who: 'gm', command: (x) => ({ type: 'character.add', name: 'Rat', controller: 'enemy', zone: x.hall, base: { VAL: 1, AGI: 1, SPI: 1 }, hp: 3, maxHp: 3 }) },
  'character.build': { who: 'controller', command: (x) => ({ type: 'character.build', character: x.a, occupation: { name: '闘士' }, race: { name: 'ドワーフ' }, free: 'VAL' }) },
  'character.equip': { who: 'controller', command: (x) => ({ type: 'character.equip', character: x.a, item: 'i1', wielded: true }) },
  'skill.register': { who: 'gm', command: () => ({ type: 'skill.register', skill: 'heal', permanent: false, consumable: true }) },
  'trap.add': { who: 'gm', command: (x) => ({ type: 'trap.add', zone: x.hall, area: true, note: 'net' }) },
  'find.add': { who: 'gm', command: (x) => ({ type: 'find.add', zone: x.hall, note: 'coin' }) },
  'session.start': { who: 'gm', command: () => ({ type: 'session.start' }) },
  'combat.start': { who: 'gm', command: () => ({ type: 'combat.start' }) },
  'combat.end': { who: 'gm', prepare: (x) => x.t.do({ type: 'combat.start' }), command: () => ({ type: 'combat.end' }) },
  'turn.next': { who: 'gm', prepare: (x) => x.t.do({ type: 'combat.start' }), command: () => ({ type: 'turn.next' }) },
  rest: { who: 'gm', command: (x) => ({ type: 'rest', character: x.a, hours: 12 }) },
  'gm.override': { who: 'gm', command: (x) => ({ type: 'gm.override', target: { kind: 'hp', character: x.a, hp: 5 }, reason: 'fell' }) },
  'gm.spirit-note': { who: 'gm', command: () => ({ type: 'gm.spirit-note', text: 'a cold draught' }) },
  'window.pass': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } }),
    command: (x) => ({ type: 'window.pass', window: last(x, 'concentration'), character: x.a }),
  },
  'window.close': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } }),
    command: (x) => ({ type: 'window.close', window: last(x, 'concentration') }),
  },
  'window.timeout': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'options.set', options: { windowTimeoutSeconds: 5 } });
      x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } });
    },
    command: (x) => ({ type: 'window.timeout', window: last(x, 'concentration') }),
  },
  'window.min-elapsed': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'options.set', options: { activeWindowMinSeconds: 5 } });
      x.t.do({ type: 'opposed.start', active: { character: x.a, kind: 'action', ability: 'AGI' }, passive: { character: x.orc, ability: 'AGI' } });
    },
    command: (x) => ({ type: 'window.min-elapsed', window: last(x, 'concentration') }),
  },
  'check.roll': { who: 'controller', command: (x) => ({ type: 'check.roll', check: { character: x.a, kind: 'search', ability: 'AGI' } }) },
  'check.concentrate': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } }),
    command: (x) => ({ type: 'check.concentrate', check: lastCheck(x), hp: 1 }),
  },
  'check.resolve': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } }),
    command: (x) => ({ type: 'check.resolve', check: lastCheck(x), outcome: 'success' }),
  },
  'check.drop': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'action', ability: 'VAL' } }),
    command: (x) => ({ type: 'check.drop', check: lastCheck(x) }),
  },
  'check.consume': {
    who: 'controller',
    prepare: (x) => {
      x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'lock', ability: 'AGI', target: 30 } }, GM, [2, 3]);
      x.t.do({ type: 'check.resolve', check: lastCheck(x) });
    },
    command: (x) => ({ type: 'check.consume', check: lastCheck(x) }),
  },
  'opposed.start': { who: 'controller', command: (x) => ({ type: 'opposed.start', active: { character: x.a, kind: 'action', ability: 'AGI' }, passive: { character: x.orc, ability: 'AGI' } }) },
  'opposed.roll-passive': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'opposed.start', active: { character: x.b, kind: 'action', ability: 'AGI' }, passive: { character: x.a, ability: 'AGI' } }, B),
    command: () => ({ type: 'opposed.roll-passive', opposed: 'o1' }),
  },
  'opposed.resolve': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'opposed.start', active: { character: x.a, kind: 'action', ability: 'AGI' }, passive: { character: x.orc, ability: 'AGI' } });
      x.t.do({ type: 'opposed.roll-passive', opposed: 'o1' });
    },
    command: () => ({ type: 'opposed.resolve', opposed: 'o1' }),
  },
  'initiative.roll': { who: 'controller', prepare: (x) => x.t.do({ type: 'combat.start' }), command: (x) => ({ type: 'initiative.roll', side: 'party', character: x.a }) },
  'initiative.decide': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'options.set', options: { initiativeTie: 'gm' } });
      x.t.do({ type: 'combat.start' });
      x.t.do({ type: 'initiative.roll', side: 'party', character: x.a }, GM, [3]);
      x.t.do({ type: 'initiative.roll', side: 'enemies', character: x.orc }, GM, [3]);
    },
    command: () => ({ type: 'initiative.decide', first: 'party' }),
  },
  'attack.declare': { who: 'controller', command: (x) => ({ type: 'attack.declare', attacker: x.a, targets: [x.orc], mode: 'melee' }) },
  'attack.cover': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.b], mode: 'melee' }, GM, [3, 3]),
    command: (x) => ({ type: 'attack.cover', attack: 'a1', target: x.b, coverer: x.a }),
  },
  'attack.evade': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]),
    command: (x) => ({ type: 'attack.evade', attack: 'a1', target: x.a }),
  },
  'attack.teleport-evade': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]),
    command: (x) => ({ type: 'attack.teleport-evade', attack: 'a1', target: x.a, zone: x.yard }),
  },
  'attack.defend': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]),
    command: (x) => ({ type: 'attack.defend', attack: 'a1', target: x.a }),
  },
  'attack.damage': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]);
      x.t.do({ type: 'attack.defend', attack: 'a1', target: x.a }, GM, [2, 2]);
    },
    command: (x) => ({ type: 'attack.damage', attack: 'a1', target: x.a, amounts: [2] }),
  },
  'attack.counter': {
    who: 'controller',
    prepare: (x) => {
      x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]);
      x.t.do({ type: 'attack.defend', attack: 'a1', target: x.a }, GM, [2, 2]);
      x.t.do({ type: 'attack.damage', attack: 'a1', target: x.a, amounts: [2] });
    },
    command: (x) => ({ type: 'attack.counter', attack: 'a1', target: x.a }),
  },
  'attack.counter-ruling': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.a], mode: 'melee' }, GM, [3, 3]);
      x.t.do({ type: 'attack.defend', attack: 'a1', target: x.a }, GM, [2, 2]);
      x.t.do({ type: 'attack.damage', attack: 'a1', target: x.a, amounts: [2] });
      x.t.do({ type: 'attack.counter', attack: 'a1', target: x.a });
    },
    command: (x) => ({ type: 'attack.counter-ruling', attack: 'a1', target: x.a, success: true }),
  },
  'attack.sacrifice': {
    who: 'controller',
    prepare: (x) => {
      x.t.do({ type: 'attack.declare', attacker: x.orc, targets: [x.b], mode: 'melee' }, GM, [3, 3]);
      x.t.do({ type: 'attack.defend', attack: 'a1', target: x.b }, GM, [2, 2]);
      x.t.do({ type: 'attack.damage', attack: 'a1', target: x.b, amounts: [2] });
    },
    command: (x) => ({ type: 'attack.sacrifice', attack: 'a1', target: x.b, by: x.a }),
  },
  'fukutsu.use': { who: 'controller', prepare: (x) => x.t.do({ type: 'status.stun', character: x.a }), command: (x) => ({ type: 'fukutsu.use', character: x.a }) },
  move: { who: 'controller', command: (x) => ({ type: 'move', character: x.a, path: [x.yard] }) },
  'move.obstruct': {
    who: 'controller',
    prepare: (x) => {
      x.t.do({ type: 'combat.start' });
      x.t.do({ type: 'move', character: x.orc, path: [x.yard] });
    },
    command: (x) => ({ type: 'move.obstruct', move: 'm1', blocker: x.a }),
  },
  'move.allow': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'combat.start' });
      x.t.do({ type: 'move', character: x.a, path: [x.yard] });
    },
    command: () => ({ type: 'move.allow', move: 'm1' }),
  },
  'zone.leave': { who: 'controller', command: (x) => ({ type: 'zone.leave', character: x.a }) },
  'trap.trigger': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'trap.add', zone: x.hall, area: true, note: 'net' }),
    command: (x) => ({ type: 'trap.trigger', trap: x.t.trap(1) }),
  },
  'light.make': { who: 'controller', command: (x) => ({ type: 'light.make', character: x.a }) },
  'skill.use': { who: 'controller', command: (x) => ({ type: 'skill.use', user: x.a, skill: 'stunAttack', targets: [x.orc] }) },
  'skill.enchant': { who: 'controller', command: (x) => ({ type: 'skill.enchant', user: x.a, target: x.a, ability: 'VAL' }) },
  'skill.mana-shield': { who: 'controller', command: (x) => ({ type: 'skill.mana-shield', user: x.a, target: x.a }) },
  'skill.iron-wall': { who: 'controller', command: (x) => ({ type: 'skill.iron-wall', user: x.a, ability: 'VAL' }) },
  'skill.barrier': { who: 'controller', command: (x) => ({ type: 'skill.barrier', user: x.a }) },
  'skill.illusion': { who: 'controller', prepare: (x) => x.t.do({ type: 'combat.start' }), command: (x) => ({ type: 'skill.illusion', user: x.a }) },
  'skill.teleport': {
    who: 'controller',
    command: (x) => ({ type: 'skill.teleport', user: x.a, destination: { kind: 'sight', zone: x.yard, distanceM: 20 } }),
    onOther: { command: (x) => ({ type: 'skill.teleport', user: x.b, destination: { kind: 'sight', zone: x.yard, distanceM: 20 }, passengers: [x.a] }), expect: 'asked' },
  },
  'teleport.accept': {
    who: 'controller',
    prepare: (x) => x.t.do({ type: 'skill.teleport', user: x.b, destination: { kind: 'sight', zone: x.yard, distanceM: 20 }, passengers: [x.a] }, B),
    command: (x) => ({ type: 'teleport.accept', window: last(x, 'passengers'), character: x.a }),
  },
  'teleport.mark': { who: 'gm', command: (x) => ({ type: 'teleport.mark', user: x.a, place: 'shrine' }) },
  'teleport.learn-place': { who: 'gm', command: (x) => ({ type: 'teleport.learn-place', user: x.a, place: 'inn', wellKnown: true }) },
  'skill.summon': { who: 'controller', command: (x) => ({ type: 'skill.summon', user: x.a, name: 'Wisp' }) },
  'summon.choose-skill': {
    who: 'controller',
    prepare: (x) => {
      x.t.do({ type: 'skill.summon', user: x.a, name: 'Wisp' }, GM, [6, 6]);
      x.t.do({ type: 'check.resolve', check: lastCheck(x) });
    },
    command: (x) => ({ type: 'summon.choose-skill', summon: x.t.state.characters.at(-1)!.id, skill: 'shoot' }),
  },
  'telepathy.send': { who: 'controller', command: (x) => ({ type: 'telepathy.send', from: x.a, to: x.b, text: 'hush' }) },
  'telepathy.read': { who: 'controller', command: (x) => ({ type: 'telepathy.read', user: x.a, target: x.orc }) },
  'telepathy.answer': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'telepathy.read', user: x.a, target: x.orc }),
    command: (x) => ({ type: 'telepathy.answer', question: x.t.question(1), text: 'hungry' }),
  },
  'encyclopedia.ask': { who: 'controller', command: (x) => ({ type: 'encyclopedia.ask', character: x.a, question: 'Who built it?' }) },
  'encyclopedia.answer': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'encyclopedia.ask', character: x.a, question: 'Who built it?' }),
    command: (x) => ({ type: 'encyclopedia.answer', question: x.t.question(1), text: 'dwarves' }),
  },
  'encyclopedia.refuse': {
    who: 'gm',
    prepare: (x) => x.t.do({ type: 'encyclopedia.ask', character: x.a, question: 'Who built it?' }),
    command: (x) => ({ type: 'encyclopedia.refuse', question: x.t.question(1) }),
  },
  'skill.cheer': { who: 'controller', command: (x) => ({ type: 'skill.cheer', user: x.a, target: x.b }) },
  'survival.share': {
    who: 'gm',
    prepare: (x) => {
      x.t.do({ type: 'check.roll', check: { character: x.a, kind: 'outdoor', ability: 'AGI', target: 2 } }, GM, [3, 3]);
      x.t.do({ type: 'check.resolve', check: lastCheck(x) });
    },
    command: (x) => ({ type: 'survival.share', check: lastCheck(x), characters: [x.b] }),
  },
  'skill.intimidate': { who: 'controller', command: (x) => ({ type: 'skill.intimidate', user: x.a, skill: 'intimidate', target: x.orc, effect: 'penalty' }) },
  'status.stun': { who: 'gm', command: (x) => ({ type: 'status.stun', character: x.a }) },
  'skill.virtue': { who: 'controller', command: (x) => ({ type: 'skill.virtue', user: x.a, matter: 'the heir' }) },
  'skill.item-bag': { who: 'controller', command: (x) => ({ type: 'skill.item-bag', user: x.a, item: 'rope', kind: 'exploration' }) },
  'skill.flight': { who: 'controller', command: (x) => ({ type: 'skill.flight', user: x.a, on: true }) },
  'skill.transform': { who: 'controller', command: (x) => ({ type: 'skill.transform', user: x.a, on: true }) },
  'skill.steal': {
    who: 'controller',
    command: (x) => ({ type: 'skill.steal', user: x.a, target: x.orc, item: 'i2' }),
    onOther: {
      prepare: (x) => x.t.do({ type: 'character.equip', character: x.a, item: 'i1', wielded: true }),
      command: (x) => ({ type: 'skill.steal', user: x.b, target: x.a, item: 'i1' }),
      expect: 'NOT_AN_OPPONENT',
    },
  },
  'skill.stealth': { who: 'controller', command: (x) => ({ type: 'skill.stealth', user: x.a, on: true }) },
  'skill.spirit-sight': { who: 'controller', command: (x) => ({ type: 'skill.spirit-sight', user: x.a, on: true }) },
  'skill.heal': { who: 'controller', command: (x) => ({ type: 'skill.heal', user: x.a, targets: [x.a, x.b] }) },
  'hp.heal': { who: 'gm', command: (x) => ({ type: 'hp.heal', character: x.a, amount: 2 }) },
} satisfies Record<Exclude<D6Command['type'], ChatCommand['type'] | DiceCommand['type'] | CharacterCommand['type'] | ReleaseCommand['type']>, Row>;

/** What the actor's attempt comes to on a fresh table prepared for the row: accepted, or the refusal's code. */
function outcome(row: Row, actor: Viewer): string {
  const x = scene();
  row.prepare?.(x);
  const r = x.t.attempt(row.command(x), actor);
  return r.ok ? 'accepted' : r.error.code;
}

const table = Object.entries(rows as Record<string, Row>);

describe('issue 12: each character\'s choices are its own player\'s (authorization matrix)', () => {
  test.each(table)('%s: the GM is accepted', (_type, row) => {
    expect(outcome(row, GM)).toBe('accepted');
  });

  test.each(table)('%s: seat A, whose character it names, is accepted, or refused NOT_GM for a GM command', (_type, row) => {
    expect(outcome(row, A)).toBe(row.who === 'gm' ? 'NOT_GM' : 'accepted');
  });

  test.each(table)('%s: seat B is refused with an authorization code', (_type, row) => {
    expect(outcome(row, B)).toBe(row.who === 'gm' ? 'NOT_GM' : 'NOT_YOUR_CHARACTER');
  });

  test.each(table)('%s: a spectator is refused SPECTATOR_READ_ONLY', (_type, row) => {
    expect(outcome(row, SPECTATOR)).toBe('SPECTATOR_READ_ONLY');
  });

  const others = table.filter((entry): entry is [string, Row & { onOther: NonNullable<Row['onOther']> }] => entry[1].onOther !== undefined);
  test.each(others)('%s: seat B naming seat A\'s character in it does not spend or move that character', (_type, row) => {
    const x = scene();
    row.onOther.prepare?.(x);
    const before = x.t.char(x.a);
    const r = x.t.attempt(row.onOther.command(x), B);
    if (row.onOther.expect !== 'asked') {
      expect(r.ok ? 'accepted' : r.error.code).toBe(row.onOther.expect);
      return;
    }
    expect(r.ok).toBe(true);
    expect(x.t.char(x.a)).toEqual(before);
    expect(x.t.state.windows[x.t.openWindow('passengers')!]!.eligible).toEqual([x.a]);
  });
});
