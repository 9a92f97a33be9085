import type { CotInvAction } from '@veiltable/protocol/games/call-of-t';
import type { Check } from './checks.ts';
import { rollCheck, rollSum, substituteCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { rekey } from '../../capabilities/cards/deck.ts';
import { addLtf, emitAll, emitCheck, emitTo, faceView, grantCheck, seatsOf } from './context.ts';
import { moveOn } from './flow.ts';
import { applyProbe, applyResonance, mark, raiseCall, scoutResult } from './investigation-effects.ts';
import type { Character } from './state.ts';
import { findSquare, idTaken, inActionOrder } from './state.ts';
import { drawTop, drawToHand, placeOnSquare, squareStatus, takeFromHand } from './zones.ts';

/**
 * COT-DIE-10 for the investigation phase: every die is rolled first, in action order, then each character's
 * result is applied in action order, each seeing the state the earlier ones left (COT-INV-02).
 */
export function resolveInvestigation(ctx: Ctx, actions: Map<string, CotInvAction>, shown: readonly string[] = []): void {
  const order = inActionOrder(ctx.state);
  const rolled = order.map((character) => {
    const action = actions.get(character.id) ?? { kind: 'none' as const };
    return { character, action, check: rollFor(ctx, character, action) };
  });
  for (const { character, action, check } of rolled) {
    if (check) emitCheck(ctx, character.id, action.kind, check);
    applyAction(ctx, character, action, check);
  }
  rekeyNamedCards(ctx, actions, shown);
  moveOn(ctx, 'time');
}

/**
 * The reveal published the ids of cards named in declarations, and open declarations those `shown` before; any still
 * in a hand (an unused set card, a probe that came back, a card a changed choice dropped) gets a new id, told to its
 * owner alone, so the published id follows it nowhere (COT-HID-02).
 */
function rekeyNamedCards(ctx: Ctx, actions: Map<string, CotInvAction>, shown: readonly string[]): void {
  const named = new Set<string>(shown);
  for (const a of actions.values()) for (const id of cardsNamed(a)) named.add(id);
  for (const character of ctx.state.characters) {
    for (const card of character.hand) {
      if (!named.has(card.id)) continue;
      const oldId = card.id;
      rekey(card, ctx.rng, idTaken(ctx.state));
      emitTo(ctx, seatsOf(ctx, [character.id]), {
        type: 'cot.card',
        op: 'returned',
        card: faceView(card),
        square: null,
        character: character.id,
        to: oldId,
      });
    }
  }
}

/** The hand cards an investigation choice names: a substitute ♥, a card to set, the vision ♥ or the probe ♠. */
export function cardsNamed(action: CotInvAction): string[] {
  const a = action as Partial<Record<'substitute' | 'setCard' | 'card', string>>;
  return [a.substitute, a.setCard, a.card].filter((id): id is string => !!id);
}

function substituteLevel(ctx: Ctx): Check {
  return substituteCheck(ctx.state.options.substituteLevel);
}

/** The roll each action makes, if any (COT-INV-03..07, COT-FX-01/02). */
function rollFor(ctx: Ctx, character: Character, action: CotInvAction): Check | null {
  const autoFail = ctx.state.options.autoFailAtZero;
  const scoutChance = character.skillSets.scout + character.scoutBonus;
  switch (action.kind) {
    case 'scout':
      return action.substitute ? substituteLevel(ctx) : rollCheck(ctx.rng, scoutChance, autoFail);
    case 'vision':
      return ctx.state.options.visionResolution === 'autoSuccess' ? substituteLevel(ctx) : rollCheck(ctx.rng, scoutChance, autoFail);
    case 'prayer':
      return action.substitute ? substituteLevel(ctx) : rollCheck(ctx.rng, character.deathRites, autoFail);
    case 'resonance':
      return rollCheck(ctx.rng, (character.skills[ctx.state.resonanceSkill] ?? 0) + character.spiritPressure, autoFail);
    case 'probe':
    case 'none':
      return null;
  }
}


function applyAction(ctx: Ctx, character: Character, action: CotInvAction, check: Check | null): void {
  const state = ctx.state;
  switch (action.kind) {
    case 'scout': {
      const square = findSquare(state, action.target)!;
      mark(ctx, character, square.id);
      addLtf(character, 3);
      square.scouted = true;
      if (action.substitute) playHeart(ctx, character, action.substitute);
      // COT-INV-03 step 3: a blank target first gets the top deck card face-down.
      if (squareStatus(square) === 'blank') {
        const card = drawTop(ctx);
        if (card) placeOnSquare(ctx, square, card, { faceUp: false, origin: 'deck' });
      }
      if (check && !check.substituted && succeeded(check)) grantCheck(character, 'set:scout');
      scoutResult(ctx, character, square, check!, action);
      return;
    }
    case 'vision': {
      const square = findSquare(state, action.target)!;
      mark(ctx, character, square.id);
      square.scouted = true;
      const heart = takeFromHand(character, action.card);
      if (heart) placeOnSquare(ctx, square, heart, { faceUp: true, origin: 'hand' });
      if (check && !check.substituted && succeeded(check)) grantCheck(character, 'set:scout');
      scoutResult(ctx, character, square, check!, { kind: 'vision' });
      return;
    }
    case 'prayer': {
      mark(ctx, character, state.party.position);
      if (action.substitute) playHeart(ctx, character, action.substitute);
      // COT-INV-06: draw as many cards as the success degree; a fumble raises 〈呼び声〉 by 1D6.
      if (check!.sd > 0) drawToHand(ctx, character, check!.sd);
      if (check!.level === 'fumble') raiseCall(ctx, character, rollSum(ctx.rng, 1, 6));
      return;
    }
    case 'resonance':
      applyResonance(ctx, character, action.target, check!);
      return;
    case 'probe':
      applyProbe(ctx, character, action.target, action.card);
      return;
    case 'none':
      return;
  }
}

function playHeart(ctx: Ctx, character: Character, cardId: string): void {
  const card = takeFromHand(character, cardId);
  if (!card) return;
  ctx.state.discard.push(card);
  emitAll(ctx, { type: 'cot.card', op: 'played', card: faceView(card), square: null, character: character.id });
}
