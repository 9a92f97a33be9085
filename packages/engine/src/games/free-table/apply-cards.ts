import { buildDeck, customFaces, rekey, shuffleCards, standardFaces, takeTop } from '../../capabilities/cards/deck.ts';
import type { Card } from '../../capabilities/cards/deck.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { isDeclaredCard } from './apply-decl.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, requireGm, requireSeat } from './context.ts';
import { ownCards } from './own.ts';
import type { Seat } from './state.ts';
import { findSeat, idTaken, locateCard } from './state.ts';

/**
 * A new deck replaces the old one only while no card is in a hand or on the table (DECK_IN_USE otherwise); the
 * discard pile, public anyway, is dropped. The GM can always get there, since the GM may discard any card.
 */
export const deckCreate: Handler<'deck.create'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const { state } = ctx;
  if (state.table.length > 0 || state.seats.some((s) => s.hand.length > 0)) return err('DECK_IN_USE');
  const faces = command.deck.kind === 'standard' ? standardFaces(command.deck.jokers) : customFaces(command.deck.cards);
  state.deck = { size: faces.length, draw: buildDeck(faces, ctx.rng), discard: [] };
  emit(ctx, { type: 'deck.created', count: faces.length });
  return done;
};

/** Shuffles the draw pile alone; every card in it gets a new id. */
export const deckShuffle: Handler<'deck.shuffle'> = (ctx) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  ownCards(ctx);
  shuffleCards(ctx.state.deck.draw, ctx.rng, idTaken(ctx.state));
  emit(ctx, { type: 'deck.shuffled', count: ctx.state.deck.draw.length });
  return done;
};

/** Moves `count` cards from the draw pile into a hand, all or nothing, re-keying each. */
function drawInto(ctx: Ctx, seat: Seat, count: number): Result<void> {
  const cards = takeTop(ctx.state.deck.draw, count);
  if (!cards) return err('DECK_EMPTY');
  const taken = idTaken(ctx.state);
  for (const card of cards) seat.hand.push(rekey(card, ctx.rng, taken));
  emit(ctx, { type: 'cards.drawn', seat: seat.id, cards: structuredClone(cards) });
  return done;
}

export const deckDeal: Handler<'deck.deal'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  ownCards(ctx);
  const seat = findSeat(ctx.state, command.seat);
  if (!seat) return err('NO_SUCH_SEAT');
  return drawInto(ctx, seat, command.count);
};

export const deckDraw: Handler<'deck.draw'> = (ctx, command) => {
  ownCards(ctx);
  const seat = requireSeat(ctx);
  if (!seat.ok) return seat;
  return drawInto(ctx, seat.value, command.count);
};

/**
 * Finds a card the acting seat may move out of its own hand. A card in the draw pile answers NO_SUCH_CARD, like
 * an unknown id, so a rejection never confirms that a hidden id exists.
 */
function ownHandCard(ctx: Ctx, seat: Seat, id: string): Result<number> {
  const place = locateCard(ctx.state, id);
  if (!place || place.zone === 'draw') return err('NO_SUCH_CARD');
  if (place.zone !== 'hand') return err('CARD_NOT_IN_HAND');
  if (place.seat.id !== seat.id) return err('NOT_YOUR_CARD');
  // The holder knows its own sealed answer, so refusing here tells it nothing new.
  if (isDeclaredCard(ctx.state, seat.id, id)) return err('CARD_DECLARED');
  return ok(place.index);
}

export const cardPass: Handler<'card.pass'> = (ctx, command) => {
  ownCards(ctx);
  const from = requireSeat(ctx);
  if (!from.ok) return from;
  const index = ownHandCard(ctx, from.value, command.card);
  if (!index.ok) return index;
  const to = findSeat(ctx.state, command.to);
  if (!to) return err('NO_SUCH_SEAT');
  if (to.id === from.value.id) return err('SAME_SEAT');
  const [card] = from.value.hand.splice(index.value, 1) as [Card];
  const oldId = card.id;
  to.hand.push(rekey(card, ctx.rng, idTaken(ctx.state)));
  emit(ctx, { type: 'card.passed', from: from.value.id, to: to.id, oldId, card: structuredClone(card) });
  return done;
};

/** Face down, the card takes a new id on the table; face up it keeps its id, which nobody else had seen. */
export const cardPlay: Handler<'card.play'> = (ctx, command) => {
  ownCards(ctx);
  const seat = requireSeat(ctx);
  if (!seat.ok) return seat;
  const index = ownHandCard(ctx, seat.value, command.card);
  if (!index.ok) return index;
  const [card] = seat.value.hand.splice(index.value, 1) as [Card];
  const oldId = card.id;
  if (!command.faceUp) rekey(card, ctx.rng, idTaken(ctx.state));
  ctx.state.table.push({ card, owner: ctx.actor, faceUp: command.faceUp });
  emit(ctx, { type: 'card.played', by: ctx.actor, oldId, card: structuredClone(card), faceUp: command.faceUp });
  return done;
};

export const cardFlip: Handler<'card.flip'> = (ctx, command) => {
  ownCards(ctx);
  const place = locateCard(ctx.state, command.card);
  if (!place || place.zone !== 'table') return err('NO_SUCH_CARD');
  const { entry } = place;
  if (ctx.actor.role !== 'gm' && !sameOwner(entry.owner, ctx)) return err('NOT_YOUR_CARD');
  if (entry.faceUp) return err('ALREADY_FACE_UP');
  entry.faceUp = true;
  emit(ctx, { type: 'card.flipped', owner: entry.owner, card: structuredClone(entry.card) });
  return done;
};

function sameOwner(owner: Ctx['actor'], ctx: Ctx): boolean {
  if (owner.role === 'gm') return ctx.actor.role === 'gm';
  return ctx.actor.role === 'player' && ctx.actor.seat === owner.seat;
}

/**
 * Own hand or own table card to the discard pile, face up; the GM may discard any hand or table card (even one
 * named in a sealed answer: refusing would tell the GM which card it is).
 */
export const cardDiscard: Handler<'card.discard'> = (ctx, command) => {
  ownCards(ctx);
  const { state, actor } = ctx;
  const place = locateCard(state, command.card);
  if (!place || place.zone === 'draw' || place.zone === 'discard') return err('NO_SUCH_CARD');
  let card: Card;
  if (place.zone === 'hand') {
    if (actor.role === 'player') {
      const seat = requireSeat(ctx);
      if (!seat.ok) return seat;
      const index = ownHandCard(ctx, seat.value, command.card);
      if (!index.ok) return index;
    }
    [card] = place.seat.hand.splice(place.index, 1) as [Card];
  } else {
    if (actor.role !== 'gm' && !sameOwner(place.entry.owner, ctx)) return err('NOT_YOUR_CARD');
    card = state.table.splice(place.index, 1)[0]!.card;
  }
  state.deck.discard.push(card);
  emit(ctx, { type: 'card.discarded', card: structuredClone(card) });
  return done;
};
