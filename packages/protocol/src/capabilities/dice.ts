import { z } from 'zod';
import { rollId, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/** Dice in BCDice syntax; a hidden roll can be shown to everyone later by its roller. */
export const diceCommands = [
  z.object({ type: z.literal('roll'), expr: line(200), visibility: rollVisibility.default('public') }),
  z.object({ type: z.literal('roll.reveal'), roll: rollId }),
] as const;
