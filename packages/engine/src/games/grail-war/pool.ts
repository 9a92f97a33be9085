import type { GrailWarOptions } from './options.ts';
import { letterValue, rankValue } from './grades.ts';
import type { ItemId, MasterSheet, ServantSheet } from './sheets.ts';

/** Pool keys: card kinds, and one key per NP ("np:<id>"). */
export type CardKey = 'smash' | 'counter' | 'rush' | 'critical' | 'magecraft' | 'skill' | 'defense' | 'normal' | `np:${string}`;
export type Pool = Record<string, number>;

/** Pre-battle effects that change counts (BATTLE-06 modifiers). */
export type PoolEffects = {
  attackStance: boolean;
  conviction: boolean;
  berserkerPotion: 'smash' | 'counter' | 'rush' | 'normal' | null;
};

const ITEM_COUNT: Partial<Record<ItemId, CardKey>> = {
  giantsBelt: 'smash',
  thunderboltShield: 'counter',
  fairyShoes: 'rush',
  rabbitsFoot: 'critical',
};

/** The master's 전투력 value after Nekote (+1 grade) and the combat specialization (+1, SPEC-01). */
export function combatValue(m: MasterSheet, items: ItemId[]): number {
  return letterValue(m.stats.combat) + (items.includes('nekote') ? 1 : 0) + (m.specializations.includes('combat') ? 1 : 0);
}

/** The master's 마력 value after the Mana Necklace (+1 grade, ITEM-B2) and the magic specialization (+1, SPEC-02). */
export function magicValue(m: MasterSheet): number {
  return letterValue(m.stats.magic) + (m.items.includes('manaNecklace') ? 1 : 0) + (m.specializations.includes('magic') ? 1 : 0);
}

/** The servant's 마술 card grade: its 마술 skill, or a Caster's MAG stat (BATTLE-06). */
export function magecraftGrade(s: ServantSheet): string | null {
  return s.magecraft ?? (s.className === 'caster' ? s.stats.mag : null);
}

/** GW-BATTLE-06: a servant's pool at battle start: additive modifiers first, then multiplicative. */
export function servantPool(s: ServantSheet, items: ItemId[], fx: PoolEffects, o: GrailWarOptions): Pool {
  const fromSheet = o.cardCountDerivation === 'sheet' ? (s.cardCounts ?? {}) : {};
  const count = (key: 'smash' | 'counter' | 'rush' | 'critical' | 'magecraft', grade: string | null): number =>
    fromSheet[key] ?? (grade ? rankValue(grade, o.exGradeValue) : 0);
  const pool: Pool = {
    smash: count('smash', s.stats.str),
    counter: count('counter', s.stats.end),
    rush: count('rush', s.stats.agi),
    critical: count('critical', s.stats.luk),
    magecraft: count('magecraft', magecraftGrade(s)),
    skill: s.skill?.cards ?? 0,
    defense: s.defense.cards,
  };
  for (const np of s.noblePhantasms) pool[`np:${np.id}`] = np.cards;
  for (const item of items) {
    const key = ITEM_COUNT[item];
    if (key) pool[key] = (pool[key] ?? 0) + 1;
  }
  if (fx.berserkerPotion && fx.berserkerPotion !== 'normal') pool[fx.berserkerPotion] = (pool[fx.berserkerPotion] ?? 0) + 1;
  if (fx.attackStance) {
    // SEAL-03: 000 doubles every kind except 치명; 001 doubles every kind.
    for (const key of Object.keys(pool)) if (o.sealRules === '001' || key !== 'critical') pool[key] = pool[key]! * 2;
  }
  return pool;
}

/** GW-BATTLE-06: a master's pool: 일반 = 전투력 value, spells per sheet; 신념 doubles every count (SPEC-05). */
export function masterPool(m: MasterSheet, fx: PoolEffects): Pool {
  let normal = combatValue(m, m.items) + (m.specializations.includes('combat') ? 1 : 0);
  if (fx.berserkerPotion) normal += 1;
  const pool: Pool = { normal, magecraft: m.spells?.cards ?? 0 };
  if (fx.conviction) for (const key of Object.keys(pool)) pool[key] = pool[key]! * 2;
  return pool;
}
