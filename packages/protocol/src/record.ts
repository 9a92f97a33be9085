import { z } from 'zod';
import { viewer } from './common.ts';

/**
 * A session record: the room's RNG seed, the commitment to it published at creation, and the command log with the
 * events each command produced, as the store holds them. The file the open edition exports, and what the verifier
 * (engine record/verify-record.ts) replays; a file is a wire message too, so it is parsed here before anything reads it.
 */

/** The format this schema reads; a change to the shape below needs a new one. */
export const RECORD_FORMAT = 'veiltable-record/1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What every viewer is told of the room's seed from the start: the DRBG's name (the engine's RNG_ALG) and sha256 of
 * the seed, so a seed released later can be checked against what was promised before any die was rolled.
 */
export const rngCommitment = z.object({ alg: z.string().min(1).max(40), hash: hex64 });
export type RngCommitment = z.infer<typeof rngCommitment>;

/** One committed command: who sent it, what it was, when the server stamped it (ISO 8601), and its events. */
export const recordEntry = z.object({
  seq: z.number().int().min(1),
  actor: viewer,
  command: z.unknown(),
  at: z.iso.datetime({ offset: true }),
  events: z.array(z.unknown()),
});
export type RecordEntry = z.infer<typeof recordEntry>;

/** Everything of a record but its entries, which a reader may take one at a time (sessions run to 10,000 lines). */
export const recordHead = z.object({
  format: z.literal(RECORD_FORMAT),
  game: z.string().min(1).max(40),
  seed: hex64,
  commitment: rngCommitment,
});
export type RecordHead = z.infer<typeof recordHead>;

export const sessionRecord = recordHead.extend({ entries: z.array(recordEntry) });
export type SessionRecord = z.infer<typeof sessionRecord>;
