import type { GwBonusKind, GwConsumableId, GwItemId, GwMasterSheet, GwNoblePhantasm, GwServantSheet, GwSheet } from '@veiltable/protocol/games/grail-war';
import { allOf } from '../../ui/all-of.ts';

type Servant = Extract<GwSheet, { kind: 'servant' }>;

const withPlus = (letters: readonly string[]) => letters.flatMap((l) => ['', '+', '++', '+++'].map((p) => l + p));
/** A servant's grades (stats, NP, skills): E..A or EX with up to three + (GW-CORE-02, §0.1). */
export const SERVANT_GRADES = withPlus(['E', 'D', 'C', 'B', 'A', 'EX']);
/** A master's grades: E..A with up to three +, no EX (GW-CORE-03). */
export const MASTER_GRADES = withPlus(['E', 'D', 'C', 'B', 'A']);

/** The servant classes, in the rules' order. */
export const CLASS_IDS = allOf<Servant['className']>()(['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin']);
// The protocol's lists, each checked against its type by allOf (the page carries no zod: the server checks the sheet).
export const ITEM_IDS = allOf<GwItemId>()(['giantsBelt', 'thunderboltShield', 'fairyShoes', 'nekote', 'crystalBall', 'manaNecklace', 'magusCloak', 'rabbitsFoot', 'guardianCharm', 'lifeCharm']);
export const CONSUMABLE_IDS = allOf<GwConsumableId>()(['recoveryPotion', 'lifePotion', 'mindPotion', 'protectionPotion', 'berserkerPotion', 'scoutAutomaton', 'combatAutomaton', 'lovePotion']);
export const NP_TYPES = allOf<GwNoblePhantasm['npType']>()(['antiPersonnel', 'antiArmy', 'antiFortress', 'antiCountry', 'antiWorld', 'boundedField', 'army']);
export const NP_MODES = allOf<GwNoblePhantasm['mode']>()(['alwaysActive', 'trueNameRelease']);
export const BONUS_KINDS = allOf<GwBonusKind>()(['smash', 'counter', 'rush', 'critical', 'magecraft', 'skill', 'normal']);
export const LINEAGES = allOf<NonNullable<GwServantSheet['lineage']>>()(['guardian', 'dragon', 'divine']);
export const SPECIALIZATIONS = allOf<GwMasterSheet['specializations'][number]>()(['combat', 'magic', 'conviction', 'fate']);
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

/** Names the protocol requires (1..100 characters), wherever they sit in a sheet. */
const NAME_KEYS = new Set(['alias', 'trueName', 'name', 'source']);
/** Ranges of the sheet's top-level numbers, as the protocol has them (sheets.ts); a nested number is a count or a meter. */
const RANGES: Record<string, [number, number]> = { grade: [1, 999], merit: [0, 9999], xp: [0, 99999] };
const METER_KEYS = new Set(['hp', 'mp', 'conviction', 'fate']);

/** Whether a value holds a blank name or a number that is blank, fractional or out of its range. */
function faulty(value: unknown, key: string, range: [number, number]): boolean {
  if (typeof value === 'string') return NAME_KEYS.has(key) && (value.trim() === '' || value.length > 100);
  if (typeof value === 'number') return !Number.isInteger(value) || value < range[0] || value > range[1];
  if (value === null) return false;
  if (Array.isArray(value)) return value.some((v) => faulty(v, key, range));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).some(([k, v]) => {
      if (METER_KEYS.has(key)) return v === null || faulty(v, k, k === 'current' ? [-9999, 9999] : [0, 9999]);
      if (NAME_KEYS.has(k) && v === null) return true;
      return faulty(v, k, range);
    });
  }
  return false;
}

/**
 * The sheet's fields the server would refuse (an empty name, a blank number, a count out of range), by their
 * top-level name in the sheet's order, so the form can name them before anything is sent. The server's check stays
 * the verdict; this one only saves a round trip.
 */
export function sheetProblems(sheet: GwSheet): string[] {
  return Object.entries(sheet)
    .filter(([key, value]) => {
      if (METER_KEYS.has(key)) return value === null || faulty(value, key, [0, 9999]);
      if (value === null && (key in RANGES || NAME_KEYS.has(key))) return true;
      return faulty(value, key, RANGES[key] ?? [-999, 999]);
    })
    .map(([key]) => key);
}
