import type { ActorRef, Viewer } from '@veiltable/protocol';
import type { Audience } from '../../kernel/events.ts';
import { EVERYONE, GM_ONLY, seatsAndGm } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Barrier, Character, D6State, WindowLink, Zone } from './state.ts';
import { charactersIn, findCharacter, findZone } from './state.ts';

/** D6-HID-06: a hidden character's position is withheld from its opponents; players oppose only enemies. */
export function positionHidden(c: Character): boolean {
  return c.flags.hidden && c.side === 'enemies';
}

/**
 * D6-HID-01: GM-run characters' statistics, HP and skills are GM-only. D6-CORE-08: a summon is run by whoever runs
 * its summoner, so a summon no seat owns is the GM's too (its values are its summoner's, D6-SKL-SUMMON-01).
 */
export function statsHidden(c: Character): boolean {
  return c.controller === 'enemy' || c.controller === 'npc' || (c.controller === 'summon' && c.owner === null);
}

/** D6-HID-01: a barrier's HP and ability derive from its caster's 精神, so a GM-run caster's barrier keeps them. */
export function barrierStatsHidden(state: D6State, b: Barrier): boolean {
  const caster = findCharacter(state, b.caster);
  return caster === undefined || statsHidden(caster);
}

/** Whether `who` may not know where `c` stands: everyone but the GM, for a hidden enemy (D6-HID-06). */
export function unseen(who: Viewer | ActorRef, c: Character): boolean {
  return who.role !== 'gm' && positionHidden(c);
}

/**
 * D6-RNG-02 / D6-HID-06: no one names as a target what it cannot see. Refused before any rule that reads where the
 * target stands, so the refusal is the same wherever the hidden character is.
 */
export function requireSeen(ctx: { actor: ActorRef }, c: Character): Result<void> {
  return unseen(ctx.actor, c) ? err('NOT_VISIBLE', 'D6-HID-06') : ok(undefined);
}

/** The characters in a zone whose position the whole table knows. */
export function seenIn(state: D6State, zone: string): Character[] {
  return charactersIn(state, zone).filter((c) => !positionHidden(c));
}

/** A zone as `who` knows it: a hidden zone (D6-ZONE-08, below) exists for the GM alone. */
export function zoneFor(state: D6State, who: Viewer | ActorRef, id: string): Zone | undefined {
  const z = findZone(state, id);
  return z && (!z.hidden || who.role === 'gm') ? z : undefined;
}

/** The zone's neighbours as the table knows them: hidden zones left out. */
export function publicAdjacent(state: D6State, z: Zone): string[] {
  return z.adjacent.filter((id) => !findZone(state, id)?.hidden);
}

/**
 * Who reads a window's events and sees it in the view: a question's window is the asker's and the GM's (D6-HID-03),
 * a hidden character's 不屈 window the GM's (it would tell where the blow or trap found it); every other window is
 * the table's.
 */
export function windowAudience(state: D6State, windowId: string): Audience {
  const link = state.links[windowId];
  return link ? linkAudience(state, link) : EVERYONE;
}

/** The audience of a window tied to `link` (see windowAudience). */
export function linkAudience(state: D6State, link: WindowLink): Audience {
  if (link.kind === 'question') {
    const seat = state.questions[link.question]?.seat ?? null;
    return seat ? seatsAndGm([seat]) : GM_ONLY;
  }
  if (link.kind === 'fukutsu') {
    const c = findCharacter(state, link.character);
    if (c && positionHidden(c)) return GM_ONLY;
  }
  return EVERYONE;
}

/**
 * Windows that open for a skill its holder has (カウンター/自己犠牲 D6-WIN-05, 不屈 D6-WIN-07, a consumable exploration
 * skill D6-WIN-09). For a GM-run character the GM is asked whatever it holds (the window lists 'gm'), and the table
 * reads only 'gm' in its place, so neither the window nor its list tells which skills the GM's characters hold.
 */
export const SKILL_WINDOWS: ReadonlySet<string> = new Set(['after-damage', 'fukutsu', 'consume']);

/** Whether the participant is a GM-run character standing in for its skill in a skill window (read as 'gm'). */
export function gmSkillHolder(state: D6State, kind: string, participant: string): boolean {
  if (!SKILL_WINDOWS.has(kind)) return false;
  const c = findCharacter(state, participant);
  return c !== undefined && statsHidden(c);
}

/** A window's participant list as `viewer` reads it (the GM reads it whole). */
export function participantsFor(state: D6State, kind: string, ids: readonly string[], viewer: Viewer): string[] {
  return viewer.role === 'gm' ? [...ids] : ids.filter((id) => !gmSkillHolder(state, kind, id));
}
