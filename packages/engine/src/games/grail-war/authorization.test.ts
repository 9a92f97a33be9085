import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { ReleaseCommand } from '../../capabilities/release/release.ts';
import type { ChatCommand } from '../../capabilities/chat/chat.ts';
import type { DiceCommand } from '../../capabilities/dice/roll.ts';
import type { Cmd, GrailWarCommand } from './commands.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { PIECES, atEncounters, gave } from './info-test-support.ts';
import { knows } from './test-pair.ts';
import { regionData, withData } from './region-test-support.ts';
import { begun, declareAll, mapped, resolveTo, short } from './scene-test-support.ts';
import { gmDoes, shopping } from './shop-test-support.ts';
import { GM, SPECTATOR, apply, emptyDecl, judgment as j, master, planVs, prepareAll, room, run, seat, servant, start, submit } from './test-support.ts';

/**
 * Issue 12, "each character's choices are its own player's" (GW-HIDE-00): who may send each command. A row names
 * the character of seat A (servant a, s1) or of its partner (master ma, s3) that the command acts for or on, a state
 * in which it succeeds, and the command. `owner`: that character's own player, or the GM acting for it (the GM names
 * the character); `gm`: the GM alone. Every other seat is refused with an authorization code, and a spectator by the
 * kernel. A command type without a row does not compile.
 */
type Row<C extends GrailWarCommand> = { by: 'gm' | 'owner'; character: 'a' | 'ma'; given: () => GrailWarState; command: C };
/** The table's chat and dice are any member's to send, and checked where they are defined (capabilities/). */
type Matrix = { [T in Exclude<GrailWarCommand['type'], ChatCommand['type'] | DiceCommand['type'] | CharacterCommand['type'] | ReleaseCommand['type']>]: Row<Cmd<T>> };

/** The codes that say who may not act, as against what the rules refuse. */
const AUTHORIZATION = new Set(['NOT_GM', 'NO_CHARACTER', 'NOT_YOUR_CHARACTER', 'NOT_A_PLAYER', 'SPECTATOR_READ_ONLY']);

/** a (s1) contracted to ma (s3); b (s2) to mb (s4); c (s5) stands alone. */
const calm = (options = {}) =>
  room(
    {
      a: { seat: 's1', sheet: servant() },
      ma: { seat: 's3', partner: 'a', sheet: master({ conviction: { current: 2, max: 3 } }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
      c: { seat: 's5', sheet: servant({ alias: 'Rider', className: 'rider' }) },
    },
    options,
  );
const SEATS = ['s1', 's2', 's3', 's4', 's5'];
const regions = { a: 'r1', ma: 'r1', b: 'r1', mb: 'r1', c: 'r1' };

/** a and ma (back row) against b: the pre-battle step open. */
const started = () =>
  start(calm(), [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' }, { character: 'b', side: 'B' }], { regions, knowledge: [knows('a', 'b'), knows('b', 'a')] });
/** The same battle, batch 1 open for plans. */
const fighting = () => prepareAll(started());
/** Batch 1 revealed: the seal window open for ma. */
const inWindow = () => {
  let s = fighting();
  for (const [id, plan] of [['a', planVs('b', [j('smash')])], ['ma', planVs('', [])], ['b', planVs('a', [])]] as const) s = submit(s, id, plan).state;
  return s;
};
/** The battle over: a withdrew. */
const ended = () => run(fighting(), seat('s1'), { type: 'battle.withdraw' }).state;
/** ma flagged at HP 0 after a battle (MASTER-01). */
const zeroMaster = () => {
  const s = structuredClone(calm());
  const ma = s.characters.ma!;
  ma.zero = true;
  (ma.sheet as MasterSheet).hp.current = 0;
  return s;
};

/** Every character at the same place with its declaration revealed: they meet (REL-01). */
const met = () => declareAll(begun(calm()), { a: short('p1', 'search'), ma: short('p1', 'rest'), b: short('p1', 'search'), mb: short('p1', 'rest'), c: short('p1', 'search') });
/** a holds c at +1 and has received 3 points about b (REL-10). */
const bonded = () => run(run(calm(), GM, { type: 'relation.set', entry: { holder: 'a', other: 'c', score: 1 } }).state, GM, { type: 'knowledge.set', entry: knows('a', 'b') }).state;
/** a and ma without a contract (CONTRACT-02), as after a cut. */
const unpaired = () => {
  const s = structuredClone(calm());
  s.characters.a!.partner = null;
  s.characters.ma!.partner = null;
  return s;
};

const matrix: Matrix = {
  'options.set': { by: 'gm', character: 'a', given: calm, command: { type: 'options.set', options: { battleBatches: 3 } } },
  'seat.add': { by: 'gm', character: 'a', given: calm, command: { type: 'seat.add', name: 'Eve' } },
  'character.register': { by: 'gm', character: 'a', given: calm, command: { type: 'character.register', seat: 's6', partner: null, sheet: servant() } },
  'character.update': { by: 'owner', character: 'a', given: calm, command: { type: 'character.update', id: 'a', sheet: servant({ alias: 'New alias' }) } },
  'knowledge.set': { by: 'gm', character: 'a', given: calm, command: { type: 'knowledge.set', entry: knows('a', 'b') } },
  'knowledge.remove': {
    by: 'gm',
    character: 'a',
    given: () => run(calm(), GM, { type: 'knowledge.set', entry: knows('a', 'b') }).state,
    command: { type: 'knowledge.remove', knower: 'a', target: 'b' },
  },
  'relation.set': { by: 'gm', character: 'a', given: calm, command: { type: 'relation.set', entry: { holder: 'a', other: 'b', score: 1 } } },
  'relation.remove': {
    by: 'gm',
    character: 'a',
    given: () => run(calm(), GM, { type: 'relation.set', entry: { holder: 'a', other: 'b', score: 1 } }).state,
    command: { type: 'relation.remove', holder: 'a', other: 'b' },
  },
  'scene.end': { by: 'gm', character: 'a', given: calm, command: { type: 'scene.end' } },
  'relation.propose': { by: 'owner', character: 'a', given: met, command: { type: 'relation.propose', other: 'c', character: 'a' } },
  'relation.accept': {
    by: 'owner',
    character: 'a',
    given: () => run(met(), seat('s5'), { type: 'relation.propose', other: 'a' }).state,
    command: { type: 'relation.accept', other: 'c', character: 'a' },
  },
  'relation.cut': { by: 'owner', character: 'a', given: bonded, command: { type: 'relation.cut', other: 'c', character: 'a' } },
  'relation.score': { by: 'owner', character: 'a', given: bonded, command: { type: 'relation.score', plus: 'c', minus: null, character: 'a' } },
  'info.share': { by: 'owner', character: 'a', given: bonded, command: { type: 'info.share', to: 'c', target: 'b', kind: 'rumor', points: 1, character: 'a' } },
  'place.add': { by: 'gm', character: 'a', given: calm, command: { type: 'place.add', name: 'harbour' } },
  'region.link': { by: 'gm', character: 'a', given: () => mapped(calm()), command: { type: 'region.link', a: 'p1', b: 'p2', linked: true } },
  'region.set': { by: 'gm', character: 'a', given: () => mapped(calm()), command: { type: 'region.set', region: 'p1', data: regionData() } },
  'region.place': { by: 'gm', character: 'a', given: () => mapped(calm()), command: { type: 'region.place', character: 'a', region: 'p1' } },
  'region.eat': {
    by: 'gm',
    character: 'a',
    given: () => resolveTo(run(declareAll(withData(begun(calm()), 'p1'), { a: short('p1', 'cannibalism') }), GM, { type: 'scene.reveal' }).state, 1),
    command: { type: 'region.eat', character: 'a', count: 2 },
  },
  'summon.draw': { by: 'gm', character: 'a', given: () => run(calm(), GM, { type: 'seat.add', name: 'A' }).state, command: { type: 'summon.draw', seats: ['s1'] } },
  'summon.catalyst': { by: 'gm', character: 'a', given: calm, command: { type: 'summon.catalyst', servant: 'a', description: 'a rusted hilt' } },
  'contract.cancel': { by: 'gm', character: 'a', given: calm, command: { type: 'contract.cancel', servant: 'a' } },
  'contract.form': { by: 'gm', character: 'a', given: unpaired, command: { type: 'contract.form', master: 'ma', servant: 'a' } },
  'scene.begin': { by: 'gm', character: 'a', given: () => mapped(calm()), command: { type: 'scene.begin' } },
  'scene.declare': { by: 'owner', character: 'a', given: () => begun(calm()), command: { type: 'scene.declare', decl: short('p1', 'search'), character: 'a' } },
  'scene.rewrite': {
    by: 'owner',
    character: 'ma',
    given: () => declareAll(begun(calm()), { a: short('p1', 'search') }),
    command: { type: 'scene.rewrite', decl: short('p2', 'rest'), character: 'ma' },
  },
  'scene.reveal': { by: 'gm', character: 'a', given: () => begun(calm()), command: { type: 'scene.reveal' } },
  'scene.resolve': { by: 'gm', character: 'a', given: () => run(begun(calm()), GM, { type: 'scene.reveal' }).state, command: { type: 'scene.resolve' } },
  'scene.battle': {
    by: 'gm',
    character: 'a',
    given: () => resolveTo(run(begun(calm()), GM, { type: 'scene.reveal' }).state, 3),
    command: { type: 'scene.battle', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], ambushSide: null },
  },
  'battle.start': {
    by: 'gm',
    character: 'a',
    given: calm,
    command: { type: 'battle.start', scene: 'night', participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], regions, knowledge: [], ambushSide: null },
  },
  'battle.prepare': { by: 'owner', character: 'a', given: started, command: { type: 'battle.prepare', decl: emptyDecl(), character: 'a' } },
  'battle.submit': { by: 'owner', character: 'a', given: fighting, command: { type: 'battle.submit', plan: planVs('b', [j('smash')]), character: 'a' } },
  'battle.window': { by: 'owner', character: 'ma', given: inWindow, command: { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] }, character: 'ma' } },
  'battle.force': { by: 'gm', character: 'a', given: started, command: { type: 'battle.force' } },
  'battle.withdraw': { by: 'owner', character: 'a', given: fighting, command: { type: 'battle.withdraw', character: 'a' } },
  'battle.betray': {
    by: 'owner',
    character: 'a',
    given: () => {
      // REL-04: a holds c at −2, so it may turn on c, its ally.
      const s = run(calm(), GM, { type: 'relation.set', entry: { holder: 'a', other: 'c', score: -2 } }).state;
      return prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'c', side: 'A' }, { character: 'b', side: 'B' }], { regions }));
    },
    command: { type: 'battle.betray', character: 'a' },
  },
  'battle.extend': { by: 'gm', character: 'a', given: fighting, command: { type: 'battle.extend' } },
  'battle.decide': { by: 'gm', character: 'a', given: ended, command: { type: 'battle.decide', winner: 'A' } },
  'battle.override': { by: 'gm', character: 'a', given: fighting, command: { type: 'battle.override', character: 'a', hp: -1, mp: 0, reason: 'misread' } },
  'battle.close': { by: 'gm', character: 'a', given: ended, command: { type: 'battle.close' } },
  'seal.retreat': {
    by: 'owner',
    character: 'ma',
    // SEAL-02 001: a is down while ma is elsewhere.
    given: () => {
      const s = prepareAll(start(calm(), [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { ...regions, ma: 'r2' } }));
      return run(s, GM, { type: 'battle.override', character: 'a', hp: -60, mp: 0, reason: 'felled' }).state;
    },
    command: { type: 'seal.retreat', character: 'ma' },
  },
  'seal.summon': { by: 'owner', character: 'ma', given: calm, command: { type: 'seal.summon', character: 'ma' } },
  'seal.bind': { by: 'owner', character: 'ma', given: calm, command: { type: 'seal.bind', order: 'Guard me', extreme: 'max', character: 'ma' } },
  'seal.resist': {
    by: 'owner',
    character: 'a',
    // SEAL-11: under the trust trial a Binding Order to the minimum leaves a at −10, bound.
    given: () => run(calm({ trustRule: true }), seat('s3'), { type: 'seal.bind', order: 'Obey', extreme: 'min' }).state,
    command: { type: 'seal.resist', character: 'a' },
  },
  'trust.score': {
    by: 'owner',
    character: 'a',
    // TRUST-01: scored after the night's actions, so in a Night scene.
    given: () => {
      const s = structuredClone(calm({ trustRule: true }));
      s.campaign.half = 'night';
      return s;
    },
    command: { type: 'trust.score', trust: 2, character: 'a' },
  },
  'seal.early': { by: 'owner', character: 'ma', given: calm, command: { type: 'seal.early', seal: 'restoration', character: 'ma' } },
  'master.convert': { by: 'owner', character: 'ma', given: zeroMaster, command: { type: 'master.convert', direction: 'mpToHp', amount: 2, character: 'ma' } },
  'master.settle': { by: 'gm', character: 'ma', given: zeroMaster, command: { type: 'master.settle', character: 'ma' } },
  'master.rest': { by: 'gm', character: 'ma', given: zeroMaster, command: { type: 'master.rest', character: 'ma', hp: 5, mp: 0, atBase: false } },
  'merit.share': { by: 'owner', character: 'a', given: calm, command: { type: 'merit.share', amount: 2, character: 'a' } },
  'pool.recover': { by: 'owner', character: 'ma', given: calm, command: { type: 'pool.recover', pool: 'conviction', amount: 1, character: 'ma' } },
  'xp.spend': {
    by: 'owner',
    character: 'a',
    given: () => run(calm(), GM, { type: 'xp.grant', character: 'a', grant: { source: 'gm', xp: 20, merit: 0 }, reason: 'study' }).state,
    command: { type: 'xp.spend', raise: 'hp', character: 'a' },
  },
  'xp.grant': { by: 'gm', character: 'a', given: calm, command: { type: 'xp.grant', character: 'a', grant: { source: 'reveal', what: 'coreInfo' }, reason: 'core info' } },
  'ss.keywords': { by: 'owner', character: 'a', given: calm, command: { type: 'ss.keywords', keywords: ['moon', 'river'], character: 'a' } },
  'ss.reward': {
    by: 'gm',
    character: 'a',
    given: () => run(calm(), seat('s1'), { type: 'ss.keywords', keywords: ['moon', 'river'] }).state,
    command: { type: 'ss.reward', character: 'a', keyword: 'moon' },
  },
  'shop.buy': { by: 'owner', character: 'a', given: () => shopping(calm(), { a: short('p1', 'buyCraft') }, ['recoveryPotion'], { a: 2 }), command: { type: 'shop.buy', item: 'recoveryPotion', character: 'a' } },
  'shop.craft': { by: 'owner', character: 'a', given: () => shopping(calm(), { a: short('p1', 'buyCraft') }, [], { a: 4 }), command: { type: 'shop.craft', item: 'lifePotion', character: 'a' } },
  'item.equip': {
    by: 'owner',
    character: 'ma',
    given: () => gmDoes(calm(), { type: 'item.grant', character: 'ma', item: 'nekote', count: 1 }),
    command: { type: 'item.equip', item: 'nekote', equip: true, character: 'ma' },
  },
  'item.use': {
    by: 'owner',
    character: 'a',
    given: () => gmDoes(calm(), { type: 'item.grant', character: 'a', item: 'recoveryPotion', count: 1 }),
    command: { type: 'item.use', item: 'recoveryPotion', character: 'a' },
  },
  'funds.grant': { by: 'gm', character: 'a', given: calm, command: { type: 'funds.grant', character: 'a', amount: 3 } },
  'item.grant': { by: 'gm', character: 'a', given: calm, command: { type: 'item.grant', character: 'a', item: 'lovePotion', count: 1 } },
  'shop.stock': { by: 'gm', character: 'a', given: () => mapped(calm()), command: { type: 'shop.stock', place: 'p1', items: ['nekote'] } },
  'info.allocate': { by: 'owner', character: 'a', given: () => gave(calm(), 'a', 'b', 'combat', 1), command: { type: 'info.allocate', target: 'b', kind: 'combat', character: 'a' } },
  'info.open': {
    by: 'owner',
    character: 'a',
    given: () => run(gave(calm(), 'a', 'b', 'combat', 2), GM, { type: 'info.allocate', target: 'b', kind: 'combat', character: 'a' }).state,
    command: { type: 'info.open', target: 'b', kind: 'combat', grade: 1, character: 'a' },
  },
  'info.guess': { by: 'owner', character: 'a', given: calm, command: { type: 'info.guess', target: 'b', className: 'lancer', character: 'a' } },
  'info.trueName': {
    by: 'owner',
    character: 'a',
    given: () => {
      const s = gave(calm(), 'a', 'b', 'combat', 1);
      s.info.entries[0]!.rights = 1;
      return s;
    },
    command: { type: 'info.trueName', target: 'b', name: 'Cu Chulainn', character: 'a' },
  },
  'info.judge': {
    by: 'gm',
    character: 'a',
    given: () => {
      const s = gave(calm(), 'a', 'b', 'combat', 1);
      s.info.entries[0]!.nameAttempts = [{ name: 'Cu Chulainn', verdict: 'pending' }];
      return s;
    },
    command: { type: 'info.judge', knower: 'a', target: 'b', right: true },
  },
  'info.keyword': {
    by: 'gm',
    character: 'a',
    given: () => {
      const s = structuredClone(calm());
      s.characters.b!.ssKeywords = ['lake', 'spear'];
      return s;
    },
    command: { type: 'info.keyword', knower: 'a', target: 'b', keyword: 'lake' },
  },
  'info.place': { by: 'gm', character: 'a', given: calm, command: { type: 'info.place', servant: 'a', pieces: PIECES } },
  'info.encounter': { by: 'gm', character: 'a', given: () => atEncounters(calm()), command: { type: 'info.encounter', knower: 'a', met: 'b' } },
};

const rows = Object.entries(matrix) as [GrailWarCommand['type'], Row<GrailWarCommand>][];
const ownerSeat = (row: Row<GrailWarCommand>) => (row.character === 'a' ? 's1' : 's3');
const outcome = (row: Row<GrailWarCommand>, actor: Viewer, command: GrailWarCommand = row.command) => {
  const r = apply(row.given(), command, actor);
  return r.ok ? 'ok' : r.error.code;
};
/** An `owner` row's command as its player sends it from the table: without naming the character, its seat's own. */
const unnamed = (command: GrailWarCommand): GrailWarCommand => {
  const { character: _named, ...rest } = command as GrailWarCommand & { character?: string };
  void _named;
  return rest as GrailWarCommand;
};

describe('issue 12 GW-HIDE-00 the authorization matrix: every command × GM, own seat, other seats, spectator', () => {
  test.each(rows)('%s: the GM may send it, and it succeeds', (_type, row) => {
    expect(outcome(row, GM)).toBe('ok');
  });

  test.each(rows)('%s: the owner succeeds when the command is its own to send, and is refused for not being the GM otherwise', (_type, row) => {
    const owner = seat(ownerSeat(row));
    if (row.by === 'gm') expect(outcome(row, owner)).toBe('NOT_GM');
    else {
      expect(outcome(row, owner)).toBe('ok');
      expect(outcome(row, owner, unnamed(row.command))).toBe('ok');
    }
  });

  test.each(rows)('%s: every other seat, the partner included, is refused with an authorization code', (_type, row) => {
    for (const other of SEATS.filter((s) => s !== ownerSeat(row))) {
      const code = outcome(row, seat(other));
      expect(AUTHORIZATION.has(code), `${other}: ${code}`).toBe(true);
    }
  });

  test.each(rows)('%s: a spectator is refused by the kernel', (_type, row) => {
    expect(outcome(row, SPECTATOR)).toBe('SPECTATOR_READ_ONLY');
  });

  test('the GM acting for a character must name it', () => {
    expect(outcome(matrix['battle.submit'] as Row<GrailWarCommand>, GM, unnamed(matrix['battle.submit'].command))).toBe('NO_CHARACTER');
  });
});
