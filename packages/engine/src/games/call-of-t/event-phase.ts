import { isBone, strengthOf, suitOf } from './cards.ts';
import type { Ctx } from './context.ts';
import { emitAll, note } from './context.ts';
import { beginEncounter } from './encounter.ts';
import { moveOn } from './flow.ts';
import { beginInteraction } from './interaction.ts';
import { beginObstacle } from './obstacle.ts';
import { activeSpades } from './spades.ts';
import { enterStep } from './step-log.ts';
import { findSquare } from './state.ts';
import { drawTop, openEntry, placeOnSquare, squareStatus } from './zones.ts';

/** COT-EVT-01: a blank square at the start of the phase draws a deck card, applied at once (face-up). */
export function beginEventPhase(ctx: Ctx): void {
  const state = ctx.state;
  state.phase = { kind: 'event', step: null, processed: [] };
  emitAll(ctx, { type: 'cot.phase', cycle: state.cycle, phase: 'event', step: null });
  const square = findSquare(state, state.party.position)!;
  const safe = state.options.gateIsSafe && square.id === state.gate;
  if (!safe && squareStatus(square) === 'blank') {
    const card = drawTop(ctx);
    if (card) placeOnSquare(ctx, square, card, { faceUp: true, origin: 'deck' });
  }
  continueEvents(ctx);
}

/**
 * COT-EVT-02: the untapped cards of the party's square produce events one by one from the top; a face-down
 * card is turned up when its turn comes. Stops at a step that waits for someone, or ends the cycle.
 */
export function continueEvents(ctx: Ctx): void {
  const state = ctx.state;
  for (;;) {
    const phase = state.phase;
    if (phase.kind !== 'event' || phase.step) return;
    const square = findSquare(state, state.party.position)!;
    const entry = square.stack.find((e) => !e.tapped && !phase.processed.includes(e.card.id));
    if (!entry) {
      moveOn(ctx, 'cycleEnd');
      return;
    }
    phase.processed.push(entry.card.id);
    openEntry(ctx, square, entry);
    const aceHigh = state.options.aceHigh;
    if (isBone(entry.card)) {
      if (!state.party.tenkai || !state.bone) continue;
      // COT-BON-02: the bone challenges the party to tear-spirit combat.
      // Its POW is the GM's parameter (Q12), so no summoning is needed; its first opponent is the third responder.
      enterStep(ctx, {
        kind: 'tearSpiritCombat',
        entryId: entry.card.id,
        strength: state.bone.strength,
        spiritPow: state.bone.pow,
        bone: true,
        summoner: state.party.thirdResponder ?? state.party.actionOrder[0]!,
      });
      note(ctx, 'bone.fight', { firstOpponent: state.party.thirdResponder });
      continue;
    }
    const strength = strengthOf(entry.card, aceHigh);
    switch (suitOf(entry.card)) {
      case 'S':
        if (!activeSpades(state).includes(entry.card.id)) {
          // COT-ENC-01: an inactive spade is skipped and stays face-up.
          note(ctx, 'spade.ignored', { entry: entry.card.id });
          continue;
        }
        beginEncounter(ctx, entry.card.id, strength);
        continue;
      case 'D':
        enterStep(
          ctx,
          state.party.tenkai
            ? { kind: 'tearSpirit', entryId: entry.card.id, strength, bone: false }
            : { kind: 'remains', entryId: entry.card.id, strength },
        );
        continue;
      case 'C':
        beginObstacle(ctx, entry.card.id, strength);
        continue;
      case 'H':
        beginInteraction(ctx, entry.card.id, strength);
        continue;
      default:
        continue;
    }
  }
}
