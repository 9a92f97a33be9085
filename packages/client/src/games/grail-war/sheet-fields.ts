import { gwBonusKind, gwConsumableId, gwItemId, gwMasterSheet, gwNoblePhantasm, gwServantSheet, gwSheet, type GwNoblePhantasm, type GwSheet } from '@veiltable/protocol/games/grail-war';
import { allOf } from '../../ui/all-of.ts';

type Servant = Extract<GwSheet, { kind: 'servant' }>;

const withPlus = (letters: readonly string[]) => letters.flatMap((l) => ['', '+', '++', '+++'].map((p) => l + p));
/** A servant's grades (stats, NP, skills): E..A or EX with up to three + (GW-CORE-02, §0.1). */
export const SERVANT_GRADES = withPlus(['E', 'D', 'C', 'B', 'A', 'EX']);
/** A master's grades: E..A with up to three +, no EX (GW-CORE-03). */
export const MASTER_GRADES = withPlus(['E', 'D', 'C', 'B', 'A']);

/** The servant classes, in the rules' order. */
export const CLASS_IDS = allOf<Servant['className']>()(['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin']);
export const ITEM_IDS = gwItemId.options;
export const CONSUMABLE_IDS = gwConsumableId.options;
export const NP_TYPES = gwNoblePhantasm.shape.npType.options;
export const NP_MODES = gwNoblePhantasm.shape.mode.options;
export const BONUS_KINDS = gwBonusKind.options;
export const LINEAGES = gwServantSheet.shape.lineage.unwrap().options;
export const SPECIALIZATIONS = gwMasterSheet.shape.specializations.element.options;
/** The kinds whose counts a sheet may give when `cardCountDerivation` is `sheet` (GW-BATTLE-06). */
export const COUNTED_KINDS = allOf<keyof NonNullable<Servant['cardCounts']>>()(['smash', 'counter', 'rush', 'critical', 'magecraft']);
/** Spell grades a magic support table is read by (GW-SUP-01): five, and EX when the sheet has it. */
export const SUPPORT_GRADES = ['E', 'D', 'C', 'B', 'A', 'EX'] as const;

/**
 * A new 보구 for the sheet: its id is made here, the first of np1, np2, … the sheet does not use yet, so nobody types
 * one and plans that name the sheet's NPs keep working when another is added.
 */
export function newNoblePhantasm(existing: readonly GwNoblePhantasm[]): GwNoblePhantasm {
  let n = existing.length + 1;
  while (existing.some((np) => np.id === `np${n}`)) n += 1;
  return { id: `np${n}`, name: '', npType: 'antiPersonnel', mode: 'trueNameRelease', hpDamage: 0, mpDamage: 0, mpCost: 0, cards: 1 };
}

/**
 * The sheet's fields the protocol would refuse (an empty name, a blank number, a count out of range), by their
 * top-level name in the sheet's order, so the form can name them before anything is sent.
 */
export function sheetProblems(sheet: GwSheet): string[] {
  const parsed = gwSheet.safeParse(sheet);
  if (parsed.success) return [];
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'kind')));
  return Object.keys(sheet).filter((k) => bad.has(k));
}
