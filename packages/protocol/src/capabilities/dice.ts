import { z } from 'zod';
import { channel, diceSystemId, rollId, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/**
 * Dice in BCDice syntax, read by the room's game system; a hidden roll can be shown to everyone later by its roller.
 * The GM chooses the system (`dice.system`).
 */
export const diceCommands = [
  z.object({ type: z.literal('roll'), expr: line(200), visibility: rollVisibility.default('public'), channel: channel.default('main') }),
  z.object({ type: z.literal('roll.reveal'), roll: rollId }),
  z.object({ type: z.literal('dice.system'), system: diceSystemId }),
] as const;
