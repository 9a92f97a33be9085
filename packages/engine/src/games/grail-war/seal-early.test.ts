import { describe, expect, test } from 'vitest';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { knows, pair, poolOf } from './test-pair.ts';
import { GM, master, prepareAll, refused, room, run, seat, servant, start } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';

const seals = (s: GrailWarState) => (s.characters.ma!.sheet.kind === 'master' ? s.characters.ma!.sheet.sealsLeft : null);
/** Servant a (s1) at 20/60 HP, 10/40 MP, with its master ma (s3); b (s2) is someone else. No battle yet. */
const calm = (options: Partial<GrailWarOptions> = {}) =>
  room(
    { a: { seat: 's1', sheet: servant({ hp: { current: 20, max: 60 }, mp: { current: 10, max: 40 } }) }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } },
    options,
  );
const early = (s: GrailWarState, seal: 'attackStance' | 'defenseStance' | 'restoration') => run(s, seat('s3'), { type: 'seal.early', seal });
/** a against b, the master ma away in another region (so no ⓛ seal can be declared in the pre-battle step). */
const fight = (s: GrailWarState) =>
  prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')], regions: { a: 'r1', ma: 'r2', b: 'r1' } }));

describe('GW-SEAL-00 ⓛ seals used before the battle (pre-scene, outside any battle)', () => {
  test.each([
    ['GW-SEAL-06 000 Restoration during the scene, not in battle: HP and MP to max', { sealRules: '000' as const }, 'restoration' as const, [60, 40]],
    ['GW-SEAL-06 001 Restoration before the battle: HP and MP to max', {}, 'restoration' as const, [60, 40]],
    ['GW-SEAL-05 Defense Stance before the battle: HP = max + 20', {}, 'defenseStance' as const, [80, 10]],
  ])('%s', (_name, options, seal, [hp, mp]) => {
    const out = early(calm(options), seal);
    const sheet = out.state.characters.a!.sheet;
    expect([sheet.hp.current, sheet.mp.current, seals(out.state)]).toEqual([hp, mp, 2]);
    expect(out.events.map((e) => viewEvent(e, seat('s1')))).toEqual([{ type: 'seal.early', character: 'ma', servant: 'a', seal }]);
    expect(out.events.map((e) => viewEvent(e, seat('s2')))).toEqual([null]);
  });

  test('TV-SEAL-07 GW-SEAL-03 Attack Stance used before the scene: the next battle starts doubled, though master and servant are apart', () => {
    let s = early(calm(), 'attackStance').state;
    expect(s.characters.a!.stanceReady).toBe(true);
    s = fight(s);
    expect(poolOf(s, 'a')).toMatchObject({ smash: 6, counter: 6, rush: 6, critical: 6 });
    expect(s.battle!.participants.find((p) => p.id === 'a')!.noConsume).toBe(true);
    expect(s.characters.a!.stanceReady).toBe(false);
  });

  test('TV-SEAL-07 GW-SEAL-00 in the pre-battle step the same master, apart from the servant, is refused', () => {
    const s = start(calm(), [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r2', b: 'r1' } });
    expect(refused(s, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: ['attackStance'], conviction: 0, consumables: [], activatePlus: [], guardian: false } })).toBe('NOT_SAME_LOCATION GW-SEAL-00');
  });

  test('GW-SEAL-03 a second Attack Stance for the same battle is refused in the pre-battle step', () => {
    const s = start(early(calm(), 'attackStance').state, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'r1', ma: 'r1', b: 'r1' } });
    expect(refused(s, seat('s3'), { type: 'battle.prepare', decl: { row: null, seals: ['attackStance'], conviction: 0, consumables: [], activatePlus: [], guardian: false } })).toBe('ALREADY_IN_EFFECT GW-SEAL-03');
  });

  test('GW-FLOW-03 an Attack Stance with no battle in its scene is lost at the scene end', () => {
    let s = early(calm(), 'attackStance').state;
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(poolOf(fight(s), 'a').smash).toBe(3);
  });

  test.each<[string, () => GrailWarState, 'attackStance' | 'restoration', string]>([
    ['GW-SEAL-06 Restoration is usable once', () => early(calm(), 'restoration').state, 'restoration', 'ONCE_ONLY GW-SEAL-06'],
    ['GW-SEAL-03 one Attack Stance waiting is enough', () => early(calm(), 'attackStance').state, 'attackStance', 'ALREADY_IN_EFFECT GW-SEAL-03'],
    ['GW-SEAL-00 not while master or servant is in a battle', () => pair(), 'restoration', 'BATTLE_IN_PROGRESS GW-SEAL-00'],
    ['GW-SEAL-00 no seals left', () => calm({ sealsPerMaster: 0 }), 'restoration', 'NO_SEALS_LEFT GW-SEAL-00'],
  ])('%s', (_name, given, seal, code) => {
    expect(refused(given(), seat('s3'), { type: 'seal.early', seal })).toBe(code);
  });
});
