import type { ClassId } from './sheets.ts';

/** The six kinds the matchup table knows (GW-BATTLE-13). */
export const MATCH_KINDS = ['smash', 'counter', 'rush', 'critical', 'np', 'wait'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
/** W: row wins; L: column wins; '=': same kind (BATTLE-14); '·': nothing happens. */
export type MatchCell = 'W' | 'L' | '=' | '·';
export type MatchupTable = Record<MatchKind, Record<MatchKind, MatchCell>>;

/** §15.5 DEFAULT: the base page's cycle, 치명 above the basics and 보구 above 치명 (INFERRED). */
export const DEFAULT_MATCHUP: MatchupTable = {
  smash: { smash: '=', counter: 'L', rush: 'W', critical: 'L', np: 'L', wait: 'W' },
  counter: { smash: 'W', counter: '=', rush: 'L', critical: 'L', np: 'L', wait: 'W' },
  rush: { smash: 'L', counter: 'W', rush: '=', critical: 'L', np: 'L', wait: 'W' },
  critical: { smash: 'W', counter: 'W', rush: 'W', critical: '=', np: 'L', wait: 'W' },
  np: { smash: 'W', counter: 'W', rush: 'W', critical: 'W', np: '=', wait: 'W' },
  wait: { smash: 'L', counter: 'L', rush: 'L', critical: 'L', np: 'L', wait: '·' },
};

export type RulesVersion = '001' | '000';
export type OnOff = boolean;

/** Every §19 option that touches battle, its values and the spec's default. */
export type GrailWarOptions = {
  rulesVersion: RulesVersion;
  sealRules: '001' | '000';
  sealDefenseMidBattleHeal: OnOff;
  sealSameLocationRequired: OnOff;
  sealsPerMaster: number;
  actionRestrictionWindow: 'everyBatch' | 'firstBatchOnly';
  convictionRule: '001new' | '001old' | '000';
  specialJudgmentRule: '001' | '000';
  magicDamageRouting: 'allMp' | 'halfHalf';
  guardianLineage: 'plus5' | 'double';
  assassinTraits: 'new' | 'old';
  unnamedClassTraitTarget: ClassId | 'none';
  berserkerSingleConsumption: OnOff;
  infoDoubleForKnown: OnOff;
  masterZeroRule: OnOff;
  /** MISC-01 / MERIT-09: +1 merit per GM-approved SS that hints at one of the writer's keywords. */
  ssReward: OnOff;
  /** §12 trial (001 #7), off by default: SEAL-09 then sets trust instead of the relationship score. */
  trustRule: OnOff;
  /** CLASS-05: Clairvoyance widens a servant's search range. */
  clairvoyanceRule: OnOff;
  /** CLASS-06: a Caster in its territory is hidden from 탐색. */
  casterTerritoryHidden: OnOff;
  masterVsServant: OnOff;
  withdrawalConcedes: OnOff;
  meritAcquisition: '000' | '001trial';
  coopSupportRule: OnOff;
  servantSupportBonus: number;
  multiOpponentXp: '000' | 'perHead' | 'fixedAllied';
  mostDamageTie: 'allTied' | 'gmDecides';
  classGuessFailPenalty: 'replace' | 'stack';
  plusCountsAsGrade: OnOff;
  cardCountDerivation: 'gradeValue' | 'sheet';
  battleBatches: number;
  matchupTable: MatchupTable;
  sameKindTie: 'cancel' | 'bothHit' | 'higherGrade';
  meleeMode: 'simultaneous' | 'sequential1v1';
  battleWinnerRule: 'standing>withdraw>damage' | 'gm';
  pairSharesInfo: OnOff;
  showHpToOpponents: OnOff;
  spectatorVisibility: 'public' | 'battlesAfterReveal' | 'gmMirror';
  /** TRUST-05: how the half of a card's damage passed to the master rounds. */
  trustHalfRounding: 'floor' | 'ceil';
  /** HIDE-F17: the master sees its servant's trust (otherwise only the servant and the GM). */
  partnerSeesTrust: OnOff;
  /** §13 trial (001 #12), off by default: each battle costs its participants character concealment (SAN-02..07). */
  characterConcealment: OnOff;
  /** SAN-07: the k-th battle in one region multiplies losses by 2^(k−1) (`doubling`) or by 2 (`fixed2`). */
  repeatBattleConcealment: 'doubling' | 'fixed2';
  /** SPEC-04/05 GAP: merit per point to recover 신념 or 명운 without that stat's specialization. */
  poolRecoveryMeritCost: number;
  /** ITEM-D5 (defect D3): the Mind Potion as written (max HP +10) or read as max MP +10. */
  mindPotionEffect: 'maxHp+10' | 'maxMp+10';
  /** HIDE-F01: a servant's side is told when someone learns its true name. */
  notifyTrueNameReveal: OnOff;
  /** §0.1 GAP: the value of an EX grade (stats, NP, skills); DEFAULT 6, one step above A. */
  exGradeValue: number;
  /** BATTLE-19 GAP: 방어 cards an army (군세) attack takes from its target; DEFAULT 1. */
  armyDefenseLoss: number;
  /** Not in §19: seconds before an open sealed step is forced (GW-HIDE-04's GM timer); null = the GM forces by hand. */
  stepTimerSeconds: number | null;
};

/**
 * The defaults of §19 for a rules version. '001' is the spec's default (GW-META-01); '000' turns every
 * 001-change back to its 000 value and every 001-only rule off. Trial and inferred options keep their defaults.
 */
export function defaultGrailWarOptions(version: RulesVersion = '001'): GrailWarOptions {
  const v001 = version === '001';
  return {
    rulesVersion: version,
    sealRules: v001 ? '001' : '000',
    sealDefenseMidBattleHeal: !v001,
    sealSameLocationRequired: true,
    sealsPerMaster: 3,
    actionRestrictionWindow: 'everyBatch',
    convictionRule: v001 ? '001new' : '000',
    specialJudgmentRule: v001 ? '001' : '000',
    magicDamageRouting: v001 ? 'allMp' : 'halfHalf',
    guardianLineage: v001 ? 'plus5' : 'double',
    assassinTraits: v001 ? 'new' : 'old',
    unnamedClassTraitTarget: v001 ? 'berserker' : 'none',
    berserkerSingleConsumption: v001,
    infoDoubleForKnown: v001,
    masterZeroRule: v001,
    ssReward: v001,
    trustRule: false,
    clairvoyanceRule: v001,
    casterTerritoryHidden: v001,
    masterVsServant: v001,
    withdrawalConcedes: v001,
    meritAcquisition: '000',
    coopSupportRule: false,
    servantSupportBonus: 3,
    multiOpponentXp: '000',
    mostDamageTie: 'allTied',
    classGuessFailPenalty: 'replace',
    plusCountsAsGrade: true,
    cardCountDerivation: 'gradeValue',
    battleBatches: 2,
    matchupTable: structuredClone(DEFAULT_MATCHUP),
    sameKindTie: 'cancel',
    meleeMode: 'simultaneous',
    battleWinnerRule: 'standing>withdraw>damage',
    pairSharesInfo: false,
    showHpToOpponents: false,
    spectatorVisibility: 'public',
    trustHalfRounding: 'floor',
    partnerSeesTrust: false,
    characterConcealment: false,
    repeatBattleConcealment: 'doubling',
    poolRecoveryMeritCost: 2,
    mindPotionEffect: 'maxHp+10',
    notifyTrueNameReveal: false,
    exGradeValue: 6,
    armyDefenseLoss: 1,
    stepTimerSeconds: null,
  };
}

/** Checks option values a GM may set; returns the first bad key or null. */
export function badOption(o: GrailWarOptions): string | null {
  if (!Number.isInteger(o.sealsPerMaster) || o.sealsPerMaster < 0 || o.sealsPerMaster > 20) return 'sealsPerMaster';
  if (!Number.isInteger(o.battleBatches) || o.battleBatches < 1 || o.battleBatches > 20) return 'battleBatches';
  if (o.stepTimerSeconds !== null && (!Number.isInteger(o.stepTimerSeconds) || o.stepTimerSeconds < 10 || o.stepTimerSeconds > 86400)) return 'stepTimerSeconds';
  if (!Number.isInteger(o.servantSupportBonus) || o.servantSupportBonus < 0 || o.servantSupportBonus > 20) return 'servantSupportBonus';
  if (!Number.isInteger(o.poolRecoveryMeritCost) || o.poolRecoveryMeritCost < 0 || o.poolRecoveryMeritCost > 20) return 'poolRecoveryMeritCost';
  if (!Number.isInteger(o.exGradeValue) || o.exGradeValue < 5 || o.exGradeValue > 20) return 'exGradeValue';
  if (!Number.isInteger(o.armyDefenseLoss) || o.armyDefenseLoss < 0 || o.armyDefenseLoss > 20) return 'armyDefenseLoss';
  for (const row of Object.keys(o.matchupTable) as MatchKind[]) {
    for (const col of Object.keys(o.matchupTable[row]) as MatchKind[]) {
      const a = o.matchupTable[row][col];
      const b = o.matchupTable[col]?.[row];
      // A table must agree with itself: if I win, you lose.
      const mirror = { W: 'L', L: 'W', '=': '=', '·': '·' } as const;
      if (b !== mirror[a]) return 'matchupTable';
    }
  }
  return null;
}
