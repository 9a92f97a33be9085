import { z } from 'zod';
import { characterId } from './characters.ts';
import { audience, channel } from './feed.ts';
import { line } from '../text.ts';

/**
 * Chat: a line to everyone, to the GM, or to one seat (a whisper). `as`: the character it is spoken as (one of the
 * sender's own; the GM may speak as any); without it a seat speaks as its first character.
 */
export const chatCommands = [
  z.object({ type: z.literal('chat.send'), to: audience, channel: channel.default('main'), text: line(2000), as: characterId.optional() }),
] as const;
