import { z } from 'zod';
import { gwClassId } from './sheets.ts';

const matchKind = z.enum(['smash', 'counter', 'rush', 'critical', 'np', 'wait']);
const cell = z.enum(['W', 'L', '=', '·']);
const row = z.object({ smash: cell, counter: cell, rush: cell, critical: cell, np: cell, wait: cell });
export const gwMatchupTable = z.object({ smash: row, counter: row, rush: row, critical: row, np: row, wait: row });
export { matchKind as gwMatchKind };

/** Every battle-relevant §19 option (defaults live in the engine's defaultGrailWarOptions). */
export const gwOptions = z.object({
  rulesVersion: z.enum(['001', '000']),
  sealRules: z.enum(['001', '000']),
  sealDefenseMidBattleHeal: z.boolean(),
  sealSameLocationRequired: z.boolean(),
  sealsPerMaster: z.number().int().min(0).max(20),
  actionRestrictionWindow: z.enum(['everyBatch', 'firstBatchOnly']),
  convictionRule: z.enum(['001new', '001old', '000']),
  specialJudgmentRule: z.enum(['001', '000']),
  magicDamageRouting: z.enum(['allMp', 'halfHalf']),
  guardianLineage: z.enum(['plus5', 'double']),
  assassinTraits: z.enum(['new', 'old']),
  unnamedClassTraitTarget: z.union([gwClassId, z.literal('none')]),
  berserkerSingleConsumption: z.boolean(),
  infoDoubleForKnown: z.boolean(),
  masterZeroRule: z.boolean(),
  ssReward: z.boolean(),
  trustRule: z.boolean(),
  clairvoyanceRule: z.boolean(),
  casterTerritoryHidden: z.boolean(),
  masterVsServant: z.boolean(),
  withdrawalConcedes: z.boolean(),
  meritAcquisition: z.enum(['000', '001trial']),
  coopSupportRule: z.boolean(),
  servantSupportBonus: z.number().int().min(0).max(20),
  multiOpponentXp: z.enum(['000', 'perHead', 'fixedAllied']),
  mostDamageTie: z.enum(['allTied', 'gmDecides']),
  classGuessFailPenalty: z.enum(['replace', 'stack']),
  plusCountsAsGrade: z.boolean(),
  cardCountDerivation: z.enum(['gradeValue', 'sheet']),
  battleBatches: z.number().int().min(1).max(20),
  matchupTable: gwMatchupTable,
  sameKindTie: z.enum(['cancel', 'bothHit', 'higherGrade']),
  meleeMode: z.enum(['simultaneous', 'sequential1v1']),
  battleWinnerRule: z.enum(['standing>withdraw>damage', 'gm']),
  pairSharesInfo: z.boolean(),
  showHpToOpponents: z.boolean(),
  spectatorVisibility: z.enum(['public', 'battlesAfterReveal', 'gmMirror']),
  trustHalfRounding: z.enum(['floor', 'ceil']),
  partnerSeesTrust: z.boolean(),
  characterConcealment: z.boolean(),
  repeatBattleConcealment: z.enum(['doubling', 'fixed2']),
  poolRecoveryMeritCost: z.number().int().min(0).max(20),
  mindPotionEffect: z.enum(['maxHp+10', 'maxMp+10']),
  notifyTrueNameReveal: z.boolean(),
  exGradeValue: z.number().int().min(5).max(20),
  armyDefenseLoss: z.number().int().min(0).max(20),
  stepTimerSeconds: z.number().int().min(10).max(86400).nullable(),
});
export type GwOptions = z.infer<typeof gwOptions>;
