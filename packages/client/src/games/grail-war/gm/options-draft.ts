import { defaultGrailWarOptions, type GrailWarOptions } from '@veiltable/engine/games/grail-war';
import * as generic from '../../../gm/options-draft.ts';
import { allOf } from '../../../ui/all-of.ts';

/** How the options panel (gm/options-form.svelte) shows one §19 option: a toggle, a select of its legal values, or a bounded integer. */
export type OptionField =
  | { key: BoolKey; kind: 'bool'; rule: string }
  | { key: EnumKey; kind: 'enum'; values: readonly string[]; rule: string }
  | { key: IntKey; kind: 'int'; min: number; max: number; nullable: boolean; rule: string };

type KeysOf<V> = { [K in keyof GrailWarOptions]: GrailWarOptions[K] extends V ? K : never }[keyof GrailWarOptions];
export type BoolKey = KeysOf<boolean>;
export type IntKey = 'sealsPerMaster' | 'conviction000HpMp' | 'conviction000Damage' | 'servantSupportBonus' | 'poolRecoveryMeritCost' | 'battleBatches' | 'exGradeValue' | 'armyDefenseLoss' | 'stepTimerSeconds' | 'upkeepPerDay';
export type EnumKey = Exclude<keyof GrailWarOptions, BoolKey | IntKey | 'matchupTable' | 'scenesPerDay'>;

const CLASSES = ['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin', 'none'] as const;

/**
 * Every battle option of §19 the engine keeps, in the spec's table order, with the legal values of the protocol's
 * gwOptions schema (bounds match the engine's badOption). matchupTable has its own grid, see setMatchupCell, and
 * scenesPerDay its two counts (options.svelte).
 */
export const OPTION_FIELDS: readonly OptionField[] = [
  { key: 'rulesVersion', kind: 'enum', values: ['001', '000'], rule: 'META-01' },
  { key: 'sealRules', kind: 'enum', values: ['001', '000'], rule: 'SEAL-01..10' },
  { key: 'sealDefenseMidBattleHeal', kind: 'bool', rule: 'SEAL-05' },
  { key: 'sealSameLocationRequired', kind: 'bool', rule: 'SEAL-00' },
  { key: 'sealsPerMaster', kind: 'int', min: 0, max: 20, nullable: false, rule: 'CORE-04' },
  { key: 'upkeepPerDay', kind: 'int', min: 0, max: 99, nullable: false, rule: 'CONTRACT-01' },
  { key: 'contractCancelRule', kind: 'enum', values: ['001', '000'], rule: 'CONTRACT-02' },
  { key: 'actionRestrictionWindow', kind: 'enum', values: ['everyBatch', 'firstBatchOnly'], rule: 'BATTLE-11' },
  { key: 'convictionRule', kind: 'enum', values: ['001new', '001old', '000'], rule: 'SPEC-05' },
  { key: 'conviction000HpMp', kind: 'int', min: 0, max: 100, nullable: false, rule: 'SPEC-05' },
  { key: 'conviction000Damage', kind: 'int', min: 0, max: 20, nullable: false, rule: 'SPEC-05' },
  { key: 'specialJudgmentRule', kind: 'enum', values: ['001', '000'], rule: 'BATTLE-15/16' },
  { key: 'magicDamageRouting', kind: 'enum', values: ['allMp', 'halfHalf'], rule: 'BATTLE-05' },
  { key: 'guardianLineage', kind: 'enum', values: ['plus5', 'double'], rule: 'CLASS-04' },
  { key: 'assassinTraits', kind: 'enum', values: ['new', 'old'], rule: 'CLASS-03' },
  { key: 'unnamedClassTraitTarget', kind: 'enum', values: CLASSES, rule: 'CLASS-02' },
  { key: 'berserkerSingleConsumption', kind: 'bool', rule: 'CLASS-01' },
  { key: 'clairvoyanceRule', kind: 'bool', rule: 'CLASS-05' },
  { key: 'casterTerritoryHidden', kind: 'bool', rule: 'CLASS-06' },
  { key: 'infoDoubleForKnown', kind: 'bool', rule: 'INFO-11' },
  { key: 'ssReward', kind: 'bool', rule: 'MISC-01' },
  { key: 'masterZeroRule', kind: 'bool', rule: 'MASTER-01' },
  { key: 'masterVsServant', kind: 'bool', rule: 'MASTER-02' },
  { key: 'withdrawalConcedes', kind: 'bool', rule: 'MISC-02' },
  { key: 'trustRule', kind: 'bool', rule: 'TRUST, SEAL-09' },
  { key: 'trustHalfRounding', kind: 'enum', values: ['floor', 'ceil'], rule: 'TRUST-05' },
  { key: 'partnerSeesTrust', kind: 'bool', rule: 'HIDE-F17' },
  { key: 'meritAcquisition', kind: 'enum', values: ['000', '001trial'], rule: 'MERIT-07' },
  { key: 'coopSupportRule', kind: 'bool', rule: 'SUP-03' },
  { key: 'servantSupportBonus', kind: 'int', min: 0, max: 20, nullable: false, rule: 'SUP-03' },
  { key: 'characterConcealment', kind: 'bool', rule: 'SAN' },
  { key: 'repeatBattleConcealment', kind: 'enum', values: ['doubling', 'fixed2'], rule: 'SAN-07' },
  { key: 'regionConcealment', kind: 'bool', rule: 'REGION-03' },
  { key: 'consecutiveDefinition', kind: 'enum', values: ['consecutiveScenes', 'sameScene'], rule: 'REGION-04/05' },
  { key: 'observerInfoKind', kind: 'enum', values: ['rumor', 'legend'], rule: 'INFO-07' },
  { key: 'areaNpWithDaytime', kind: 'enum', values: ['max', 'sum'], rule: 'INFO-07/10' },
  { key: 'multiOpponentXp', kind: 'enum', values: ['000', 'perHead', 'fixedAllied'], rule: 'XP-08' },
  { key: 'mostDamageTie', kind: 'enum', values: ['allTied', 'gmDecides'], rule: 'XP-05' },
  { key: 'classGuessFailPenalty', kind: 'enum', values: ['replace', 'stack'], rule: 'INFO-14' },
  { key: 'plusCountsAsGrade', kind: 'bool', rule: 'MERIT-03' },
  { key: 'poolRecoveryMeritCost', kind: 'int', min: 0, max: 20, nullable: false, rule: 'SPEC-04/05' },
  { key: 'mindPotionEffect', kind: 'enum', values: ['maxHp+10', 'maxMp+10'], rule: 'ITEM-D5' },
  { key: 'crafting', kind: 'enum', values: ['anyone', 'masters', 'off'], rule: 'ITEM-01' },
  { key: 'cardCountDerivation', kind: 'enum', values: ['gradeValue', 'sheet'], rule: 'BATTLE-06' },
  { key: 'battleBatches', kind: 'int', min: 1, max: 20, nullable: false, rule: 'BATTLE-09' },
  { key: 'exGradeValue', kind: 'int', min: 5, max: 20, nullable: false, rule: '§0.1 EX' },
  { key: 'armyDefenseLoss', kind: 'int', min: 0, max: 20, nullable: false, rule: 'BATTLE-19' },
  { key: 'sameKindTie', kind: 'enum', values: ['cancel', 'bothHit', 'higherGrade'], rule: 'BATTLE-14' },
  { key: 'meleeMode', kind: 'enum', values: ['simultaneous', 'sequential1v1'], rule: 'BATTLE-M1' },
  { key: 'battleWinnerRule', kind: 'enum', values: ['standing>withdraw>damage', 'gm'], rule: 'BATTLE-21' },
  { key: 'pairSharesInfo', kind: 'bool', rule: 'REL-10' },
  { key: 'notifyTrueNameReveal', kind: 'bool', rule: 'HIDE-F01' },
  { key: 'showHpToOpponents', kind: 'bool', rule: 'HIDE-F06' },
  { key: 'spectatorVisibility', kind: 'enum', values: ['public', 'battlesAfterReveal', 'gmMirror'], rule: 'HIDE-F28/F32' },
  { key: 'stepTimerSeconds', kind: 'int', min: 10, max: 86400, nullable: true, rule: 'HIDE-04' },
];

/** The editor's state: integers stay text while the GM types, everything else holds its option value. */
export type OptionsDraft = Omit<GrailWarOptions, IntKey> & Record<IntKey, string>;

/** The spec's defaults (GW-META-01: 001), against which the form marks every field. */
export const SPEC_DEFAULTS: GrailWarOptions = defaultGrailWarOptions('001');

/** A draft showing the room's current options. */
export function draftOf(options: GrailWarOptions): OptionsDraft {
  return generic.draftOf(OPTION_FIELDS, options) as unknown as OptionsDraft;
}

/** A rules version's preset as a draft, keeping the GM's step timer (it is not a rule). */
export function presetDraft(version: '001' | '000', current: OptionsDraft): OptionsDraft {
  return { ...draftOf(defaultGrailWarOptions(version)), stepTimerSeconds: current.stepTimerSeconds };
}

/** The integer fields the GM left out of bounds; the form refuses to submit while any remain. */
export function draftProblems(d: OptionsDraft): IntKey[] {
  return generic.draftProblems(OPTION_FIELDS, d) as IntKey[];
}

/** The full options a valid draft stands for (call only when draftProblems is empty). */
export function draftOptions(d: OptionsDraft): GrailWarOptions {
  return generic.draftOptions(OPTION_FIELDS, d) as unknown as GrailWarOptions;
}

/** Only what the GM changed, so options.set leaves the rest of the room as it is. */
export function changedOptions(current: GrailWarOptions, d: OptionsDraft): Partial<GrailWarOptions> {
  return generic.changedOptions(OPTION_FIELDS, current, d) as Partial<GrailWarOptions>;
}

/** Whether a value is the spec's default for that option. */
export function isSpecDefault(key: keyof GrailWarOptions, value: unknown): boolean {
  return JSON.stringify(SPEC_DEFAULTS[key]) === JSON.stringify(value);
}

type GwMatchupTable = GrailWarOptions['matchupTable'];
export type MatchKind = keyof GwMatchupTable;
/** The matchup table's rows and columns, in the rules' order. */
const MATCH_KINDS = allOf<MatchKind>()(['smash', 'counter', 'rush', 'critical', 'np', 'wait']);
const MIRROR = { W: 'L', L: 'W', '=': '=', '·': '·' } as const;

/** Sets one matchup cell and its mirror, so the table always agrees with itself (GW-BATTLE-13, badOption). */
export function setMatchupCell(table: GwMatchupTable, row: MatchKind, col: MatchKind, cell: keyof typeof MIRROR): void {
  if (row === col) throw new Error('a kind against itself is fixed (GW-BATTLE-14)');
  table[row][col] = cell;
  table[col][row] = MIRROR[cell];
}

/** The editable pairs: each unordered pair of different kinds once, as the upper triangle of the table. */
export const MATCHUP_PAIRS: readonly (readonly [MatchKind, MatchKind])[] = MATCH_KINDS.flatMap((row, i) => MATCH_KINDS.slice(i + 1).map((col) => [row, col] as const));
