import { z } from 'zod';
import { audience, channel, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/**
 * Chat: a line to everyone, to the GM, or to one seat (a whisper). A line that begins with a dice command of the
 * room's system is a roll; `visibility` is that roll's (a line that is not a roll ignores it).
 */
export const chatCommands = [
  z.object({ type: z.literal('chat.send'), to: audience, channel: channel.default('main'), visibility: rollVisibility.default('public'), text: line(2000) }),
] as const;
