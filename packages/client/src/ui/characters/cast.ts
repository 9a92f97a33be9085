import type { CharacterView, characterCommands, Speaker, Viewer } from '@veiltable/protocol';
import type { CommandInput } from '../../room/send.ts';

/** A cast command as this page writes it (every game takes them). */
export type CastCommandInput = CommandInput<(typeof characterCommands)[number]>;

/** What every game's view holds that the characters panel reads. */
export type CastViewPart = { cast: CharacterView[]; seats: { id: string; name: string }[] };

/**
 * The protocol's limits, kept here so no schema reaches the page (cast.test.ts holds them to the protocol's
 * CHARACTER_LIMITS and PORTRAIT_LIMITS): saved lines a palette keeps and their length, a name's length, an upload's size.
 */
export const PALETTE_LINES = 100;
export const PALETTE_LINE = 200;
export const NAME_MAX = 40;
export const PORTRAIT_BYTES = 5 * 1024 * 1024;

/** Where a portrait is served. */
export function portraitUrl(hash: string): string {
  return `/api/portraits/${hash}`;
}

/** True when this viewer may edit the character (its seat's player, or the GM). */
export function mayEdit(c: CharacterView, viewer: Viewer): boolean {
  if (viewer.role === 'gm') return true;
  return viewer.role === 'player' && c.owner.role === 'player' && c.owner.seat === viewer.seat;
}

/** The characters this viewer speaks as: its seat's for a player, the NPCs and then every seat's for the GM. */
export function speakable(cast: readonly CharacterView[], viewer: Viewer): CharacterView[] {
  if (viewer.role === 'gm') return [...cast.filter((c) => c.owner.role === 'gm'), ...cast.filter((c) => c.owner.role === 'player')];
  return cast.filter((c) => mayEdit(c, viewer));
}

/** A character's public face, as a chat line shows it. */
export function faceOf(c: CharacterView): Speaker {
  return { name: c.name, color: c.color, ...(c.portrait ? { portrait: c.portrait } : {}) };
}

/** A palette as the editor's text: one saved line a line. */
export function paletteText(lines: readonly string[]): string {
  return lines.join('\n');
}

/** The editor's text as palette lines: trimmed, blank lines dropped; null when it holds too many or too long lines. */
export function paletteLines(text: string): string[] | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length > PALETTE_LINES || lines.some((l) => [...l].length > PALETTE_LINE)) return null;
  return lines;
}

/** The character a chat line is spoken as and its palette: the chosen one if still speakable, else the first. */
export function composerChoice(cast: readonly CharacterView[], viewer: Viewer, chosen: string | null): { as: string | undefined; palette: string[] } {
  const options = speakable(cast, viewer);
  const c = options.find((o) => o.id === chosen) ?? (viewer.role === 'player' ? options[0] : undefined);
  return { as: c?.id, palette: c?.palette ? [...c.palette] : [] };
}
