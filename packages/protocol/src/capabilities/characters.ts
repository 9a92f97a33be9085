import { z } from 'zod';
import { actorRef, seatId } from '../common.ts';
import { line } from '../text.ts';

/**
 * A character id, made by the engine: its owner (a seat, or `gm` for the GM's NPCs) and a count within that owner
 * (s1.c1, s1.c2, gm.c1). A seat's first character is `<seat>.c1`.
 */
export const characterId = z.string().regex(/^(s[0-9]{1,4}|gm)\.c[0-9]{1,5}$/);
export type CharacterId = z.infer<typeof characterId>;

/** A colour as the HTML colour input gives it (#rrggbb), stored in lower case. */
export const characterColor = z.string().regex(/^#[0-9a-fA-F]{6}$/).toLowerCase();

/** A portrait: the sha256 (hex) of the stored image bytes, served at /api/portraits/<hash>. */
export const portraitHash = z.string().regex(/^[0-9a-f]{64}$/);

/** How many characters one owner keeps, how many saved lines a palette holds, and how long each line is. */
export const CHARACTER_LIMITS = { perOwner: 50, paletteLines: 100, paletteLine: 200, name: 40 } as const;

const characterName = line(CHARACTER_LIMITS.name);

/** A character's secret face: who it really is, seen only by its owner and the GM. */
export const secretFace = z.object({ name: characterName.optional(), portrait: portraitHash.optional() });
export type SecretFace = z.infer<typeof secretFace>;

/**
 * Characters (the cast): every seat has at least one of its own (its first, named after the seat until edited), the GM any
 * number of NPCs. A player edits the characters of its own seat; the GM edits every character.
 */
export const characterCommands = [
  /** A player adds to its own seat; the GM adds an NPC, or a character to `seat`. */
  z.object({ type: z.literal('cast.add'), name: characterName, color: characterColor.optional(), seat: seatId.optional() }),
  /** Changes the fields given; `portrait: null` and `secret: null` take them away. */
  z.object({
    type: z.literal('cast.set'),
    character: characterId,
    name: characterName.optional(),
    color: characterColor.optional(),
    portrait: portraitHash.nullable().optional(),
    secret: secretFace.nullable().optional(),
  }),
  z.object({ type: z.literal('cast.remove'), character: characterId }),
  /** Replaces the character's palette: the chat lines it keeps at hand, one command each. */
  z.object({
    type: z.literal('cast.palette'),
    character: characterId,
    lines: z.array(line(CHARACTER_LIMITS.paletteLine)).max(CHARACTER_LIMITS.paletteLines),
  }),
] as const;

/**
 * One character as one viewer sees it: the public face for everyone; the palette and the secret face only for its
 * owner and the GM (absent for everyone else).
 */
export const characterView = z.object({
  id: characterId,
  owner: actorRef,
  name: z.string(),
  color: z.string(),
  portrait: portraitHash.optional(),
  palette: z.array(z.string()).optional(),
  secret: z.object({ name: z.string().optional(), portrait: portraitHash.optional() }).optional(),
});
export type CharacterView = z.infer<typeof characterView>;

/** The characters' part of a view: every seat's characters in seat order, then the GM's NPCs. */
export const charactersView = { cast: z.array(characterView) };

/** The public face a chat line was spoken with, as it was when the line was sent. */
export const speaker = z.object({ name: z.string(), color: z.string(), portrait: portraitHash.optional() });
export type Speaker = z.infer<typeof speaker>;

export const characterEvents = [
  /** A character added or changed, as this viewer may see it. */
  z.object({ type: z.literal('cast.changed'), character: characterView }),
  z.object({ type: z.literal('cast.removed'), character: characterId }),
] as const;
