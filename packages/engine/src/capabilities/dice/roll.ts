import type { Channel, diceCommands, RollVisibility, Speaker } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import { EVERYONE } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireGm, requireMember } from '../seats/seats.ts';
import type { FeedSlice, RollEntry, WhisperAudience } from '../feed/feed.ts';
import { conversation, diceSystemOf, pushFeed, rollAudience, rollItem, rollSeenBy, sameActor } from '../feed/feed.ts';
import { rollBcdice } from './bcdice-roll.ts';
import { isDiceSystem } from './game-systems.ts';

export type DiceCommand = z.infer<(typeof diceCommands)[number]>;

/**
 * How a line is rolled: its visibility as asked, its tab, the whisper it was typed in (absent: the table) and the
 * public face of the character it was typed as (absent: a plain roll).
 */
export type RollRequest = { visibility: RollVisibility; channel: Channel; to?: WhisperAudience; speaker?: Speaker };

/**
 * Rolls a line if the room's BCDice system reads it as a command, adding the roll to the feed; ok(false) when it is
 * not a command. An `S` prefix makes a public roll a GM roll; a self roll stays self. Those who may not read the
 * result learn only that it happened; a roll in a whisper is told to no one outside it (and the GM for a GM roll).
 */
export function rollLine(ctx: Ctx<FeedSlice>, line: string, request: RollRequest): Result<boolean> {
  const rolled = rollBcdice(diceSystemOf(ctx.state), line, ctx.rng);
  if (!rolled.ok) return rolled;
  if (!rolled.value) return ok(false);
  const { result, secret, rands } = rolled.value;
  const visibility = secret && request.visibility === 'public' ? 'gm' : request.visibility;
  let id: string;
  if (request.to) {
    const key = conversation(ctx.actor, request.to);
    const n = (ctx.state.chatCounts[key] ?? 0) + 1;
    ctx.state.chatCounts[key] = n;
    id = `r.${key}.${n}`;
  } else {
    ctx.state.rollCount += 1;
    id = `r${ctx.state.rollCount}`;
  }
  const item: RollEntry = {
    kind: 'roll',
    id,
    by: ctx.actor,
    ...(request.to ? { to: request.to } : {}),
    channel: request.channel,
    visibility,
    revealed: false,
    result,
    rands,
    ...(request.speaker ? { speaker: request.speaker } : {}),
  };
  pushFeed(ctx.state, item);
  const shown = { to: rollAudience(item), seen: { type: 'feed', item: rollItem(item, true) } };
  const seenBy = rollSeenBy(item);
  const others = { to: seenBy, seen: { type: 'feed', item: rollItem(item, false) } };
  ctx.emit({ type: 'roll', parts: shown.to === seenBy ? [shown] : [shown, others] });
  return ok(true);
}

/** Dice in BCDice syntax, read in the room's game system, which the GM chooses. */
export const dice: Capability<FeedSlice, DiceCommand> = {
  id: 'dice',
  handlers: {
    roll: (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      const rolled = rollLine(ctx, command.expr, { visibility: command.visibility, channel: command.channel });
      if (!rolled.ok) return rolled;
      return rolled.value ? ok(undefined) : err('DICE_SYNTAX');
    },
    'roll.reveal': (ctx, command) => {
      const item = ctx.state.feed.find((f): f is RollEntry => f.kind === 'roll' && f.id === command.roll);
      if (!item) return err('NO_SUCH_ROLL');
      if (!sameActor(item.by, ctx.actor)) return err('NOT_YOUR_ROLL');
      if (item.visibility === 'public' || item.revealed) return err('ROLL_ALREADY_PUBLIC');
      item.revealed = true;
      ctx.emit({ type: 'roll.revealed', parts: [{ to: rollSeenBy(item), seen: { type: 'roll.revealed', item: rollItem(item, true) } }] });
      return ok(undefined);
    },
    'dice.system': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      if (!isDiceSystem(command.system)) return err('UNKNOWN_DICE_SYSTEM');
      ctx.state.diceSystem = command.system;
      ctx.emit({ type: 'dice.system', parts: [{ to: EVERYONE, seen: { type: 'dice.system', system: command.system } }] });
      return ok(undefined);
    },
  },
};
