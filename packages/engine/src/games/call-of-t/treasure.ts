import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { isSuit, strengthOf } from './cards.ts';
import type { Check } from './checks.ts';
import { rollCheck, rollSum, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, emitCheck, grantCheck, note, requireParticipant } from './context.ts';
import { finishStep } from './event-step.ts';
import { commit, gathered, ownCharacters } from './party-choice.ts';
import type { Character } from './state.ts';
import { findCharacter } from './state.ts';
import { stepOutcome } from './step-log.ts';
import { treasureContents } from './tables.ts';
import { discardFromHand } from './zones.ts';

/** The treasure rank after 〈目星〉: a fumble loses it, else the best SD is added, never above the cap (COT-TRS-02). */
export function treasureRank(cap: number, rank: number, spotChecks: readonly Check[]): number | null {
  if (rank > cap) return null;
  if (spotChecks.some((c) => c.level === 'fumble')) return null;
  const best = Math.max(0, ...spotChecks.filter(succeeded).map((c) => c.sd));
  return Math.min(cap, rank + best);
}

/**
 * COT-TRS-01..03: 2D6 (or a ♦ from a hand) against the cap, then 〈目星〉 by those who pay 1 LTF, each committed by its
 * own player (party-choice.ts).
 */
export function applyTreasure(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.treasure.resolve' }>): Result<void> {
  const who = requireParticipant(ctx, 'COT-TRS-01');
  if (!who.ok) return who;
  const phase = ctx.state.phase;
  if (phase.kind !== 'event' || phase.step?.kind !== 'treasure') return err('NOT_YOUR_PHASE', 'COT-TRS-01');
  const step = phase.step;
  const state = ctx.state;
  const named = ownCharacters(ctx, [...new Set(command.spotters)], 'COT-TRS-02');
  if (!named.ok) return named;
  if (command.diamond) return playDiamond(ctx, step.cap, command.diamond, named.value.length > 0);
  const committed = (step.committed ??= []);
  if (ctx.actor.role === 'player' && !commit(ctx, committed, { seat: ctx.actor.seat, spotters: named.value.map((c) => c.id) }, 'treasure')) return done;
  const own = ctx.actor.role === 'gm' ? named.value.map((c) => ({ character: c.id })) : [];
  const spotters = gathered(state, committed.map((c) => c.spotters.map((character) => ({ character }))), own);
  settle(ctx, step.cap, rollSum(ctx.rng, 2, 6), spotters.map((x) => findCharacter(state, x.character)!));
  return done;
}

/**
 * T-FX-ENC ♦: its owner plays it instead of the 2D6, at once; its strength is the rank, above the cap it cannot be
 * used, and 〈目星〉 cannot be attempted, so what the players committed to spot lapses.
 */
function playDiamond(ctx: Ctx, cap: number, diamond: { character: string; card: string }, spotting: boolean): Result<void> {
  const owner = findCharacter(ctx.state, diamond.character);
  const card = owner?.hand.find((c) => c.id === diamond.card);
  if (!owner || !card || !isSuit(card, 'D')) return err('NEED_DIAMOND', 'COT-TRS-01');
  if (ctx.actor.role === 'player' && owner.seat !== ctx.actor.seat) return err('NOT_YOUR_CHARACTER', 'COT-TRS-01');
  const rank = strengthOf(card, ctx.state.options.aceHigh);
  if (rank > cap) return err('ABOVE_CAP', 'COT-TRS-01');
  if (spotting) return err('NO_SPOT_WITH_DIAMOND', 'COT-TRS-01');
  discardFromHand(ctx, owner, card.id);
  settle(ctx, cap, rank, []);
  return done;
}

/** The rank against the cap, the spotters' 〈目星〉 (each paying 1 LTF), and what the party finds (COT-TRS-01..03). */
function settle(ctx: Ctx, cap: number, rank: number, spotters: Character[]): void {
  const state = ctx.state;
  note(ctx, 'treasure.rank', { cap, rank });
  const checks: Check[] = [];
  // INFERRED: 〈目星〉 comes after the 2D6 and is pointless once the rank is above the cap.
  if (rank <= cap) {
    for (const c of spotters) {
      addLtf(c, 3);
      const check = rollCheck(ctx.rng, c.skillSets.spot, state.options.autoFailAtZero);
      emitCheck(ctx, c.id, 'spot', check);
      if (succeeded(check)) grantCheck(c, 'set:spot');
      checks.push(check);
    }
  }
  const final = treasureRank(cap, rank, checks);
  if (final !== null) state.party.treasures.push(final);
  stepOutcome(ctx, 'treasure', final === null ? 'nothing' : 'found', { rank: final, contents: final === null ? null : treasureContents(final) });
  if (final !== null && final <= 2) foodAsRations(ctx);
  finishStep(ctx);
}

/**
 * A food treasure (rank 2) is treasure like any other: kept for its size, not used during the mission (COT-TRS-03).
 * A room that reads it as provisions (Q14) sets the rations each character gets from it.
 */
function foodAsRations(ctx: Ctx): void {
  const per = ctx.state.options.foodTreasureRations;
  if (per <= 0) return;
  const rations = per * ctx.state.characters.length;
  ctx.state.party.food += rations;
  note(ctx, 'treasure.food', { rations, food: ctx.state.party.food });
}
