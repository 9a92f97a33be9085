import { z } from 'zod';
import { audience, channel } from './feed.ts';
import { line } from '../text.ts';

/** Chat: a line to everyone, to the GM, or to one seat (a whisper). */
export const chatCommands = [z.object({ type: z.literal('chat.send'), to: audience, channel: channel.default('main'), text: line(2000) })] as const;
