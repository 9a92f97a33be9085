import type { Ctx } from './context.ts';
import { standing } from './context.ts';
import type { Battle } from './state.ts';

/**
 * How rules move a battle on: by entering a phase of the game's phase table (phases.ts), never by calling another
 * phase module, so the phase modules do not import one another.
 */
export type BattlePhase = 'submit' | 'window' | 'resolve' | 'ended';

/** Enters a phase of the table; its entry never refuses, so a refusal here is a broken invariant. */
export function enterPhase(ctx: Ctx, phase: BattlePhase): void {
  const entered = ctx.enter(phase);
  if (!entered.ok) throw new Error(`grail-war: entering ${phase} refused ${entered.error.code}`);
}

/** Opens batch n for sealed plans (GW-BATTLE-09/10); batch n again when who faces whom changed within it. */
export function openBatch(ctx: Ctx, battle: Battle, n: number): void {
  battle.batch = n;
  enterPhase(ctx, 'submit');
}

/** Ends the battle for this reason: winner, rewards and the post-battle hooks (BATTLE-21/22). */
export function endBattle(ctx: Ctx, battle: Battle, reason: NonNullable<Battle['endReason']>): void {
  battle.endReason = reason;
  enterPhase(ctx, 'ended');
}

/** BATTLE-20 (a): ends the battle when at most one side still stands; true when it is over. */
export function checkEnd(ctx: Ctx, battle: Battle): boolean {
  if (battle.phase === 'ended') return true;
  const sides = new Set(battle.participants.filter(standing).map((p) => p.side));
  if (sides.size > 1) return false;
  endBattle(ctx, battle, 'sideDown');
  return true;
}
