import type { ActorRef, Audience as ChatAudience, chatCommands } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireMember } from '../seats/seats.ts';
import type { ChatEntry, FeedSlice } from '../feed/feed.ts';
import { chatAudience, chatItem, pushFeed } from '../feed/feed.ts';

export type ChatCommand = z.infer<(typeof chatCommands)[number]>;

/**
 * The conversation a line belongs to: the table, or one pair of speakers. Line ids count within a conversation
 * (m4, m.gm.s2.3, m.s1.s3.1), so a seat never learns from an id how many lines it was not sent.
 */
function conversation(from: ActorRef, to: ChatAudience): string {
  if (to.kind === 'all') return '';
  const a = from.role === 'gm' ? 'gm' : from.seat;
  const b = to.kind === 'gm' ? 'gm' : to.seat;
  return [a, b].sort().join('.');
}


/** Chat: lines to everyone, to the GM or to one seat, read by exactly the speakers of the conversation. */
export const chat: Capability<FeedSlice, ChatCommand> = {
  id: 'chat',
  handlers: {
    'chat.send': (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      if (command.to.kind === 'seat' && !ctx.seats().some((s) => command.to.kind === 'seat' && s.id === command.to.seat)) return err('NO_SUCH_SEAT');
      const key = conversation(ctx.actor, command.to);
      const n = (ctx.state.chatCounts[key] ?? 0) + 1;
      ctx.state.chatCounts[key] = n;
      const item: ChatEntry = { kind: 'chat', id: key ? `m.${key}.${n}` : `m${n}`, from: ctx.actor, to: command.to, channel: command.channel, text: command.text };
      pushFeed(ctx.state, item);
      ctx.emit({ type: 'chat', parts: [{ to: chatAudience(item), seen: { type: 'feed', item: chatItem(item) } }] });
      return ok(undefined);
    },
  },
};
