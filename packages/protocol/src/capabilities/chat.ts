import { z } from 'zod';
import { characterId } from './characters.ts';
import { audience, channel, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/**
 * Chat: a line to everyone, to the GM, or to one seat (a whisper). A line that begins with a dice command of the
 * room's system is a roll; `visibility` is that roll's (a line that is not a roll ignores it). `as`: the character it
 * is spoken as (one of the sender's own; the GM may speak as any); without it a seat speaks as its first character.
 */
export const chatCommands = [
  z.object({
    type: z.literal('chat.send'),
    to: audience,
    channel: channel.default('main'),
    visibility: rollVisibility.default('public'),
    text: line(2000),
    as: characterId.optional(),
  }),
] as const;
