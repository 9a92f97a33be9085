import { GM_ONLY } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { emit } from './context.ts';
import { positionHidden } from './public.ts';
import type { Character, Move } from './state.ts';
import { barrierIn, charactersIn, findCharacter, findZone } from './state.ts';

/**
 * D6-ZONE-08: each step goes to an adjacent zone. D6-ZONE-07: a mover cannot pass through a zone that holds other
 * characters; it must stop there. D6-SKL-BARRIER-04: nothing passes a barrier's boundary.
 */
export function validatePath(ctx: Ctx, c: Character, path: readonly string[]): Result<void> {
  let at = c.zone;
  for (const [i, step] of path.entries()) {
    const here = findZone(ctx.state, at);
    if (!findZone(ctx.state, step)) return err('NO_SUCH_ZONE');
    if (!here || !here.adjacent.includes(step)) return err('NOT_ADJACENT', 'D6-ZONE-08');
    if (barrierIn(ctx.state, at) || barrierIn(ctx.state, step)) return err('BLOCKED_BY_BARRIER', 'D6-SKL-BARRIER-04');
    const last = i === path.length - 1;
    if (!last && charactersIn(ctx.state, step).some((o) => o.id !== c.id)) return err('MUST_STOP_IN_ZONE', 'D6-ZONE-07');
    at = step;
  }
  return ok(undefined);
}

/** The mover's position change; a hidden enemy's move reaches only the GM (D6-HID-06). */
export function placeCharacter(ctx: Ctx, c: Character, zone: string, cause: string): void {
  const from = c.zone;
  c.zone = zone;
  // D6-SKL-IRONWALL-02: moving ends 鉄壁.
  if (c.ironWall && cause === 'move') {
    c.ironWall = null;
    emit(ctx, 'iron-wall.ended', { character: c.id, cause: 'move' });
  }
  emit(ctx, 'character.moved', { character: c.id, from, to: zone, cause }, positionHidden(c) ? { to: GM_ONLY } : {});
}

/** D6-SKL-FLIGHT-04: the fastest a flier goes, about 3× its normal movement; null while the movement is unknown. */
export function flightCap(movement: number | null): number | null {
  return movement === null ? null : 3 * movement;
}

/** Ends a pending move: the character arrives, or stays (a lost disengage). */
export function completeMove(ctx: Ctx, move: Move, arrived: boolean): void {
  const c = findCharacter(ctx.state, move.character);
  if (!c || move.state !== 'pending') return;
  move.state = arrived ? 'done' : 'failed';
  if (arrived) {
    placeCharacter(ctx, c, move.path[move.path.length - 1]!, 'move');
    return;
  }
  // D6-ZONE-06: on failure the character stays; the table decides whether its 手番 is spent (default: spent).
  if (!ctx.state.options.failedDisengageSpendsTurn) c.turnUsed = false;
  emit(ctx, 'move.failed', { move: move.id, character: c.id });
}

/** Called when the opposed 機敏 check of a disengage is resolved. */
export function finishDisengage(ctx: Ctx, moveId: string, won: boolean): void {
  const move = ctx.state.moves[moveId];
  if (move) completeMove(ctx, move, won);
}
