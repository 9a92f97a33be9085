import type { GrailWarOptions, MatchKind } from './options.ts';

/**
 * One side of a pairing as the matchup sees it (GW-BATTLE-13..17). `match` is the resolved kind: 마술, 기술 and
 * master cards arrive here as their declared aspect; 일격 필살 and 비전 마술 keep their own names because their
 * interactions differ by `specialJudgmentRule`.
 */
export type PairingPlay = {
  match: MatchKind | 'defense' | 'oneHitKill' | 'arcane';
  /** Pure card damage (MERIT-04): base stat damage with + doubling and nothing else. */
  pure: number;
  /** Card grade for upsets (MERIT-03), with each active "+" as one grade when `plusCountsAsGrade`. */
  grade: number;
  /** + is active on this judgment (MERIT-01 activation or MERIT-06 one-shot). */
  plus: boolean;
  /** The old Assassin trait's edges (CLASS-03 old): wins same-kind ties; its first attack card always wins. */
  assassinOld?: { firstAttack: boolean; vsServant: boolean };
};

/** What one side of a pairing does to the other. */
export type PairingHit = {
  hits: boolean;
  /** The hit lands through an opposing 방어 judgment (BATTLE-19). */
  defended: boolean;
  /** MERIT-05: a 보구 beaten by a + upset still deals half, to HP only. */
  npHalf: boolean;
  /** 001 일격 필살 / 대마술 against 보구: the NP's HP or MP damage is reduced by this (BATTLE-15/16). */
  npHpReduce: number;
  npMpReduce: number;
};

export type PairingResult = { a: PairingHit; b: PairingHit; rule: string };

const none = (): PairingHit => ({ hits: false, defended: false, npHalf: false, npHpReduce: 0, npMpReduce: 0 });
const hit = (extra: Partial<PairingHit> = {}): PairingHit => ({ ...none(), hits: true, ...extra });
const attacks = (p: PairingPlay): boolean => p.match !== 'wait' && p.match !== 'defense';

/** Resolves one pairing of judgments: who deals damage to whom. Pure; damage amounts are computed elsewhere. */
export function resolvePairing(a: PairingPlay, b: PairingPlay, o: GrailWarOptions): PairingResult {
  const flipped = (r: PairingResult): PairingResult => ({ a: r.b, b: r.a, rule: r.rule });
  if (b.match === 'oneHitKill' && a.match !== 'oneHitKill') return flipped(resolvePairing(b, a, o));
  if (b.match === 'arcane' && a.match !== 'arcane' && a.match !== 'oneHitKill') return flipped(resolvePairing(b, a, o));
  if (b.match === 'defense' && a.match !== 'defense') return flipped(resolvePairing(b, a, o));

  if (a.match === 'oneHitKill' && b.match !== 'oneHitKill') {
    // GW-BATTLE-15 000: wins against every judgment in its slot; the other side is nullified.
    if (o.specialJudgmentRule === '000') return { a: hit(), b: none(), rule: 'GW-BATTLE-15' };
    return special001(a, b, 'npHpReduce', o);
  }
  if (a.match === 'arcane' && b.match !== 'arcane') {
    // GW-BATTLE-16 000: the spell hits every enemy apart from the matchup, so here the caster only waits.
    if (o.specialJudgmentRule === '000') return resolvePairing({ ...a, match: 'wait' }, b, o);
    return special001(a, b, 'npMpReduce', o);
  }
  if (a.match === 'defense') {
    // GW-BATTLE-19: an attack against 방어 lands (reduced later); 방어 itself deals nothing.
    return { a: none(), b: attacks(b) ? hit({ defended: true }) : none(), rule: 'GW-BATTLE-19' };
  }
  // From here both are table kinds, or the same special against itself (resolved as a same-kind pairing).
  const ka = tableKind(a);
  const kb = tableKind(b);
  const cell = o.matchupTable[ka][kb];
  if (cell === '·') return { a: none(), b: none(), rule: 'GW-BATTLE-13' };
  if (cell === '=') return sameKind(a, b, o);
  const winnerIsA = cell === 'W';
  const [win, lose] = winnerIsA ? [a, b] : [b, a];
  const upset = upsets(lose, win);
  if (upset) {
    // MERIT-03 turns the loss into a win; MERIT-05 lets a beaten 보구 still deal half to HP.
    const loserHit = hit();
    const winnerHit = tableKind(win) === 'np' ? hit({ npHalf: true }) : none();
    return orient(winnerIsA, winnerHit, loserHit, 'GW-BATTLE-17');
  }
  if (lose.assassinOld?.firstAttack && lose.assassinOld.vsServant && attacks(lose)) {
    // CLASS-03 old: the Assassin's first attack card against a servant always wins, except against 보구 and 행운.
    const k = tableKind(win);
    if (k !== 'np' && k !== 'critical') return orient(winnerIsA, none(), hit(), 'GW-CLASS-03');
  }
  return orient(winnerIsA, hit(), none(), 'GW-BATTLE-13');
}

/** Orients a (winner, loser) pair back to (a, b). */
function orient(winnerIsA: boolean, winner: PairingHit, loser: PairingHit, rule: string): PairingResult {
  return winnerIsA ? { a: winner, b: loser, rule } : { a: loser, b: winner, rule };
}

function tableKind(p: PairingPlay): MatchKind {
  if (p.match === 'oneHitKill' || p.match === 'arcane') return 'critical';
  if (p.match === 'defense') return 'wait';
  return p.match;
}

/** MERIT-03: a + card that would lose wins when its grade exceeds the other card's by 3 or more. */
function upsets(loser: PairingPlay, winner: PairingPlay): boolean {
  return loser.plus && attacks(loser) && loser.grade - winner.grade >= 3;
}

/** 001 일격 필살 / 대마술 resolve as 치명 (BATTLE-15/16): cancel against 치명, shrink a 보구 instead of beating it. */
function special001(a: PairingPlay, b: PairingPlay, reduce: 'npHpReduce' | 'npMpReduce', o: GrailWarOptions): PairingResult {
  const rule = reduce === 'npHpReduce' ? 'GW-BATTLE-15' : 'GW-BATTLE-16';
  const kb = tableKind(b);
  if (kb === 'critical') return { a: none(), b: none(), rule };
  if (kb === 'np') return { a: none(), b: hit({ [reduce]: a.pure }), rule };
  if (b.match === 'defense') return { a: hit({ defended: true }), b: none(), rule };
  const r = resolvePairing({ ...a, match: 'critical' }, b, o);
  return { ...r, rule };
}

/** GW-BATTLE-14 / MERIT-04: same kind → higher pure damage wins; a tie follows `sameKindTie`. */
function sameKind(a: PairingPlay, b: PairingPlay, o: GrailWarOptions): PairingResult {
  const aEdge = a.assassinOld !== undefined && tableKind(a) !== 'np';
  const bEdge = b.assassinOld !== undefined && tableKind(b) !== 'np';
  if (aEdge !== bEdge) return aEdge ? { a: hit(), b: none(), rule: 'GW-CLASS-03' } : { a: none(), b: hit(), rule: 'GW-CLASS-03' };
  if (a.pure !== b.pure) return a.pure > b.pure ? { a: hit(), b: none(), rule: 'GW-MERIT-04' } : { a: none(), b: hit(), rule: 'GW-MERIT-04' };
  if (o.sameKindTie === 'bothHit') return { a: hit(), b: hit(), rule: 'GW-BATTLE-14' };
  if (o.sameKindTie === 'higherGrade' && a.grade !== b.grade) {
    return a.grade > b.grade ? { a: hit(), b: none(), rule: 'GW-BATTLE-14' } : { a: none(), b: hit(), rule: 'GW-BATTLE-14' };
  }
  return { a: none(), b: none(), rule: 'GW-BATTLE-14' };
}
