import { z } from 'zod';
import { gwCharacterId, gwClassId } from './sheets.ts';

/** The four kinds of information point (GW-INFO-02): 조우, 소문, 전투, 전승. */
export const gwInfoKind = z.enum(['encounter', 'rumor', 'combat', 'legend']);
const grade = z.number().int().min(1).max(5);
const perKind = z.strictObject({ encounter: z.number().int(), rumor: z.number().int(), combat: z.number().int(), legend: z.number().int() });

/**
 * GW-INFO-03: where a servant's two core pieces lie. One in 조우 or 전투, the other in 소문 or 전승; one at grade 4,
 * the other at 5; one holds the stats, the other the skills. The engine refuses every other placement.
 */
export const gwCorePiece = z.object({ kind: gwInfoKind, grade: z.union([z.literal(4), z.literal(5)]), holds: z.enum(['stats', 'skills']), content: z.string().trim().min(1).max(2000) });

/** Ledger commands (GW-INFO-05/14/16/17, GW-HIDE-D9): the knower acts for its own character, the GM places, judges and records encounters. */
export const gwInfoCommands = [
  z.object({ type: z.literal('info.allocate'), target: gwCharacterId, kind: gwInfoKind, character: gwCharacterId.optional() }),
  z.object({ type: z.literal('info.open'), target: gwCharacterId, kind: gwInfoKind, grade, character: gwCharacterId.optional() }),
  z.object({ type: z.literal('info.guess'), target: gwCharacterId, className: gwClassId, character: gwCharacterId.optional() }),
  z.object({ type: z.literal('info.trueName'), target: gwCharacterId, name: z.string().trim().min(1).max(100), character: gwCharacterId.optional() }),
  z.object({ type: z.literal('info.judge'), knower: gwCharacterId, target: gwCharacterId, right: z.boolean() }),
  /** GM (INFO-19, MISC-01): `knower` has revealed `keyword`, one of servant `target`'s two SS keywords. */
  z.object({ type: z.literal('info.keyword'), knower: gwCharacterId, target: gwCharacterId, keyword: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('info.place'), servant: gwCharacterId, pieces: z.array(gwCorePiece).length(2) }),
  /** GM at scene resolution (INFO-05): `knower` met `met` through recon or search; `kind` picks 소문 or 전승 for a master. */
  z.object({ type: z.literal('info.encounter'), knower: gwCharacterId, met: gwCharacterId, kind: z.enum(['rumor', 'legend']).optional() }),
] as const;

/**
 * One knower's ledger about one servant as its viewer may see it (GW-HIDE-F11/F13/F14): `points` counts every point
 * received as ordinary; `authoritative` (genuine and false apart) is the GM's alone.
 */
export const gwInfoEntryView = z.strictObject({
  knower: gwCharacterId,
  target: gwCharacterId,
  points: perKind,
  grades: perKind,
  unallocated: z.number().int(),
  freeOpens: z.number().int(),
  attempts: z.array(z.strictObject({ kind: gwInfoKind, grade, found: z.enum(['stats', 'skills']).nullable(), content: z.string().nullable() })),
  guesses: z.array(z.strictObject({ className: gwClassId, right: z.boolean() })),
  canGuess: z.boolean(),
  rights: z.number().int(),
  nameAttempts: z.array(z.strictObject({ name: z.string(), verdict: z.enum(['pending', 'right', 'wrong']) })),
  trueNameRevealed: z.boolean(),
  keywords: z.array(z.string()),
  xp: z.number().int(),
  authoritative: z.strictObject({ genuine: perKind, false: perKind }).optional(),
});
export type GwInfoKind = z.infer<typeof gwInfoKind>;
export type GwCorePiece = z.infer<typeof gwCorePiece>;
export type GwInfoEntryView = z.infer<typeof gwInfoEntryView>;
