import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { gwView } from '@veiltable/protocol';
import { upgradeContract } from '../../core/upgrade-contract.ts';
import { grailWar } from './index.ts';
import { defaultGrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { AT, GM, SPECTATOR, judgment as j, master, planVs, room, run, seat, servant } from './test-support.ts';

/**
 * A snapshot saved by the version before relations, scene effects, concealment and step deadlines (protocol 1,
 * commit 1072ce3). Servant a (s1) with master ma (s3), servant b (s2) with master mb (s4); step timer 60 s; mb bound
 * b with a Binding Order (min) under the 000 effect; a battle a + ma (back row) against b, a drank a Protection
 * Potion before it, ma supported a physically in slot 1; batch 1 resolved, batch 2 open for plans.
 */
const saved = (): unknown => JSON.parse(readFileSync(new URL('./fixtures/protocol-1-battle.json', import.meta.url), 'utf8'));

/** When the room loads it (ms since the epoch). */
const LOADED = AT + 3_600_000;

const upgrade = (state: unknown, at = LOADED): GrailWarState => grailWar.upgrade!(state, at);

describe('states saved before relations, scene effects, concealment and step deadlines', () => {
  test('options it lacks are set as the room played them; the others stay as the GM set them', () => {
    const { options } = upgrade(saved());
    const defaults = defaultGrailWarOptions('001');
    expect(options).toEqual({ ...defaults, stepTimerSeconds: 60, partnerSeesTrust: true, armyDefenseLoss: 0 });
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

upgradeContract({
  game: grailWar,
  saved: () => [saved()],
  current: () => [room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() } }, { stepTimerSeconds: 30 })],
  at: LOADED,
});
