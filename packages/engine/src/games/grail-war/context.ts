import type { Ctx as KernelCtx } from '../../kernel/define-game.ts';
import { plain } from '../../kernel/draft.ts';
import { secondsAfter } from '../../kernel/game.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Battle, Character, GrailWarState, Participant } from './state.ts';
import { characterOf, characterOfSeat } from './state.ts';
import type { MasterSheet, ServantSheet } from './sheets.ts';

/**
 * A handler's working set (kernel Ctx): a draft of the state, its RNG, the actor, the time the server stamped on the
 * command (ms since the epoch, logged with it), `emit` and `enter` for the phase table.
 */
export type Ctx = KernelCtx<GrailWarState>;

/** GW-HIDE-04: when a sealed step opening now is forced, or null where the room sets no step timer. */
export function stepDeadline(ctx: Ctx): number | null {
  const seconds = ctx.state.options.stepTimerSeconds;
  return seconds === null ? null : secondsAfter(ctx.at, seconds);
}

export const done: Result<void> = ok(undefined);

/**
 * A copy of part of the state that the handler may change or store elsewhere. plain() alone is not one: what the
 * draft did not change comes back as the input state's own object, which nothing may change.
 */
export const copyOf = <T>(value: T): T => structuredClone(plain(value));

/** The GM alone. */
export function requireGm(ctx: Ctx): Result<void> {
  return ctx.actor.role === 'gm' ? done : err('NOT_GM');
}

/**
 * The character a command acts for (GW-HIDE-00: each character's choices are its own player's). A player acts for
 * the character of its seat, and may name only that one; the GM names the character it acts for.
 */
export function requireCharacter(ctx: Ctx, named?: string): Result<Character> {
  if (ctx.actor.role === 'gm') {
    if (named === undefined) return err('NO_CHARACTER', 'GW-HIDE-00', 'the GM names the character it acts for');
    const c = characterOf(ctx.state, named);
    return c ? ok(c) : err('NO_SUCH_CHARACTER');
  }
  const c = characterOfSeat(ctx.state, ctx.actor.seat);
  if (named !== undefined && c?.id !== named) return err('NOT_YOUR_CHARACTER', 'GW-HIDE-00');
  return c ? ok(c) : err('NO_CHARACTER');
}

/** The owner of a character, or the GM (GW-HIDE-00). */
export function requireOwnerOrGm(ctx: Ctx, c: Character): Result<void> {
  if (ctx.actor.role === 'gm' || (ctx.actor.role === 'player' && ctx.actor.seat === c.seat)) return done;
  return err('NOT_YOUR_CHARACTER', 'GW-HIDE-00');
}

/** The battle, in this phase if one is named. */
export function requireBattle(ctx: Ctx, phase?: Battle['phase']): Result<Battle> {
  const b = ctx.state.battle;
  if (!b) return err('NO_BATTLE', 'GW-BATTLE-01');
  if (phase && b.phase !== phase) return err('WRONG_PHASE', 'GW-BATTLE-08');
  return ok(b);
}

/** A character's sheet; throws for an unknown id (a broken invariant, not a refusal). */
export function sheetOf(state: GrailWarState, id: string): ServantSheet | MasterSheet {
  const c = characterOf(state, id);
  if (!c) throw new Error(`no character ${id}`);
  return c.sheet;
}

/** Still fighting: neither defeated nor pulled out (BATTLE-20, SEAL-01/02). */
export const standing = (p: Participant): boolean => p.status === 'standing';

