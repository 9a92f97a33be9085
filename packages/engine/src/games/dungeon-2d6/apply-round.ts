import { err } from '../../kernel/result.ts';
import { finalValue } from './abilities.ts';
import type { Handler } from './context.ts';
import { done, emit, requireControl, requireGm } from './context.ts';
import { statsHidden } from './visibility.ts';

/** The GM starts a combat: the flow enters the combat phase (phases.ts). */
export const combatStart: Handler<'combat.start'> = (ctx) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.mode === 'combat') return err('ALREADY_IN_COMBAT');
  return ctx.enter('combat');
};

/** The GM ends a combat: the flow goes back to travel (phases.ts). */
export const combatEnd: Handler<'combat.end'> = (ctx) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.mode !== 'combat') return err('NOT_IN_COMBAT');
  return ctx.enter('travel');
};

/** D6-CORE-05: a new turn gives every combatant its 手番 back, except those who lost it by covering (D6-COVER-04). */
export const turnNext: Handler<'turn.next'> = (ctx) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.mode !== 'combat') return err('NOT_IN_COMBAT');
  ctx.state.turn += 1;
  const lost: string[] = [];
  for (const c of ctx.state.characters) {
    c.turnUsed = c.loseNextTurn;
    if (c.loseNextTurn) lost.push(c.id);
    c.loseNextTurn = false;
    c.statuses = c.statuses.filter((s) => s.untilTurn === null || s.untilTurn >= ctx.state.turn);
  }
  emit(ctx, 'turn.started', { turn: ctx.state.turn, lostTurn: lost });
  return done;
};

/**
 * D6-INIT-01 / D6-WIN-15: each side's representative rolls 1d6 (+機敏) on its own, shown at once; the higher acts
 * first; a tie is re-rolled (default) or left to the GM.
 */
export const initiativeRoll: Handler<'initiative.roll'> = (ctx, cmd) => {
  if (ctx.state.mode !== 'combat') return err('NOT_IN_COMBAT');
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  if (c.value.side !== cmd.side) return err('NOT_ON_SIDE', 'D6-INIT-01');
  const init = ctx.state.initiative;
  if (init.first) return err('ALREADY_DECIDED', 'D6-INIT-01');
  if (init[cmd.side]) return err('ALREADY_ROLLED', 'D6-INIT-01');
  const die = ctx.rng.die(6);
  const agi = ctx.state.options.initiativeAddsAgility ? finalValue(c.value, 'AGI', ctx.state.options.ironWallFrozen) : 0;
  init[cmd.side] = { character: c.value.id, die, total: die + agi };
  init.tie = false;
  // D6-WIN-15 shows each result; a GM-run representative's die and 機敏 stay the GM's (D6-HID-01), or they pin its AGI.
  const rolled = { side: cmd.side, character: c.value.id, die, agility: agi, total: die + agi };
  if (statsHidden(c.value)) emit(ctx, 'initiative.rolled', { side: cmd.side, character: c.value.id, total: die + agi }, { secret: { data: rolled } });
  else emit(ctx, 'initiative.rolled', rolled);
  if (!init.party || !init.enemies) return done;
  if (init.party.total === init.enemies.total) {
    init.tie = true;
    if (ctx.state.options.initiativeTie === 'reroll') {
      init.party = null;
      init.enemies = null;
    }
    emit(ctx, 'initiative.tie', { reroll: ctx.state.options.initiativeTie === 'reroll' });
    return done;
  }
  init.first = init.party.total > init.enemies.total ? 'party' : 'enemies';
  emit(ctx, 'initiative.decided', { first: init.first });
  return done;
};

/** D6-INIT-01: where the table leaves ties to the GM, the GM says who acts first. */
export const initiativeDecide: Handler<'initiative.decide'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const init = ctx.state.initiative;
  if (!init.tie || init.first || ctx.state.options.initiativeTie !== 'gm') return err('NO_TIE', 'D6-INIT-01');
  init.first = cmd.first;
  emit(ctx, 'initiative.decided', { first: cmd.first });
  return done;
};
