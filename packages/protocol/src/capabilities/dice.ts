import { z } from 'zod';
import { channel, rollId, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/** Dice in BCDice syntax; a hidden roll can be shown to everyone later by its roller. */
export const diceCommands = [
  z.object({ type: z.literal('roll'), expr: line(200), visibility: rollVisibility.default('public'), channel: channel.default('main') }),
  z.object({ type: z.literal('roll.reveal'), roll: rollId }),
] as const;
