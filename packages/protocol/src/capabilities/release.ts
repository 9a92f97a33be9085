import { z } from 'zod';

/**
 * The open edition: the GM releases the room's session record (its RNG seed, every sealed answer with its salt,
 * every command and event), which any member of the room may then download and verify.
 */
export const releaseCommands = [z.object({ type: z.literal('record.release') })] as const;

/** Whether the open edition is out: then the room takes no more commands and its record may be downloaded. */
export const releaseView = { released: z.boolean() };

export const releaseEvents = [z.object({ type: z.literal('record.released') })] as const;
