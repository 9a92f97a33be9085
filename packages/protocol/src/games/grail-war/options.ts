import { z } from 'zod';
import { gwClassId } from './sheets.ts';

const matchKind = z.enum(['smash', 'counter', 'rush', 'critical', 'np', 'wait']);
/** W: row wins; L: column wins; '=': same kind (GW-BATTLE-14); '·': nothing happens. */
const cell = z.enum(['W', 'L', '=', '·']);
const row = z.object({ smash: cell, counter: cell, rush: cell, critical: cell, np: cell, wait: cell });
export const gwMatchupTable = z.object({ smash: row, counter: row, rush: row, critical: row, np: row, wait: row });
export { matchKind as gwMatchKind, cell as gwMatchCell };
export type GwMatchKind = z.infer<typeof matchKind>;
export type GwMatchCell = z.infer<typeof cell>;
export type GwMatchupTable = z.infer<typeof gwMatchupTable>;

/** Every battle-relevant §19 option (defaults live in the engine's defaultGrailWarOptions). */
export const gwOptions = z.object({
  rulesVersion: z.enum(['001', '000']),
  sealRules: z.enum(['001', '000']),
  sealDefenseMidBattleHeal: z.boolean(),
  sealSameLocationRequired: z.boolean(),
  sealsPerMaster: z.number().int().min(0).max(20),
  actionRestrictionWindow: z.enum(['everyBatch', 'firstBatchOnly']),
  convictionRule: z.enum(['001new', '001old', '000']),
  /**
   * SPEC-05 under `000` GAP: 000 gives only the specialization, not what spending one 신념 gives; the GM sets the HP/MP
   * and the damage one point adds (DEFAULT 0, nothing until set; 001 #18's 기존 was +20 and +2).
   */
  conviction000HpMp: z.number().int().min(0).max(100),
  conviction000Damage: z.number().int().min(0).max(20),
  specialJudgmentRule: z.enum(['001', '000']),
  magicDamageRouting: z.enum(['allMp', 'halfHalf']),
  guardianLineage: z.enum(['plus5', 'double']),
  assassinTraits: z.enum(['new', 'old']),
  unnamedClassTraitTarget: z.union([gwClassId, z.literal('none')]),
  berserkerSingleConsumption: z.boolean(),
  infoDoubleForKnown: z.boolean(),
  masterZeroRule: z.boolean(),
  /** MISC-01 / MERIT-09: +1 merit per GM-approved SS that hints at one of the writer's keywords. */
  ssReward: z.boolean(),
  /** §12 trial (001 #7), off by default: SEAL-09 then sets trust instead of the relationship score. */
  trustRule: z.boolean(),
  /** CLASS-05: Clairvoyance widens a servant's search range. */
  clairvoyanceRule: z.boolean(),
  /** CLASS-06: a Caster in its territory is hidden from 탐색. */
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
  /** TRUST-05: how the half of a card's damage passed to the master rounds. */
  trustHalfRounding: z.enum(['floor', 'ceil']),
  /** HIDE-F17: the master sees its servant's trust (otherwise only the servant and the GM). */
  partnerSeesTrust: z.boolean(),
  /** §13 trial (001 #12), off by default: each battle costs its participants character concealment (SAN-02..07). */
  characterConcealment: z.boolean(),
  /** REGION-03..05: regions keep a mystery concealment that battles and 식인 lower; at 0 a region closes. */
  regionConcealment: z.boolean(),
  /** REGION-04/05 INFERRED: battles or 식인 in one region are consecutive in consecutive scenes, or within one scene. */
  consecutiveDefinition: z.enum(['consecutiveScenes', 'sameScene']),
  /** INFO-07 "소문 or 전승": the kind an observer who holds 전투 points gains (the knower's choice, INFERRED default 소문). */
  observerInfoKind: z.enum(['rumor', 'legend']),
  /** INFO-07 with INFO-10 INFERRED: an observer in both ranges gains the larger amount, or both summed. */
  areaNpWithDaytime: z.enum(['max', 'sum']),
  /** SAN-07: the k-th battle in one region multiplies losses by 2^(k−1) (`doubling`) or by 2 (`fixed2`). */
  repeatBattleConcealment: z.enum(['doubling', 'fixed2']),
  /** SPEC-04/05 GAP: merit per point to recover 신념 or 명운 without that stat's specialization. */
  poolRecoveryMeritCost: z.number().int().min(0).max(20),
  /** ITEM-D5 (defect D3): the Mind Potion as written (max HP +10) or read as max MP +10. */
  mindPotionEffect: z.enum(['maxHp+10', 'maxMp+10']),
  /** HIDE-F01: a servant's side is told when someone learns its true name. */
  notifyTrueNameReveal: z.boolean(),
  /** §0.1 GAP: the value of an EX grade (stats, NP, skills); DEFAULT 6, one step above A. */
  exGradeValue: z.number().int().min(5).max(20),
  /** BATTLE-19 GAP: 방어 cards an army (군세) attack takes from its target; DEFAULT 1. */
  armyDefenseLoss: z.number().int().min(0).max(20),
  /** Not in §19: seconds before an open sealed step is forced (GW-HIDE-04's GM timer); null = the GM forces by hand. */
  stepTimerSeconds: z.number().int().min(10).max(86400).nullable(),
  /** FLOW-02 (INFERRED {1, 1}): Day scenes, then Night scenes, in one day. */
  scenesPerDay: z.object({ day: z.number().int().min(1).max(9), night: z.number().int().min(1).max(9) }),
  /** CONTRACT-01: the master's upkeep 유지마력 in MP per servant per day (table value 10). */
  upkeepPerDay: z.number().int().min(0).max(99),
  /**
   * GW-ITEM-01 (INFERRED): crafting 제작 costs the price and, unlike buying, needs no shop at the place; who may craft
   * is unstated, so anyone by default, only masters, or nobody.
   */
  crafting: z.enum(['anyone', 'masters', 'off']),
  /** CONTRACT-02: a cancelled servant's per-scene upkeep and whether cancel and re-contract may share a place (001 #22, or 000 §8). */
  contractCancelRule: z.enum(['001', '000']),
});
export type GwOptions = z.infer<typeof gwOptions>;
