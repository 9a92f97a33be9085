import type { chatCommands, Speaker } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { CastSlice } from '../characters/cast.ts';
import { findCharacter, mayEdit, seatCast, speakerOf } from '../characters/cast.ts';
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
/**
 * The face a line is spoken with: the character `as` names (the sender's own, or any for the GM, CAST-05), else a
 * seat's first character; a GM line without `as` is plain.
 */
function speakerFor(ctx: Ctx<FeedSlice & CastSlice>, as: string | undefined): Result<Speaker | undefined> {
  const seats = ctx.seats();
  if (as === undefined) {
    const first = ctx.actor.role === 'player' ? seatCast(ctx.state, seats, ctx.actor.seat)[0] : undefined;
    return ok(first && speakerOf(first));
  }
  const c = findCharacter(ctx.state, seats, as);
  if (!c) return err('NO_SUCH_CHARACTER', 'CAST-02');
  if (!mayEdit(c, ctx.actor)) return err('NOT_YOUR_CHARACTER', 'CAST-05');
  return ok(speakerOf(c));
}

export const chat: Capability<FeedSlice & CastSlice, ChatCommand> = {
  id: 'chat',
  handlers: {
    'chat.send': (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      const to = command.to;
      if (to.kind === 'seat' && !ctx.seats().some((s) => s.id === to.seat)) return err('NO_SUCH_SEAT');
      const speaker = speakerFor(ctx, command.as);
      if (!speaker.ok) return speaker;
      // A roll is typed as the same face a line would be spoken with (public only: CAST-06, CAST-07).
      const rolled = rollLine(ctx, command.text, {
        visibility: command.visibility, channel: command.channel, ...(to.kind === 'all' ? {} : { to }), ...(speaker.value ? { speaker: speaker.value } : {}),
      });
      if (!rolled.ok) return rolled;
      if (rolled.value) return ok(undefined);
      const key = conversation(ctx.actor, to);
      const n = (ctx.state.chatCounts[key] ?? 0) + 1;
      ctx.state.chatCounts[key] = n;
      const item: ChatEntry = { kind: 'chat', id: key ? `m.${key}.${n}` : `m${n}`, from: ctx.actor, to, channel: command.channel, text: command.text, ...(speaker.value ? { speaker: speaker.value } : {}) };
      pushFeed(ctx.state, item);
      ctx.emit({ type: 'chat', parts: [{ to: chatAudience(item), seen: { type: 'feed', item: chatItem(item) } }] });
      return ok(undefined);
    },
  },
};
