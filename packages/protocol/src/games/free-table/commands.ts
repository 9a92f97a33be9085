import { z } from 'zod';
import { cardCommands } from '../../capabilities/cards.ts';
import { characterCommands } from '../../capabilities/characters.ts';
import { releaseCommands } from '../../capabilities/release.ts';
import { chatCommands } from '../../capabilities/chat.ts';
import { declarationCommands } from '../../capabilities/declarations.ts';
import { diceCommands } from '../../capabilities/dice.ts';
import { noteCommands } from '../../capabilities/notes.ts';
import { seatCommands } from '../../capabilities/seats.ts';

/** The free table is the table capabilities and no rule set: seats, chat, dice, notes, cards, declarations. */
export const freeTableCommand = z.discriminatedUnion('type', [
  ...seatCommands,
  ...chatCommands,
  ...characterCommands,
  ...releaseCommands,
  ...diceCommands,
  ...noteCommands,
  ...cardCommands,
  ...declarationCommands,
]);
export type FreeTableCommand = z.infer<typeof freeTableCommand>;
