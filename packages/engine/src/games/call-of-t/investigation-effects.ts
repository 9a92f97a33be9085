import type { CotInvAction } from '@veiltable/protocol/games/call-of-t';
import { faceLabel } from '../../capabilities/cards/deck.ts';
import { cornerBlock, isOrthogonal } from './board.ts';
import { isSuit, suitOf } from './cards.ts';
import type { Check } from './checks.ts';
import { rollSum, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, grantCheck, note, seatsOf, sheetNote } from './context.ts';
import { addFact } from './ledger.ts';
import type { Character, Square } from './state.ts';
import { findSquare, seatedPlayers } from './state.ts';
import { drawTop, drawToHand, openEntry, placeOnSquare, squareStatus, takeFromHand, topFaceDown } from './zones.ts';

/** What the investigation actions do once rolled: T-SCOUT, T-RES and 転界, the spade probe (§5, COT-FX-02). */

/** COT-MOD-06: a marker per character on its target; markers are cleared when the phase ends. */
export function mark(ctx: Ctx, character: Character, square: string): void {
  ctx.state.markers.push({ character: character.id, square });
  note(ctx, 'marker', { character: character.id, square });
}

/** Raises 〈呼び声〉 by a die or a strength, both public; the new value is the sheet's (COT-HID-01). */
export function raiseCall(ctx: Ctx, character: Character, amount: number): void {
  character.call += amount;
  sheetNote(ctx, character.id, 'call.raised', { character: character.id, amount, call: character.call }, { character: character.id, amount });
}

/** Who hears a scouted suit: the scout alone, or the whole party (COT-HID-06). */
function scoutAudience(ctx: Ctx, character: Character): string[] {
  return ctx.state.options.scoutSharing === 'party' ? seatedPlayers(ctx.state) : seatsOf(ctx, [character.id]);
}

type ScoutExtras = { kind: 'vision' } | Extract<CotInvAction, { kind: 'scout' }>;

/** T-SCOUT applied to a square (COT-INV-04). */
export function scoutResult(ctx: Ctx, character: Character, square: Square, check: Check, extras: ScoutExtras): void {
  const hidden = topFaceDown(square);
  switch (check.level) {
    case 'critical':
      if (hidden) openEntry(ctx, square, hidden);
      if (extras.kind === 'scout' && extras.peek) criticalPeek(ctx, character, extras.peek, extras.setCard);
      return;
    case 'special':
      if (hidden) openEntry(ctx, square, hidden);
      return;
    case 'success':
      if (hidden) addFact(ctx, scoutAudience(ctx, character), square, hidden, 'suit', suitOf(hidden.card) ?? '?');
      return;
    case 'failure':
      return;
    case 'fumble': {
      const grid = { width: ctx.state.width, height: ctx.state.height };
      // T-SCOUT fumble: the party must move into the scouted square next; a vision far away is the GM's.
      const adjacent = isOrthogonal(grid, ctx.state.party.position, square.id);
      if (adjacent) {
        ctx.state.party.forcedMove = { to: square.id, reason: 'fumble' };
        note(ctx, 'forced.move', { to: square.id, reason: 'fumble' });
      } else note(ctx, 'gm.ruling', { rule: 'COT-INV-05', square: square.id });
      return;
    }
  }
}

/** Critical scout extra: the suit of one square next to the target; a blank one gets a set card or a deck card. */
function criticalPeek(ctx: Ctx, character: Character, peekId: string, setCard: string | undefined): void {
  const square = findSquare(ctx.state, peekId);
  if (!square) return;
  const audience = scoutAudience(ctx, character);
  if (squareStatus(square) === 'blank') {
    const own = setCard ? takeFromHand(character, setCard) : null;
    if (own) {
      const entry = placeOnSquare(ctx, square, own, { faceUp: false, origin: 'hand', fromHand: true, knowers: [character.id] });
      addFact(ctx, seatsOf(ctx, [character.id]), square, entry, 'card', faceLabel(entry.card.face));
      return;
    }
    const card = drawTop(ctx);
    if (!card) return;
    const entry = placeOnSquare(ctx, square, card, { faceUp: false, origin: 'deck' });
    addFact(ctx, audience, square, entry, 'suit', suitOf(card) ?? '?');
    return;
  }
  const hidden = topFaceDown(square);
  if (hidden) addFact(ctx, audience, square, hidden, 'suit', suitOf(hidden.card) ?? '?');
}


/** COT-INV-07 and T-RES; the responses depend on the hidden bone, so only their number is published (COT-HID-07). */
export function applyResonance(ctx: Ctx, character: Character, target: string, check: Check): void {
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  mark(ctx, character, target);
  addLtf(character, 3);
  const near = !!state.bone && cornerBlock(grid, state.party.position, target).includes(state.bone.square);
  const responses = succeeded(check) && near ? check.sd : 0;
  // COT-INV-07 step 5, COT-DIE-09: a skill that cannot take checks gets 10 h of training per response.
  if (succeeded(check)) grantCheck(character, state.resonanceSkill, 10 * responses);
  if (check.level === 'fumble') raiseCall(ctx, character, rollSum(ctx.rng, 1, 6));
  note(ctx, 'resonance', { character: character.id, responses });
  if (responses === 0) return;
  drawToHand(ctx, character, responses);
  const before = state.party.responses;
  state.party.responses += responses;
  if (before < 3 && state.party.responses >= 3 && !state.party.tenkai) {
    state.party.thirdResponder = character.id;
    tenkai(ctx);
  }
}

/** COT-BON-01: the GM reveals the bone and stacks it on top of its square; it is public from now on. */
export function tenkai(ctx: Ctx): void {
  const state = ctx.state;
  const bone = state.bone;
  state.party.tenkai = true;
  if (!bone?.card) return;
  const square = findSquare(state, bone.square)!;
  placeOnSquare(ctx, square, bone.card, { faceUp: true, origin: 'bone' });
  bone.card = null;
  note(ctx, 'tenkai', { square: bone.square, strength: bone.strength, pow: bone.pow, thirdResponder: state.party.thirdResponder });
}

/** COT-FX-02: the GM looks at the top face-down card; only whether it is a spade becomes known. */
export function applyProbe(ctx: Ctx, character: Character, target: string, cardId: string): void {
  const square = findSquare(ctx.state, target)!;
  mark(ctx, character, square.id);
  const hidden = topFaceDown(square);
  const spade = !!hidden && isSuit(hidden.card, 'S');
  note(ctx, 'probe', { character: character.id, square: square.id, spade });
  if (spade) {
    addFact(ctx, seatsOf(ctx, [character.id]), square, hidden, 'suit', 'S');
    return;
  }
  const card = takeFromHand(character, cardId);
  if (card) placeOnSquare(ctx, square, card, { faceUp: true, origin: 'hand' });
  if (hidden) addFact(ctx, seatsOf(ctx, [character.id]), square, hidden, 'suit', 'not-S');
}
