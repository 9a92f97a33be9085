import type { PhaseTable } from '../../kernel/define-game.ts';
import type { Ctx } from './context.ts';
import { done, emit } from './context.ts';
import type { D6State } from './state.ts';

/**
 * The two modes of play as the kernel's phase table: travel (D6-ZONE-01, the party as one zone, no 手番) and combat
 * (D6-CORE-05, turns of 手番). Handlers move the flow on with `ctx.enter(name)`, so no module imports another's flow.
 */
export const phases: PhaseTable<D6State> = {
  /** A new combat: turn 1, initiative to roll (D6-INIT-01), every combatant with its 手番. */
  combat: {
    enter: (ctx: Ctx) => {
      ctx.state.mode = 'combat';
      ctx.state.turn = 1;
      ctx.state.initiative = { party: null, enemies: null, first: null, tie: false };
      for (const c of ctx.state.characters) c.turnUsed = false;
      emit(ctx, 'combat.started', { turn: 1 });
      return done;
    },
  },
  /** Back to travel: combat-long modifiers and statuses end (D6-SKL-INTIMIDATE-01 "this combat"), and so do 手番. */
  travel: {
    enter: (ctx: Ctx) => {
      ctx.state.mode = 'travel';
      ctx.state.turn = 0;
      for (const c of ctx.state.characters) {
        c.modifiers = c.modifiers.filter((m) => m.duration !== 'combat');
        c.statuses = [];
        c.turnUsed = false;
        c.loseNextTurn = false;
      }
      emit(ctx, 'combat.ended', {});
      return done;
    },
  },
};
