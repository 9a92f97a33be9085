import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { BatchPlan, Judgment, Knowledge, PrebattleDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { NoblePhantasm, ServantSheet } from './sheets.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, knows, mpOf } from './test-pair.ts';
import { GM, emptyDecl, hitsOf, slotsRead, judgment as j, master, prepareAll, refused, room, seat, servant, start, submit, windowDecl } from './test-support.ts';
import { view } from './view.ts';

const gae = (hpDamage: number, mpDamage: number): NoblePhantasm => ({ id: 'gae', name: 'Gae', npType: 'antiPersonnel', mode: 'alwaysActive', hpDamage, mpDamage, mpCost: 0, cards: 1 });

type Given = {
  trust?: number;
  options?: Partial<GrailWarOptions>;
  /** Whether servant a and its master ma take part (both by default), and ma's row. */
  aIn?: boolean;
  maIn?: boolean;
  maRow?: 'front' | 'back';
  a?: Partial<ServantSheet>;
  b?: Partial<ServantSheet>;
  knowledge?: Knowledge[];
  decl?: Partial<PrebattleDecl>;
};

/** Servant a (s1, trust +10 under the trust trial) and its master ma (s3, grade 3) against servant b (s2), started. */
function started(x: Given): GrailWarState {
  let s = room(
    {
      a: { seat: 's1', sheet: servant(x.a) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer', ...x.b }) },
    },
    { trustRule: true, ...x.options },
  );
  s.characters.a!.trust = x.trust ?? 10;
  const participants = [
    ...(x.aIn === false ? [] : [{ character: 'a', side: 'A' }]),
    ...(x.maIn === false ? [] : [{ character: 'ma', side: 'A', row: x.maRow ?? 'front' }]),
    { character: 'b', side: 'B' },
  ];
  return start(s, participants, { knowledge: x.knowledge ?? [knows('a', 'b'), knows('b', 'a'), knows('ma', 'b')] });
}

/** The same after the pre-battle step, a declaring `decl` (by default: it shields its master). */
const given = (x: Given = {}): GrailWarState => prepareAll(started(x), { a: x.decl ?? { shieldMaster: true } });

/** A five-slot plan against everyone this participant faces: the given judgments first, 대기 after. */
function plan(s: GrailWarState, id: string, slots: Record<string, Judgment>[]): BatchPlan {
  const faced = s.battle!.engaged[id]!;
  const slot = (i: number) => ({ type: 'play' as const, vs: Object.fromEntries(faced.map((q) => [q, slots[i]?.[q] ?? j('wait')])) });
  return { slots: [0, 1, 2, 3, 4].map(slot), activatePlus: [] };
}

/** Every participant plays its slots (those without any wait), and any master lets the seal window pass; with the events. */
function batchTold(s: GrailWarState, plays: Record<string, Record<string, Judgment>[]>): { state: GrailWarState; events: GrailWarEvent[] } {
  const events: GrailWarEvent[] = [];
  const step = (r: { state: GrailWarState; events: GrailWarEvent[] }) => {
    events.push(...r.events);
    s = r.state;
  };
  for (const id of [...s.battle!.submission!.seats]) step(submit(s, id, plan(s, id, plays[id] ?? [])));
  if (s.battle!.phase === 'window') for (const id of [...s.battle!.window!.seats]) step(windowDecl(s, id, { actions: [] }));
  return { state: s, events };
}

const batch = (s: GrailWarState, plays: Record<string, Record<string, Judgment>[]>): GrailWarState => batchTold(s, plays).state;

const meters = (s: GrailWarState) => ({ a: [hpOf(s, 'a'), mpOf(s, 'a')], ma: [hpOf(s, 'ma'), mpOf(s, 'ma')] });

describe('GW-TRUST-03 a servant at trust +10 takes its master`s damage', () => {
  test.each<[string, Given, Record<string, Judgment>[], { a: number[]; ma: number[] }]>([
    // b's 강타 (C 3) on a front-row master: +2 under MASTER-02, so 5. a in the battle fights at 50/60 HP and 50/50 MP
    // (TRUST-02 at +10: max HP −10, max MP +10).
    ['GW-TRUST-03 GW-MASTER-02 declared: the 5 b deals the master lands on a', {}, [{ ma: j('smash') }], { a: [45, 50], ma: [30, 30] }],
    ['GW-TRUST-03 not declared: the master takes its own 5', { decl: {} }, [{ ma: j('smash') }], { a: [50, 50], ma: [25, 30] }],
    ['GW-TRUST-03 all of it: an NP of 9 HP (+2) and 4 MP reaches a as 11 HP and 4 MP', { b: { noblePhantasms: [gae(9, 4)] } }, [{ ma: j('np', { np: 'gae' }) }], { a: [39, 46], ma: [30, 30] }],
    ['GW-TRUST-03 from outside the battle too, as TRUST-05 reaches a master outside it', { aIn: false }, [{ ma: j('smash') }], { a: [55, 40], ma: [30, 30] }],
    ['GW-TRUST-03 GW-CLASS-03 a splash on the back-row master lands on a as well: 3 + 2', { maRow: 'back', b: { className: 'assassin' } }, [{ a: j('smash') }], { a: [45, 50], ma: [30, 30] }],
    ['GW-TRUST-03 a fallen servant shields no more: a at 3 (1 after TRUST-02) drops to −4 in slot 1, the master takes slot 2', { a: { hp: { current: 3, max: 60 } } }, [{ ma: j('smash') }, { ma: j('counter') }], { a: [-4, 50], ma: [25, 30] }],
  ])('%s', (_name, x, bPlays, expected) => {
    const s = batch(given(x), { b: bPlays });
    expect(meters(s)).toEqual(expected);
  });

  test('GW-TRUST-03 the master`s hit ends in a shielded step; the servant`s is a hit of its own; taken and dealt follow', () => {
    const s = batch(given(), { b: [{ ma: j('smash') }] });
    expect(hitsOf(s).map((h) => ({ target: h.target, hp: h.hp, via: h.via, last: h.steps.at(-1)!.step }))).toEqual([
      { target: 'ma', hp: 0, via: 'pairing', last: 'shielded' },
      { target: 'a', hp: 5, via: 'shield', last: 'base' },
    ]);
    const p = (id: string) => s.battle!.participants.find((x) => x.id === id)!;
    expect([p('a').taken.hp, p('ma').taken.hp, p('b').dealt]).toEqual([5, 0, { ma: 0, a: 5 }]);
  });

  test('GW-TRUST-03 GW-HIDE-03 the attacker`s side sees the breakdown without the info term; the defender`s side the final only', () => {
    // d = 4 for b against a's side: an info bonus of 2 on the master's hit, 7 in all.
    const { events } = batchTold(given({ knowledge: [knows('a', 'b'), knows('b', 'a', { total: 4 }), knows('ma', 'b')] }), { b: [{ ma: j('smash') }] });
    const hits = (v: Viewer) => slotsRead(events, v)[0]!.hits;
    const gm = hits(GM);
    expect(gm.map((h) => [h.target, h.hp, h.via])).toEqual([['ma', 0, 'pairing'], ['a', 7, 'shield']]);
    expect(gm[0]!.steps!.map((x) => x.step)).toEqual(['base', 'defender', 'info', 'shielded']);
    const attacker = hits(seat('s2'));
    expect(attacker[0]!.steps!.map((x) => x.step)).toEqual(['base', 'defender', 'shielded']);
    expect(attacker.map((h) => [h.target, h.hp])).toEqual([['ma', 0], ['a', 7]]);
    for (const defender of ['s1', 's3']) {
      expect(hits(seat(defender)).map((h) => [h.target, h.hp, h.via, h.steps])).toEqual([['ma', 0, 'pairing', undefined], ['a', 7, 'shield', undefined]]);
    }
  });

  test.each<[string, Given, string, string]>([
    ['GW-TRUST-03 only under the trust trial', { options: { trustRule: false } }, 's1', 'RULE_OFF GW-TRUST-03'],
    ['GW-TRUST-03 only at trust +10', { trust: 9 }, 's1', 'TRUST_NOT_MAX GW-TRUST-03'],
    ['GW-TRUST-03 only with the master in the battle', { maIn: false }, 's1', 'MASTER_NOT_IN_BATTLE GW-TRUST-03'],
    ['GW-TRUST-03 only a servant shields', {}, 's3', 'NOT_A_SERVANT GW-TRUST-03'],
  ])('%s', (_name, x, actor, code) => {
    expect(refused(started(x), seat(actor), { type: 'battle.prepare', decl: emptyDecl({ shieldMaster: true }) })).toBe(code);
  });
});
