import { GM_ONLY } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { emit } from './context.ts';
import { positionHidden, publicAdjacent, unseen, zoneFor } from './visibility.ts';
import type { Character, Move } from './state.ts';
import { barrierIn, charactersIn, findCharacter, findZone } from './state.ts';

/** Where a move ends: the path walked, and who made it stop early (D6-ZONE-07), if anyone did. */
export type Plan = { path: string[]; stoppedBy: string | null };

/**
 * D6-ZONE-08: each step goes to an adjacent zone. D6-ZONE-07: a mover cannot pass through a zone that holds other
 * characters; it must stop there. D6-SKL-BARRIER-04: nothing passes a barrier's boundary.
 * The path is judged as the actor sees the scene (D6-HID-06), so a refusal never depends on a hidden character: a zone
 * whose only occupants the actor cannot see is not refused; the mover stops there, as the rule has it.
 */
export function planPath(ctx: Ctx, c: Character, path: readonly string[]): Result<Plan> {
  let at = c.zone;
  let stop: { index: number; by: string } | null = null;
  for (const [i, step] of path.entries()) {
    const here = findZone(ctx.state, at);
    if (!zoneFor(ctx.state, ctx.actor, step)) return err('NO_SUCH_ZONE');
    if (!here || !here.adjacent.includes(step)) return err('NOT_ADJACENT', 'D6-ZONE-08');
    if (barrierIn(ctx.state, at) || barrierIn(ctx.state, step)) return err('BLOCKED_BY_BARRIER', 'D6-SKL-BARRIER-04');
    if (i < path.length - 1) {
      const others = charactersIn(ctx.state, step).filter((o) => o.id !== c.id);
      if (others.some((o) => !unseen(ctx.actor, o))) return err('MUST_STOP_IN_ZONE', 'D6-ZONE-07');
      if (others.length > 0 && stop === null) stop = { index: i, by: others[0]!.id };
    }
    at = step;
  }
  return ok(stop ? { path: path.slice(0, stop.index + 1), stoppedBy: stop.by } : { path: [...path], stoppedBy: null });
}

/**
 * The mover's position change; a hidden enemy's move reaches only the GM (D6-HID-06). A move cut short by a hidden
 * character tells the GM who stopped it; the table sees only where the mover stands.
 */
export function placeCharacter(ctx: Ctx, c: Character, zone: string, cause: string, stoppedBy: string | null = null): void {
  const from = c.zone;
  c.zone = zone;
  // D6-SKL-IRONWALL-02: moving ends 鉄壁.
  if (c.ironWall && cause === 'move') {
    c.ironWall = null;
    emit(ctx, 'iron-wall.ended', { character: c.id, cause: 'move' });
  }
  if (!positionHidden(c)) revealZone(ctx, zone);
  const data = { character: c.id, from, to: zone, cause };
  if (positionHidden(c)) emit(ctx, 'character.moved', { ...data, ...(stoppedBy ? { stoppedBy } : {}) }, { to: GM_ONLY });
  else emit(ctx, 'character.moved', data, stoppedBy ? { secret: { data: { stoppedBy } } } : {});
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
    placeCharacter(ctx, c, move.path[move.path.length - 1]!, 'move', move.stoppedBy ?? null);
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

/**
 * A hidden zone becomes the table's once something visible stands in it (a visible character arrives, or the one
 * there comes out of hiding): it is announced as if just made, beside the neighbours the table knows.
 */
export function revealZone(ctx: Ctx, id: string): void {
  const z = findZone(ctx.state, id);
  if (!z?.hidden) return;
  delete z.hidden;
  emit(ctx, 'zone.added', { zone: z.id, name: z.name, adjacent: publicAdjacent(ctx.state, z) });
}
