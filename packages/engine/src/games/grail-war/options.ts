import type { GwMatchCell, GwMatchKind, GwMatchupTable, GwOptions } from '@veiltable/protocol/games/grail-war';

/**
 * The six kinds the matchup table knows (GW-BATTLE-13), in the protocol's order (sheets.test.ts checks that they
 * are the protocol's). Written out so that this module, which the client's option forms import, carries no schema.
 */
export const MATCH_KINDS: readonly GwMatchKind[] = ['smash', 'counter', 'rush', 'critical', 'np', 'wait'];
export type MatchKind = GwMatchKind;
/** W: row wins; L: column wins; '=': same kind (BATTLE-14); '·': nothing happens. */
export type MatchCell = GwMatchCell;
export type MatchupTable = GwMatchupTable;

/** §15.5 DEFAULT: the base page's cycle, 치명 above the basics and 보구 above 치명 (INFERRED). */
export const DEFAULT_MATCHUP: MatchupTable = {
  smash: { smash: '=', counter: 'L', rush: 'W', critical: 'L', np: 'L', wait: 'W' },
  counter: { smash: 'W', counter: '=', rush: 'L', critical: 'L', np: 'L', wait: 'W' },
  rush: { smash: 'L', counter: 'W', rush: '=', critical: 'L', np: 'L', wait: 'W' },
  critical: { smash: 'W', counter: 'W', rush: 'W', critical: '=', np: 'L', wait: 'W' },
  np: { smash: 'W', counter: 'W', rush: 'W', critical: 'W', np: '=', wait: 'W' },
  wait: { smash: 'L', counter: 'L', rush: 'L', critical: 'L', np: 'L', wait: '·' },
};

export type RulesVersion = GwOptions['rulesVersion'];

/**
 * Every §19 option that touches battle (protocol gwOptions, which documents each), plus the step timer of
 * GW-HIDE-04, which is not in §19.
 */
export type GrailWarOptions = GwOptions;

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
    conviction000HpMp: 0,
    conviction000Damage: 0,
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
    regionConcealment: true,
    consecutiveDefinition: 'consecutiveScenes',
    observerInfoKind: 'rumor',
    areaNpWithDaytime: 'max',
    poolRecoveryMeritCost: 2,
    mindPotionEffect: 'maxHp+10',
    notifyTrueNameReveal: false,
    exGradeValue: 6,
    armyDefenseLoss: 1,
    stepTimerSeconds: null,
    scenesPerDay: { day: 1, night: 1 },
    upkeepPerDay: 10,
    crafting: 'anyone',
    contractCancelRule: v001 ? '001' : '000',
  };
}
