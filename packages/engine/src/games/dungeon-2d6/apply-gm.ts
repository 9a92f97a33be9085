import type { D6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import { perViewer } from '../../kernel/events.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { done, requireCharacter, requireGm } from './context.ts';
import { gainHp, loseHp, restHealing } from './hp.ts';
import { resolveCheck } from './resolution.ts';

/** D6-BASE-04: rest heals by the hour. */
export const rest: Handler<'rest'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const c = requireCharacter(ctx, cmd.character);
  if (!c.ok) return c;
  gainHp(ctx, c.value, restHealing(cmd.hours), 'rest');
  return done;
};

/** D6-BASE-04 / D6-SKL-HEAL-01: the GM applies healing (the amount is the base game's). */
export const hpHeal: Handler<'hp.heal'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const c = requireCharacter(ctx, cmd.character);
  if (!c.ok) return c;
  gainHp(ctx, c.value, cmd.amount, 'heal');
  return done;
};

/**
 * D6-ENG-07: the table reads that the GM overrode something; the seat whose check it was reads the outcome it
 * changed; the reason, like the log it goes into, is the GM's alone.
 */
function announceOverride(ctx: Ctx, target: string, reason: string, outcome?: { before: string; after: string; seat: string | null }): void {
  const type = 'gm.override';
  const changed = outcome ? { before: outcome.before, after: outcome.after } : {};
  // The check's seat is asked by name, so it reads its part even if the room lists no such seat.
  const seats = [...new Set([...ctx.seats().map((s) => s.id), ...(outcome?.seat ? [outcome.seat] : [])])];
  ctx.emit(perViewer<D6ViewEvent>(type, seats, (v) => {
    if (v.role === 'gm') return { type, data: { target, reason, ...changed } };
    if (outcome?.seat && v.role === 'player' && v.seat === outcome.seat) return { type, data: { target, ...changed } };
    return { type, data: { target } };
  }));
}

/** D6-ENG-07: the GM may override any automatic result; the reason goes into the append-only log. */
export const gmOverride: Handler<'gm.override'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const t = cmd.target;
  if (t.kind === 'check') {
    const check = ctx.state.checks[t.check];
    if (!check) return err('NO_SUCH_CHECK');
    const before = check.outcome;
    ctx.state.log.push({ kind: 'override', target: check.id, reason: cmd.reason, before, after: t.outcome });
    announceOverride(ctx, check.id, cmd.reason, { before, after: t.outcome, seat: check.secret ? null : check.ownerSeat });
    if (!check.resolved && !check.opposed && !check.attack) resolveCheck(ctx, check, t.outcome);
    else check.outcome = t.outcome;
    return done;
  }
  const c = requireCharacter(ctx, t.character);
  if (!c.ok) return c;
  const before = c.value.hp;
  ctx.state.log.push({ kind: 'override', target: c.value.id, reason: cmd.reason, before: String(before), after: String(t.hp) });
  announceOverride(ctx, c.value.id, cmd.reason);
  if (t.hp < before) loseHp(ctx, c.value, before - t.hp, 'override');
  else if (t.hp > before) {
    c.value.maxHp = Math.max(c.value.maxHp, t.hp);
    gainHp(ctx, c.value, t.hp - before, 'override');
  }
  return done;
};
