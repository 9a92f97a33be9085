import type { diceCommands } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import { EVERYONE } from '../../kernel/events.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireMember } from '../seats/seats.ts';
import type { FeedSlice, RollEntry } from '../feed/feed.ts';
import { pushFeed, rollAudience, rollItem, sameActor } from '../feed/feed.ts';
import { rollDice } from './dice.ts';

export type DiceCommand = z.infer<(typeof diceCommands)[number]>;


/**
 * Dice in BCDice syntax. A roll's audience reads its result, everyone else that it happened; an `S` prefix makes a
 * public roll a GM roll; a self roll stays self.
 */
export const dice: Capability<FeedSlice, DiceCommand> = {
  id: 'dice',
  handlers: {
    roll: (ctx, command) => {
      const who = requireMember(ctx);
      if (!who.ok) return who;
      const rolled = rollDice(command.expr, ctx.rng);
      if (!rolled.ok) return rolled;
      const visibility = rolled.value.secret && command.visibility === 'public' ? 'gm' : command.visibility;
      ctx.state.rollCount += 1;
      const item: RollEntry = { kind: 'roll', id: `r${ctx.state.rollCount}`, by: ctx.actor, channel: command.channel, visibility, revealed: false, result: rolled.value.result };
      pushFeed(ctx.state, item);
      const shown = { to: rollAudience(item), seen: { type: 'feed', item: rollItem(item, true) } };
      const others = { to: EVERYONE, seen: { type: 'feed', item: rollItem(item, false) } };
      ctx.emit({ type: 'roll', parts: shown.to === EVERYONE ? [shown] : [shown, others] });
      return ok(undefined);
    },
    'roll.reveal': (ctx, command) => {
      const item = ctx.state.feed.find((f): f is RollEntry => f.kind === 'roll' && f.id === command.roll);
      if (!item) return err('NO_SUCH_ROLL');
      if (!sameActor(item.by, ctx.actor)) return err('NOT_YOUR_ROLL');
      if (item.visibility === 'public' || item.revealed) return err('ROLL_ALREADY_PUBLIC');
      item.revealed = true;
      ctx.emit({ type: 'roll.revealed', parts: [{ to: EVERYONE, seen: { type: 'roll.revealed', item: rollItem(item, true) } }] });
      return ok(undefined);
    },
  },
};
