import type {
  GwBasicKind,
  GwBonusKind,
  GwClassId,
  GwConsumableId,
  GwItemId,
  GwMasterSheet,
  GwMeter,
  GwNamedSkill,
  GwNoblePhantasm,
  GwServantSheet,
} from '@veiltable/protocol/games/grail-war';
import { gwBasicKind, gwBonusKind, gwClassId, gwConsumableId, gwItemId, gwMasterSheet, gwNamedSkill, gwNoblePhantasm, gwServantSheet } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { isLetterRank, parseRank } from './grades.ts';

/** The seven classes (GW-CORE-01). */
export const CLASS_IDS = gwClassId.options;
export type ClassId = GwClassId;

/** NP types and modes (GW-CORE-06). */
export const NP_TYPES = gwNoblePhantasm.shape.npType.options;
export type NpType = NoblePhantasm['npType'];
export type NpMode = NoblePhantasm['mode'];

/** The three basic kinds a stat governs (base page: STR→강타, END→반격, AGI→맹공). */
export const BASIC_KINDS = gwBasicKind.options;
export type BasicKind = GwBasicKind;

/** Kinds an attack-form bonus (GW-DMG-02) can name. */
export const BONUS_KINDS = gwBonusKind.options;
export type BonusKind = GwBonusKind;

/** The skills and traits the rules read by name (GW-CORE-05), and the lineages 혈통 수호자, 용종, 신성. */
export const NAMED_SKILLS = gwNamedSkill.options;
export type NamedSkill = GwNamedSkill;
export const LINEAGES = gwServantSheet.shape.lineage.unwrap().options;

/** Whether a servant holds a named skill (GW-CORE-05), graded or not. */
export const holdsSkill = (s: ServantSheet, skill: NamedSkill): boolean => s.namedSkills?.[skill] !== undefined;

/** Mystic Codes and consumables that touch battle (GW-ITEM). */
export const ITEM_IDS = gwItemId.options;
export type ItemId = GwItemId;
export const CONSUMABLE_IDS = gwConsumableId.options;
export type ConsumableId = GwConsumableId;

export type Meter = GwMeter;

/** A Noble Phantasm: HP damage (step 1 base), fixed MP damage [001 #1], the MP it costs (GAP: sheet), its cards. */
export type NoblePhantasm = GwNoblePhantasm;

/** A flat per-kind bonus from a skill or NP, never doubled by + (GW-DMG-02), e.g. 괴력 +2 on 강타. */
export type AttackBonus = ServantSheet['attackBonuses'][number];

/**
 * What a magic support (마술 보조) adds to the supported judgment when its spell stands at grade E, D, C, B, A, EX
 * (GW-SUP-01 GAP: "spell- and grade-specific", so the sheet gives it). Five or six entries; EX falls back to A's.
 */
export type MagicSupportTable = number[];

export type ServantStats = ServantSheet['stats'];
export type MasterStats = MasterSheet['stats'];

/**
 * A servant's sheet (GW-CORE-02/04/06, GW-BATTLE-04/06): the alias others know it by, its private true name
 * (GW-HIDE-F01), 마술 and 기술 grades, 방어 (GAP: DEFAULT 0 cards, value = END), per-kind counts when
 * `cardCountDerivation` is `sheet`, 대마력 against 000 비전 마술.
 */
export type ServantSheet = GwServantSheet;

export const SPECIALIZATIONS = gwMasterSheet.shape.specializations.element.options;
export type Specialization = (typeof SPECIALIZATIONS)[number];

/**
 * A master's sheet (GW-CORE-03/04, GW-SPEC): `sealsLeft` null means `sealsPerMaster` at registration; the
 * judgment limit (판정의 한계, GAP: sheet) null means no cap.
 */
export type MasterSheet = GwMasterSheet;

export type Sheet = ServantSheet | MasterSheet;

/** A servant grade: E..A or EX with "+" marks (stats, NP, skills). A master grade has no EX (GW-CORE-03). */
const isGrade = (t: unknown): t is string => typeof t === 'string' && parseRank(t) !== null;
const isLetterGrade = (t: unknown): t is string => typeof t === 'string' && isLetterRank(t);
const isSupportTable = (t: MagicSupportTable | undefined): boolean =>
  t === undefined || (Array.isArray(t) && t.length >= 5 && t.length <= 6 && t.every((n) => isCount(n, 99)));
const isCount = (n: unknown, max = 999): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
const isMeter = (m: Meter): boolean =>
  Number.isInteger(m.current) && isCount(m.max, 9999) && m.current <= m.max && m.current >= -9999;

/** Checks a servant sheet: every grade parses, counts are non-negative, meters are consistent (GW-CORE-02/04/06). */
export function validateServantSheet(s: ServantSheet): Result<void> {
  for (const key of ['str', 'end', 'agi', 'mag', 'luk', 'np'] as const) {
    if (!isGrade(s.stats[key])) return err('BAD_GRADE', 'GW-CORE-02', `stats.${key}`);
  }
  if (!CLASS_IDS.includes(s.className)) return err('BAD_CLASS', 'GW-CORE-01');
  if (!s.trueName.trim() || !s.alias.trim()) return err('BAD_NAME', 'GW-CORE-01');
  if (!isCount(s.grade) || s.grade < 1) return err('BAD_CHARACTER_GRADE', 'GW-CORE-04');
  if (s.magecraft !== null && !isGrade(s.magecraft)) return err('BAD_GRADE', 'GW-CORE-02', 'magecraft');
  if (s.skill && (!isGrade(s.skill.grade) || !isCount(s.skill.cards))) return err('BAD_SKILL', 'GW-BATTLE-04');
  if (!isCount(s.defense.cards) || (s.defense.value !== null && !isCount(s.defense.value))) return err('BAD_DEFENSE', 'GW-BATTLE-19');
  for (const n of Object.values(s.cardCounts ?? {})) if (!isCount(n)) return err('BAD_CARD_COUNT', 'GW-BATTLE-06');
  const npIds = new Set<string>();
  for (const np of s.noblePhantasms) {
    if (!np.id || npIds.has(np.id)) return err('BAD_NP', 'GW-CORE-06', 'duplicate id');
    npIds.add(np.id);
    if (!NP_TYPES.includes(np.npType)) return err('BAD_NP', 'GW-CORE-06', 'type');
    if (![np.hpDamage, np.mpDamage, np.mpCost, np.cards].every((n) => isCount(n))) return err('BAD_NP', 'GW-CORE-06', 'numbers');
  }
  for (const b of s.attackBonuses) if (!Number.isInteger(b.amount) || b.kinds.length === 0) return err('BAD_BONUS', 'GW-DMG-02');
  for (const g of Object.values(s.namedSkills ?? {})) if (g !== null && !isGrade(g)) return err('BAD_GRADE', 'GW-CORE-05');
  if (!isMeter(s.hp) || !isMeter(s.mp)) return err('BAD_METER', 'GW-CORE-04');
  if (!isCount(s.merit, 9999) || !isCount(s.xp, 99999)) return err('BAD_POINTS', 'GW-CORE-04');
  if (!isCount(s.magicResistance)) return err('BAD_RESISTANCE', 'GW-BATTLE-16');
  if (!isSupportTable(s.magicSupport)) return err('BAD_SUPPORT_TABLE', 'GW-SUP-01');
  return checkInventory(s.items, s.consumables);
}

/** Checks a master sheet (GW-CORE-03/04): grades, pools within their maximum, seal count. */
export function validateMasterSheet(m: MasterSheet): Result<void> {
  for (const key of ['combat', 'magic', 'conviction', 'fate'] as const) {
    if (!isLetterGrade(m.stats[key])) return err('BAD_GRADE', 'GW-CORE-03', `stats.${key}`);
  }
  if (!m.name.trim()) return err('BAD_NAME', 'GW-CORE-01');
  if (!isCount(m.grade) || m.grade < 1) return err('BAD_CHARACTER_GRADE', 'GW-CORE-04');
  if (new Set(m.specializations).size !== m.specializations.length) return err('BAD_SPECIALIZATION', 'GW-SPEC-01');
  if (!m.specializations.every((x) => SPECIALIZATIONS.includes(x))) return err('BAD_SPECIALIZATION', 'GW-SPEC-01');
  for (const meter of [m.conviction, m.fate, m.hp, m.mp]) if (!isMeter(meter)) return err('BAD_METER', 'GW-CORE-03');
  if (m.conviction.current < 0 || m.fate.current < 0) return err('BAD_METER', 'GW-CORE-03');
  if (m.sealsLeft !== null && !isCount(m.sealsLeft, 99)) return err('BAD_SEALS', 'GW-CORE-04');
  if (m.judgmentLimit !== null && !isCount(m.judgmentLimit)) return err('BAD_LIMIT', 'GW-BATTLE-06');
  if (m.spells && (!isLetterGrade(m.spells.grade) || !isCount(m.spells.cards))) return err('BAD_SPELLS', 'GW-BATTLE-06');
  if (!isSupportTable(m.magicSupport)) return err('BAD_SUPPORT_TABLE', 'GW-SUP-01');
  if (!isCount(m.merit, 9999) || !isCount(m.xp, 99999)) return err('BAD_POINTS', 'GW-CORE-04');
  return checkInventory(m.items, m.consumables);
}

/** Checks a sheet of either kind (GW-CORE-02..04). */
export function validateSheet(sheet: Sheet): Result<void> {
  return sheet.kind === 'servant' ? validateServantSheet(sheet) : validateMasterSheet(sheet);
}

function checkInventory(items: ItemId[], consumables: Partial<Record<ConsumableId, number>>): Result<void> {
  // GW-ITEM-01 DEFAULT: one copy of each Mystic Code.
  if (new Set(items).size !== items.length || !items.every((i) => ITEM_IDS.includes(i))) return err('BAD_ITEMS', 'GW-ITEM-01');
  for (const [id, n] of Object.entries(consumables)) {
    if (!CONSUMABLE_IDS.includes(id as ConsumableId) || !isCount(n)) return err('BAD_ITEMS', 'GW-ITEM-01');
  }
  return ok(undefined);
}

/** The true name a sheet gives its seat's first character as its secret face (GW-HIDE-F01); a master has none. */
export function secretNameOf(sheet: Sheet): string | undefined {
  return sheet.kind === 'servant' ? sheet.trueName : undefined;
}
