import { grailWar, recoveryCost } from '@veiltable/engine/games/grail-war';
import { describe, expect, test } from 'vitest';
import { recoveryProblem } from './pool-recovery.ts';
import { accepts, GM, masterSheet, run, seat, servantSheet, viewFor } from './test-room.ts';

/** Master rin (s1) with 1/3 신념 and 1/3 명운 and 5 merit, contracted to saber (s2); no battle. */
function calm(price?: number, specializations: ('conviction' | 'fate')[] = []) {
  let s = grailWar.setup('c'.repeat(64));
  if (price !== undefined) s = run(s, GM, { type: 'options.set', options: { poolRecoveryMeritCost: price } });
  return run(
    s,
    GM,
    // The engine names them c1 (saber) and c2 (rin).
    { type: 'character.register', seat: 's2', partner: null, sheet: servantSheet({}) },
    { type: 'character.register', seat: 's1', partner: 'c1', sheet: masterSheet({ conviction: { current: 1, max: 3 }, fate: { current: 1, max: 3 }, merit: 5, specializations }) },
  );
}
const sheetOf = (s: ReturnType<typeof calm>) => {
  const sheet = viewFor(s, seat('s1')).characters.find((c) => c.id === 'c2')!.sheet;
  if (sheet?.kind !== 'master') throw new Error('rin is a master');
  return sheet;
};

describe('the phone prices and checks a recovery as the engine does (GW-SPEC-04/05)', () => {
  test.each([
    ['the room price without a specialization', undefined, [], 'conviction', 2],
    ['a GM-set price', 3, [], 'fate', 3],
    ['the specialization price', 3, ['fate'], 'fate', 1],
  ] as const)('%s', (_name, price, specs, pool, cost) => {
    const s = calm(price, [...specs]);
    expect(recoveryCost(viewFor(s, seat('s1')).options, sheetOf(s).specializations, pool)).toBe(cost);
  });

  test.each([
    ['one point is fine', '1', null, 'ok'],
    ['two points reach the maximum', '2', null, 'ok'],
    ['three would pass it', '3', 'full', 'POOL_FULL'],
    ['zero is no recovery', '0', 'amount', 'BAD_AMOUNT'],
  ] as const)('%s', (_name, text, problem, engine) => {
    const s = calm();
    expect(recoveryProblem(viewFor(s, seat('s1')).options, sheetOf(s), 'conviction', text)).toBe(problem);
    expect(accepts(s, seat('s1'), { type: 'pool.recover', pool: 'conviction', amount: Number(text) })).toBe(engine);
  });

  test('more than the merit allows is flagged, and refused', () => {
    const s = calm(3);
    expect(recoveryProblem(viewFor(s, seat('s1')).options, sheetOf(s), 'fate', '2')).toBe('merit');
    expect(accepts(s, seat('s1'), { type: 'pool.recover', pool: 'fate', amount: 2 })).toBe('NOT_ENOUGH_MERIT');
  });

  test('text that is not a whole number is flagged', () => {
    const s = calm();
    expect(recoveryProblem(viewFor(s, seat('s1')).options, sheetOf(s), 'fate', '1.5')).toBe('amount');
  });
});
