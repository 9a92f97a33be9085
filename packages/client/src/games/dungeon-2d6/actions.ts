import type { Viewer } from '@veiltable/protocol';
import type { D6Equipment, D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { buildAbilities, OCCUPATIONS, RACES, teleportCapacity } from '@veiltable/engine/games/dungeon-2d6';
import { characterById, characters, checks, controls, type D6Abilities, type D6Character, type D6Check } from './model.ts';

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

/**
 * What character.build would give: the 元能力値 and their total (9 for a legal build), or null for an unlisted name.
 * An occupation or race given as values is taken as entered (a custom occupation, an unlisted race).
 */
export function previewBuild(
  occupation: string | D6Abilities, race: string | D6Abilities, free: 'VAL' | 'AGI' | 'SPI',
): { base: D6Abilities; total: number } | null {
  const o = typeof occupation !== 'string' ? occupation : Object.hasOwn(OCCUPATIONS, occupation) ? OCCUPATIONS[occupation] : undefined;
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

/** Skills whose effect is wholly the base game's (§7, last line): used through the generic skill.use and logged. */
export const NARRATIVE_SKILLS = ['specialMove', 'charge', 'chant', 'sweep', 'areaMagic', 'shoot', 'projectile', 'stunAttack', 'ironArm'] as const;

export type NarrativeSkill = (typeof NARRATIVE_SKILLS)[number];

/** The narrative skills this character holds with a use left (D6-ENG-05, D6-SKL-GEN-02). */
export function narrativeSkills(c: D6Character): NarrativeSkill[] {
  return NARRATIVE_SKILLS.filter((s) => canSpend(c, s));
}

/** Zones a 転移魔法 can reach from where the character stands: none while a 結界 holds it, never into one (D6-SKL-TELEPORT-05). */
export function teleportZones(view: D6View, c: D6Character): { id: string; name: string }[] {
  const barred = new Set(view.barriers.map((b) => b.zone));
  if (c.zone === undefined || barred.has(c.zone)) return [];
  return view.zones.filter((z) => z.id !== c.zone && !barred.has(z.id));
}

/** D6-SKL-TELEPORT-04: who may travel along: anyone else in the user's zone who is not an opponent. */
export function passengerChoices(view: D6View, c: D6Character): D6Character[] {
  const opposed = (o: D6Character) => (c.side === 'party' && o.side === 'enemies') || (c.side === 'enemies' && o.side === 'party');
  return characters(view).filter((o) => o.id !== c.id && o.zone !== undefined && o.zone === c.zone && !opposed(o));
}

/** D6-SKL-TELEPORT-04: the passenger count N, or null while this viewer cannot see the character's abilities. */
export function passengerLimit(c: D6Character): number | null {
  return c.base ? teleportCapacity({ base: c.base, modifiers: c.modifiers ?? [] }) : null;
}

/** D6-SKL-STEAL-01: characters holding a weapon in use that this viewer can see, with those weapons. */
export function stealTargets(view: D6View, c: D6Character): { target: D6Character; weapons: D6Equipment[] }[] {
  return characters(view)
    .filter((o) => o.id !== c.id && !o.down)
    .map((o) => ({ target: o, weapons: (o.equipment ?? []).filter((e) => e.kind === 'weapon' && e.wielded) }))
    .filter((t) => t.weapons.length > 0);
}

/** D6-SKL-SURVIVAL-01: successful checks by a サバイバル holder, which the GM may extend to other PCs. */
export function survivalChecks(view: D6View): D6Check[] {
  return checks(view).filter((k) => k.outcome === 'success' && characterById(view, k.character)?.skills?.survival !== undefined);
}

/** The PCs a サバイバル success may be shared with: every PC but the one who rolled. */
export function survivalPartners(view: D6View, check: D6Check): D6Character[] {
  return characters(view).filter((c) => c.controller === 'pc' && c.id !== check.character);
}

/** D6-HID-05: the characters whose players receive a spirit-only description now (霊的視力 on, run by a seat). */
export function spiritSeers(view: D6View): D6Character[] {
  return characters(view).filter((c) => c.flags?.spiritSight && c.owner);
}

/** D6-LITE-02: PCs that can neither make light by magic nor carry a light source; the session cannot start. */
export function unlitPcs(view: D6View): D6Character[] {
  return characters(view).filter((c) => c.controller === 'pc' && !c.magicCapable && !(c.equipment ?? []).some((e) => e.kind === 'light'));
}

/** D6-SKL-DUAL-01: a weapon may be taken in hand while fewer than two are, and a second only with 二刀流. */
export function canWield(c: D6Character, item: D6Equipment): boolean {
  if (item.kind !== 'weapon' || item.wielded) return true;
  const inHand = (c.equipment ?? []).filter((e) => e.kind === 'weapon' && e.wielded).length;
  return inHand === 0 || (inHand === 1 && hasSkill(c, 'dualWield'));
}
