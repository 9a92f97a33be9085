import type { D6Abilities, D6Ability, D6CheckKind } from '@veiltable/protocol/games/dungeon-2d6';
import type { Character, Modifier } from './state.ts';

/** What the layer sums read of a modifier record; a character record in a client's view carries the same fields. */
type LayerModifier = Pick<Modifier, 'layer' | 'ability' | 'value' | 'stackKey' | 'stacking'>;

/** Sums modifiers with the D6-ENG-04 stacking rule: 'stack' records add up, 'one' records count once per stackKey. */
export function stackedSum(mods: readonly LayerModifier[]): number {
  let total = 0;
  const once = new Map<string, number>();
  for (const m of mods) {
    if (m.stacking === 'stack') total += m.value;
    else once.set(m.stackKey, Math.max(once.get(m.stackKey) ?? -Infinity, m.value));
  }
  for (const v of once.values()) total += v;
  return total;
}

/** Equipment layer: what wielded weapons and worn armour and accessories add (D6-CORE-02). */
export function equipmentLayer(c: Character, ability: D6Ability): number {
  let total = 0;
  for (const item of c.equipment) {
    if (!item.wielded) continue;
    for (const m of item.mods) if (m.ability === ability) total += m.value;
  }
  return total;
}

/** Effect layer: 魔力付与, 詠唱 and similar (D6-CORE-02). */
export function effectLayer(c: { modifiers: readonly LayerModifier[] }, ability: D6Ability): number {
  return stackedSum(c.modifiers.filter((m) => m.layer === 'effect' && m.ability === ability));
}

/** 最終能力値 without 鉄壁: base + equipment + effects (D6-CORE-02). */
export function layeredValue(c: Character, ability: D6Ability): number {
  return c.base[ability] + equipmentLayer(c, ability) + effectLayer(c, ability);
}

/**
 * The final value a check reads (D6-CORE-04, D6-SKL-GEN-03). Under 鉄壁 the doubled ability is the value frozen
 * at use (D6-SKL-IRONWALL-04 default) or, where the table unfroze it, twice the current value.
 */
export function finalValue(c: Character, ability: D6Ability, ironWallFrozen: boolean): number {
  if (c.ironWall && c.ironWall.ability === ability) {
    return ironWallFrozen ? c.ironWall.value : 2 * layeredValue(c, ability);
  }
  return layeredValue(c, ability);
}

/** D6-SKL-TELEPORT-04: passengers N = 精神 without equipment; 詠唱 and 魔力付与 count, 鉄壁 does not. */
export function teleportCapacity(c: { base: D6Abilities; modifiers: readonly LayerModifier[] }): number {
  return c.base.SPI + effectLayer(c, 'SPI');
}

/** D6-SKL-SUMMON-01: a summon derives from the user's 元能力値, ignoring equipment and skills. */
export function summonBasis(c: Character): Character['base'] {
  return { ...c.base };
}

/** Check-layer modifiers that apply to a check of this kind, stacking rules applied, one line per counted record. */
export function checkLayer(c: Character, kind: D6CheckKind): { source: string; value: number }[] {
  const relevant = c.modifiers.filter((m) => m.layer === 'check' && (m.appliesTo.length === 0 || m.appliesTo.includes(kind)));
  const lines: { source: string; value: number }[] = [];
  const seen = new Map<string, number>();
  for (const m of relevant) {
    if (m.stacking === 'stack') {
      lines.push({ source: m.source, value: m.value });
      continue;
    }
    const at = seen.get(m.stackKey);
    if (at === undefined) {
      seen.set(m.stackKey, lines.length);
      lines.push({ source: m.source, value: m.value });
    } else if (lines[at]!.value < m.value) {
      lines[at] = { source: m.source, value: m.value };
    }
  }
  return lines;
}
