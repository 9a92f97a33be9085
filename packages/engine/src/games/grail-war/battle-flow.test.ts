import { describe, expect, test } from 'vitest';
import { verifyCommitment } from '../../kernel/commitment.ts';
import type { Knowledge } from './commands.ts';
import type { GrailWarState } from './state.ts';
import { hitsOf, judgment as j, planVs, prepareAll, readAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';

const knows = (knower: string, target: string, over: Partial<Knowledge> = {}): Knowledge => ({
  knower,
  target,
  total: 0,
  believed: 0,
  classKnown: true,
  failedGuess: false,
  trueNameKnown: false,
  ...over,
});

/** Two lone servants, a (seat s1) against b (seat s2), each knowing the other's class with equal info. */
function duel(aOver = {}, bOver = {}, options = {}, knowledge = [knows('a', 'b'), knows('b', 'a')]): GrailWarState {
  const s = room({ a: { seat: 's1', sheet: servant(aOver) }, b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer', ...bOver }) } }, options);
  return prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge }));
}

describe('battle procedure', () => {
  test('GW-BATTLE-08 the pre-battle step is sealed until all answer, then revealed together and batch 1 opens', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    const first = run(s, seat('s1'), { type: 'battle.prepare', decl: { row: 'back', seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } });
    expect(first.state.battle!.phase).toBe('prebattle');
    expect(first.events.map((e) => e.type)).toEqual(['sealed.answered']);
    const second = run(first.state, seat('s2'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } });
    expect(second.events.map((e) => e.type)).toEqual(['sealed.answered', 'prebattle.revealed', 'batch.opened']);
    expect(second.state.battle!.participants.map((p) => p.row)).toEqual(['back', 'front']);
    const revealed = readAll(second.events)[1]!;
    if (revealed.type !== 'prebattle.revealed') throw new Error('expected reveal');
    for (const a of revealed.answers) expect(verifyCommitment(a.answer, a.salt!, a.commitment!)).toBe(true);
  });

  test('GW-BATTLE-06 GW-BATTLE-07 pools are built from grades and a played card leaves the pool', () => {
    let s = duel({ stats: { str: 'B', end: 'C', agi: 'D', mag: 'E', luk: 'A', np: 'C' } });
    expect(s.battle!.participants[0]!.pool).toMatchObject({ smash: 4, counter: 3, rush: 2, critical: 5, magecraft: 0, defense: 0 });
    s = submit(s, 'a', planVs('b', [j('smash'), j('smash'), j('rush')])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    expect(s.battle!.participants[0]!.pool).toMatchObject({ smash: 2, rush: 1 });
    expect(s.battle!.batch).toBe(2);
  });

  test('GW-BATTLE-10 a plan must fit the pool and face every engaged opponent', () => {
    const s = duel({ stats: { str: 'E', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } });
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('smash'), j('smash')]) })).toBe('POOL_EMPTY GW-BATTLE-07');
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('', []) })).toBe('MUST_FACE_EVERY_OPPONENT GW-BATTLE-M1');
    expect(refused(s, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('normal', { aspect: 'smash' })]) })).toBe('NOT_A_MASTER_CARD GW-BATTLE-04');
  });

  test('TV-BATTLE-02 GW-BATTLE-12 a 강타 from STR C against 대기 deals 3 at the end of its slot', () => {
    let s = duel();
    s = submit(s, 'a', planVs('b', [j('wait'), j('smash')])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    const hits = hitsOf(s);
    expect(hits.map((h) => [h.slot, h.attacker, h.hp])).toEqual([[2, 'a', 3]]);
    expect(s.characters.b!.sheet.hp.current).toBe(57);
  });

  test('TV-BATTLE-04 GW-BATTLE-05 a 마술 card as 맹공 beats 반격; damage to MP, or split under halfHalf', () => {
    for (const [routing, hp, mp] of [['allMp', 60, 35], ['halfHalf', 57, 38]] as const) {
      let s = duel({ magecraft: 'A' }, {}, { magicDamageRouting: routing });
      s = submit(s, 'a', planVs('b', [j('magecraft', { aspect: 'rush' })])).state;
      s = submit(s, 'b', planVs('a', [j('counter')])).state;
      // Magecraft A → 5: all to MP, or HP ⌈5/2⌉ = 3 and MP ⌊5/2⌋ = 2.
      expect(hitsOf(s).map((h) => h.attacker)).toEqual(['a']);
      expect([s.characters.b!.sheet.hp.current, s.characters.b!.sheet.mp.current]).toEqual([hp, mp]);
    }
  });
});
