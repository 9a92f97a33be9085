import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { gwView } from '@veiltable/protocol/games/grail-war';
import { upgradeContract } from '../../kernel/upgrade-contract.ts';
import { grailWar } from './index.ts';
import { defaultGrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { AT, GM, SPECTATOR, judgment as j, master, planVs, prepareAll, room, run, seat, servant, start } from './test-support.ts';

/**
 * A snapshot saved by the version before relations, scene effects, concealment and step deadlines (protocol 1,
 * commit 1072ce3). Servant a (s1) with master ma (s3), servant b (s2) with master mb (s4); step timer 60 s; mb bound
 * b with a Binding Order (min) under the 000 effect; a battle a + ma (back row) against b, a drank a Protection
 * Potion before it, ma supported a physically in slot 1; batch 1 resolved, batch 2 open for plans.
 */
const saved = (): unknown => JSON.parse(readFileSync(new URL('./fixtures/protocol-1-battle.json', import.meta.url), 'utf8'));

/**
 * A snapshot saved by the version whose scene effects held only their change to the maxima (protocol 2, commit
 * e0e6b73), under the trust trial. Servant a (s1, master ma) at trust 7 came in at 5/60 HP and 30/40 MP, drank a
 * Life Potion (5/70) and had its HP cut by 7 but held at 1 (1/63, MP 37/47); servant b (s2) at trust −4 wore a Life
 * Charm (80/80) and had its MP cut by 4 but held at 0 (84/84 HP, 0/36 MP). b withdrew and the battle was closed; the
 * scene has not ended.
 */
const savedScene = (): unknown => JSON.parse(readFileSync(new URL('./fixtures/protocol-2-scene-effects.json', import.meta.url), 'utf8'));

/** When the room loads it (ms since the epoch). */
const LOADED = AT + 3_600_000;

const upgrade = (state: unknown, at = LOADED): GrailWarState => grailWar.upgrade!(state, at);

describe('states saved before relations, scene effects, concealment and step deadlines', () => {
  test('options it lacks are set as the room played them; the others stay as the GM set them', () => {
    const { options } = upgrade(saved());
    const defaults = defaultGrailWarOptions('001');
    expect(options).toEqual({ ...defaults, stepTimerSeconds: 60, partnerSeesTrust: true, armyDefenseLoss: 0, conviction000HpMp: 20, conviction000Damage: 2 });
  });

  test('GW-CLASS-04 GW-SEAL-02 characters get the lineage\'s one use and the rescue deadline; a rescue flagged before waits two scene ends', () => {
    const old = saved() as { characters: Record<string, Record<string, unknown>> };
    old.characters.a!.rescuedPendingVanish = true;
    const s = upgrade(old);
    expect(Object.values(s.characters).map((c) => [c.id, c.guardianUsed, c.vanished, c.rescueScenesLeft, 'rescuedPendingVanish' in c])).toEqual([
      ['a', false, false, 2, false],
      ['ma', false, false, null, false],
      ['b', false, false, null, false],
      ['mb', false, false, null, false],
    ]);
  });

  test('characters have no scene effect in force and no Attack Stance waiting; nobody has lost concealment', () => {
    const s = upgrade(saved());
    expect(Object.values(s.characters).map((c) => [c.id, c.sceneEffects, c.stanceReady])).toEqual([
      ['a', [], false],
      ['ma', [], false],
      ['b', [], false],
      ['mb', [], false],
    ]);
    expect(s.concealment).toEqual({});
  });

  test('GW-CORE-04 GW-ITEM-01 characters saved before funds have none and own no Mystic Code they do not wear; no place has a shop', () => {
    const s = upgrade(saved());
    expect(Object.values(s.characters).map((c) => [c.id, c.funds, c.stash])).toEqual([
      ['a', 0, []],
      ['ma', 0, []],
      ['b', 0, []],
      ['mb', 0, []],
    ]);
    expect(s.stock).toEqual({});
  });

  test('GW-REL-01 GW-SEAL-09 the chart holds each pair at 0, and the bound servant at the extreme of its Binding Order', () => {
    expect(upgrade(saved()).relations).toEqual([
      { holder: 'a', other: 'ma', score: 0 },
      { holder: 'ma', other: 'a', score: 0 },
      { holder: 'b', other: 'mb', score: -3 },
      { holder: 'mb', other: 'b', score: 0 },
    ]);
  });

  test('GW-HIDE-04 the open step is forced a whole step timer after the load, as the earlier server armed it', () => {
    const s = upgrade(saved());
    expect(s.battle!.deadline).toBe(LOADED + 60_000);
    expect(grailWar.timers!(s)).toEqual([{ key: 'gw-1-submit-2', deadline: LOADED + 60_000, command: { type: 'battle.force' } }]);
    const forced = run(s, GM, { type: 'battle.force' }, LOADED + 60_000).state;
    expect(forced.battle!.phase).not.toBe('submit');
  });

  test('GW-SUP-01 supports recorded without their mode read as physical', () => {
    const supports = upgrade(saved()).battle!.history.flatMap((r) => r.supports);
    expect(supports).toEqual([{ supporter: 'ma', ally: 'a', opponent: 'b', mode: 'physical', accepted: false }]);
  });

  test('the battle plays on to its end, and the ended battle has no deadline', () => {
    let s = upgrade(saved());
    const at = LOADED + 10_000;
    s = run(s, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('rush')]) }, at).state;
    s = run(s, seat('s3'), { type: 'battle.submit', plan: planVs('', []) }, at).state;
    s = run(s, seat('s2'), { type: 'battle.submit', plan: planVs('a', [j('smash')]) }, at).state;
    s = run(s, seat('s3'), { type: 'battle.window', decl: { actions: [] } }, at).state;
    s = run(s, seat('s4'), { type: 'battle.window', decl: { actions: [] } }, at).state;
    expect(s.battle).toMatchObject({ phase: 'ended', endReason: 'batchesDone', deadline: null });
    expect(s.battle!.history.filter((r) => r.batch === 2)).toHaveLength(5);
  });

  test('HIDE-F17 the master still sees its servant’s trust, as it did before the option', () => {
    const ofA = (v: Viewer) => grailWar.view(upgrade(saved()), v).characters.find((c) => c.id === 'a')!.status;
    expect(ofA(seat('s3'))).toMatchObject({ trust: 0, trustLockDays: 0 });
    expect(ofA(seat('s1'))).toMatchObject({ trust: 0 });
  });

  test.each<[string, Viewer]>([
    ['the GM', GM],
    ['the servant in battle', seat('s1')],
    ['the opposing servant', seat('s2')],
    ['the master in battle', seat('s3')],
    ['the master outside it', seat('s4')],
    ['a spectator', SPECTATOR],
  ])('the upgraded state gives %s a view the protocol accepts', (_name, viewer) => {
    const parsed = gwView.safeParse(grailWar.view(upgrade(saved()), viewer));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('states saved before scene effects held what they moved the current HP and MP by', () => {
  test('GW-TRUST-02 GW-ITEM-C2 a raise or trust shift reads its change to the maxima as its move; a potion moved nothing', () => {
    const s = upgrade(savedScene());
    expect([s.characters.a!.sceneEffects, s.characters.b!.sceneEffects]).toEqual([
      [
        { item: 'lifePotion', kind: null, maxHp: 10, maxMp: 0, hp: 0, mp: 0 },
        { item: 'trust', kind: null, maxHp: -7, maxMp: 7, hp: -7, mp: 7 },
      ],
      [
        { item: 'lifeCharm', kind: null, maxHp: 20, maxMp: 0, hp: 20, mp: 0 },
        { item: 'trust', kind: null, maxHp: 4, maxMp: -4, hp: 4, mp: -4 },
      ],
    ]);
  });

  test('GW-TRUST-02 GW-FLOW-03 the scene end gives back the whole cut, as the version that saved it did', () => {
    const s = run(upgrade(savedScene()), GM, { type: 'scene.end' }).state;
    const meters = (id: string) => {
      const { hp, mp } = s.characters[id]!.sheet;
      return [hp.current, hp.max, mp.current, mp.max];
    };
    expect([meters('a'), meters('b')]).toEqual([
      [8, 60, 30, 40],
      [60, 60, 4, 40],
    ]);
  });

  test.each<[string, Viewer]>([
    ['the GM', GM],
    ['the trusting servant', seat('s1')],
    ['the distrusting servant', seat('s2')],
    ['its master', seat('s3')],
  ])('the upgraded state gives %s a view the protocol accepts, the effects showing only their maxima', (_name, viewer) => {
    const v = grailWar.view(upgrade(savedScene()), viewer);
    expect(gwView.safeParse(v).error?.issues ?? []).toEqual([]);
    for (const c of v.characters) for (const e of c.status?.sceneEffects ?? []) expect(Object.keys(e)).toEqual(['item', 'kind', 'maxHp', 'maxMp']);
  });
});

/** A room in a battle under the trust trial: a's trust cut and its Life Charm held as current scene effects. */
function inTrustBattle(): GrailWarState {
  let s = room(
    {
      a: { seat: 's1', sheet: servant({ hp: { current: 3, max: 60 }, items: ['lifeCharm'] }) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
    },
    { trustRule: true },
  );
  s.characters.a!.trust = 7;
  s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1', b: 'r1' } });
  return prepareAll(s);
}

upgradeContract({
  game: grailWar,
  saved: () => [saved(), savedScene()],
  current: () => [room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() } }, { stepTimerSeconds: 30 }), inTrustBattle()],
  at: LOADED,
});
