import { z } from 'zod';
import { audience, channel, rollVisibility } from './feed.ts';
import { line } from '../text.ts';

/**
 * Chat: a line to everyone, to the GM, or to one seat (a whisper). `visibility` is who sees a roll the line asks for
 * (a line that is a dice command).
 */
export const chatCommands = [z.object({ type: z.literal('chat.send'), to: audience, channel: channel.default('main'), text: line(2000), visibility: rollVisibility.default('public') })] as const;
