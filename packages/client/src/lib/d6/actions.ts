import type { D6View, Viewer } from '@veiltable/protocol';
import { buildAbilities, OCCUPATIONS, RACES } from '@veiltable/engine';
import { characterById, characters, controls, type D6Abilities, type D6Character } from './model.ts';

/**
 * What a character may legally be asked to do, as this viewer's view shows it. The server decides; these readers only
 * keep forms from offering choices it would refuse.
 */

/** The character has the skill at all (a permanent part, or uses recorded). */
export function hasSkill(c: D6Character, skill: string): boolean {
  return c.skills?.[skill] !== undefined;
}

/** The skill can still be consumed: no consumable part (null) counts as unlimited here; 0 uses left does not. */
export function canSpend(c: D6Character, skill: string): boolean {
  const s = c.skills?.[skill];
  return s !== undefined && (s.uses === null || s.uses > 0);
}

/** Skills consumed outright (百科事典, 人徳, 読心) need a recorded use left; a skill with no consumable part has none. */
export function hasUses(c: D6Character, skill: string): boolean {
  const uses = c.skills?.[skill]?.uses;
  return typeof uses === 'number' && uses > 0;
}

/** Standing characters this viewer runs (a player: its seat's PCs; the GM: everyone). */
export function ownActive(view: D6View, viewer: Viewer): D6Character[] {
  return characters(view).filter((c) => !c.down && controls(viewer, c) && (viewer.role === 'gm' || c.controller === 'pc'));
}

/** D6-SKL-TELEPATHY-01: 念話 reaches an ally, another character on the sender's side. */
export function telepathyRecipients(view: D6View, fromId: string): D6Character[] {
  const from = characterById(view, fromId);
  if (!from?.side) return [];
  return characters(view).filter((c) => c.id !== from.id && c.side === from.side);
}

/** D6-ZONE-08: a single move goes to a zone next to the one the character stands in. */
export function adjacentZones(view: D6View, c: D6Character): { id: string; name: string }[] {
  const here = view.zones.find((z) => z.id === c.zone);
  if (!here) return [];
  return view.zones.filter((z) => here.adjacent.includes(z.id));
}

/** D6-INIT-01: the side a character could roll initiative for, or null when it has no roll left to make. */
export function initiativeSide(view: D6View, c: D6Character): 'party' | 'enemies' | null {
  if (view.mode !== 'combat' || view.initiative.first) return null;
  const side = c.side === 'party' || c.side === 'enemies' ? c.side : null;
  if (!side || view.initiative[side]) return null;
  return side;
}

/** Listed occupations and races (D6-BASE-05), in the rules' order. */
export const OCCUPATION_NAMES = Object.keys(OCCUPATIONS);
export const RACE_NAMES = Object.keys(RACES);

/** A PC may be built by its player once; the GM may rebuild (D6-BASE-05). */
export function buildable(viewer: Viewer, c: D6Character): boolean {
  if (c.controller !== 'pc' || !controls(viewer, c)) return false;
  return viewer.role === 'gm' || c.build === null || c.build === undefined;
}

/** What character.build would give: the 元能力値 and their total (9 for a legal build), or null for an unlisted name. */
export function previewBuild(
  occupation: string, race: string | D6Abilities, free: 'VAL' | 'AGI' | 'SPI',
): { base: D6Abilities; total: number } | null {
  const o = Object.hasOwn(OCCUPATIONS, occupation) ? OCCUPATIONS[occupation] : undefined;
  const r = typeof race === 'string' ? raceBonus(race) : race;
  if (!o || !r) return null;
  const base = buildAbilities(o, r, free);
  return { base, total: base.VAL + base.AGI + base.SPI };
}

/** D6-BASE-05: every way to spread a +2 race bonus, for a race the rules do not list. */
export const RACE_SPLITS: readonly D6Abilities[] = [
  { VAL: 2, AGI: 0, SPI: 0 }, { VAL: 0, AGI: 2, SPI: 0 }, { VAL: 0, AGI: 0, SPI: 2 },
  { VAL: 1, AGI: 1, SPI: 0 }, { VAL: 1, AGI: 0, SPI: 1 }, { VAL: 0, AGI: 1, SPI: 1 },
];

/** The listed bonus of a race, if the rules name it. */
export function raceBonus(race: string): D6Abilities | null {
  return Object.hasOwn(RACES, race) ? RACES[race]! : null;
}
