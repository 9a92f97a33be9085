import type { chatCommands } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireMember } from '../seats/seats.ts';
import type { ChatEntry, FeedSlice } from '../feed/feed.ts';
import { chatAudience, chatItem, conversation, pushFeed } from '../feed/feed.ts';
import { rollLine } from '../dice/roll.ts';

export type ChatCommand = z.infer<(typeof chatCommands)[number]>;

/**
 * Chat: lines to everyone, to the GM or to one seat, read by exactly the speakers of the conversation. A line that
 * begins with a dice command of the room's BCDice system is rolled instead, in the same conversation, with the rest
 * of the line as its comment.
 */
export const chat: Capability<FeedSlice, ChatCommand> = {
  id: 'chat',
  handlers: {
    'chat.send': (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      const to = command.to;
      if (to.kind === 'seat' && !ctx.seats().some((s) => s.id === to.seat)) return err('NO_SUCH_SEAT');
      const rolled = rollLine(ctx, command.text, { visibility: command.visibility, channel: command.channel, ...(to.kind === 'all' ? {} : { to }) });
      if (!rolled.ok) return rolled;
      if (rolled.value) return ok(undefined);
      const key = conversation(ctx.actor, to);
      const n = (ctx.state.chatCounts[key] ?? 0) + 1;
      ctx.state.chatCounts[key] = n;
      const item: ChatEntry = { kind: 'chat', id: key ? `m.${key}.${n}` : `m${n}`, from: ctx.actor, to, channel: command.channel, text: command.text };
      pushFeed(ctx.state, item);
      ctx.emit({ type: 'chat', parts: [{ to: chatAudience(item), seen: { type: 'feed', item: chatItem(item) } }] });
      return ok(undefined);
    },
  },
};
