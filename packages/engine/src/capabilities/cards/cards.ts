import type { ActorRef, CardView, TableCard, Viewer } from '@veiltable/protocol';
import type { cardCommands } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import type { Audience, GameEvent } from '../../kernel/events.ts';
import { EVERYONE, seatsAndGm } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { actorAudience, sameActor, union } from '../feed/feed.ts';
import { requireGm, requireSeat } from '../seats/seats.ts';
import type { Card, IdTaken } from './deck.ts';
import { buildDeck, customFaces, rekey, shuffleCards, standardFaces, takeTop } from './deck.ts';

export type CardCommand = z.infer<(typeof cardCommands)[number]>;

/** A card on the table; its owner is the seat that played it. */
export type TableEntry = { card: Card; owner: ActorRef; faceUp: boolean };

/**
 * The cards' slice of a state: one deck (size: cards in it wherever they are now, 0 before the first deck.create),
 * each seat's hand, and the table.
 */
export type CardsSlice = { deck: { size: number; draw: Card[]; discard: Card[] }; hands: Record<string, Card[]>; table: TableEntry[] };

/**
 * Whether a seat's card is held back (named by a sealed answer still open, which the declarations capability knows):
 * such a card may not leave its hand before the reveal.
 */
export type HeldCard<S> = (state: S, seat: string, card: string) => boolean;

export function setupCards(): CardsSlice {
  return { deck: { size: 0, draw: [], discard: [] }, hands: {}, table: [] };
}

export type CardPlace =
  | { zone: 'draw'; index: number }
  | { zone: 'hand'; seat: string; index: number }
  | { zone: 'table'; index: number; entry: TableEntry }
  | { zone: 'discard'; index: number };

/** A seat's hand (empty when it holds none). */
export function handOf(state: CardsSlice, seat: string): Card[] {
  return state.hands[seat] ?? [];
}

/** Where a card is now, by id. */
export function locateCard(state: CardsSlice, id: string): CardPlace | null {
  for (const [seat, hand] of Object.entries(state.hands)) {
    const index = hand.findIndex((c) => c.id === id);
    if (index >= 0) return { zone: 'hand', seat, index };
  }
  const t = state.table.findIndex((e) => e.card.id === id);
  if (t >= 0) return { zone: 'table', index: t, entry: state.table[t]! };
  const d = state.deck.discard.findIndex((c) => c.id === id);
  if (d >= 0) return { zone: 'discard', index: d };
  const p = state.deck.draw.findIndex((c) => c.id === id);
  if (p >= 0) return { zone: 'draw', index: p };
  return null;
}

/**
 * A predicate over every id in play, so a re-keyed card never takes an id another card holds. An id it lets
 * through is reserved at once, so several cards re-keyed in one command stay distinct too.
 */
export function idTaken(state: CardsSlice): IdTaken {
  const ids = new Set<string>();
  for (const c of state.deck.draw) ids.add(c.id);
  for (const c of state.deck.discard) ids.add(c.id);
  for (const e of state.table) ids.add(e.card.id);
  for (const hand of Object.values(state.hands)) for (const c of hand) ids.add(c.id);
  return (id) => {
    if (ids.has(id)) return true;
    ids.add(id);
    return false;
  };
}

export function faceUpCard(card: Card): CardView {
  return { id: card.id, face: { ...card.face } };
}

/** Who sees a table card's face: everyone once it is face up, else its owner and the GM. */
function tableAudience(entry: TableEntry): Audience {
  return entry.faceUp ? EVERYONE : union(actorAudience(entry.owner), { gm: true });
}

/** A table card: face down, only its owner and the GM see the face; everyone sees the id. */
export function tableCardFor(entry: TableEntry, v: Viewer): TableCard {
  const base: TableCard = { id: entry.card.id, owner: { ...entry.owner }, faceUp: entry.faceUp };
  const visible = entry.faceUp || v.role === 'gm' || sameActor(entry.owner, v);
  return visible ? { ...base, face: { ...entry.card.face } } : base;
}

/** A player sees its own hand; the GM sees every hand; a spectator none. */
export function seesHand(seat: string, v: Viewer): boolean {
  return v.role === 'gm' || (v.role === 'player' && v.seat === seat);
}

/** The cards' part of a viewer's view: the hand of each of `seats` this viewer may see (empty ones too). */
export function cardsView(state: CardsSlice, viewer: Viewer, seats: readonly string[]): { deck: { drawCount: number; discard: CardView[] }; hands: Record<string, CardView[]>; table: TableCard[] } {
  const hands: Record<string, CardView[]> = {};
  for (const seat of seats) if (seesHand(seat, viewer)) hands[seat] = handOf(state, seat).map(faceUpCard);
  return {
    deck: { drawCount: state.deck.draw.length, discard: state.deck.discard.map(faceUpCard) },
    hands,
    table: state.table.map((entry) => tableCardFor(entry, viewer)),
  };
}

/** The event of a card put on the table: its face for whoever may see it, its back for the rest. */
export function playedEvent(by: ActorRef, entry: TableEntry): GameEvent {
  const parts = [{ to: tableAudience(entry), seen: { type: 'card.played', by: { ...by }, card: tableCardFor(entry, { role: 'gm' }) } }];
  if (!entry.faceUp) parts.push({ to: EVERYONE, seen: { type: 'card.played', by: { ...by }, card: { id: entry.card.id, owner: { ...entry.owner }, faceUp: false } } });
  return { type: 'card.played', parts };
}

/** Moves `count` cards from the draw pile into a hand, all or nothing, re-keying each. */
function drawInto(ctx: Ctx<CardsSlice>, seat: string, count: number): Result<void> {
  const { state } = ctx;
  const cards = takeTop(state.deck.draw, count);
  if (!cards) return err('DECK_EMPTY');
  const taken = idTaken(state);
  const hand = (state.hands[seat] ??= []);
  for (const card of cards) hand.push(rekey(card, ctx.rng, taken));
  ctx.emit({
    type: 'cards.drawn',
    parts: [
      { to: seatsAndGm([seat]), seen: { type: 'cards.drawn', seat, cards: cards.map(faceUpCard), count: cards.length } },
      { to: EVERYONE, seen: { type: 'cards.drawn', seat, cards: [], count: cards.length } },
    ],
  });
  return ok(undefined);
}

/**
 * Finds a card the acting seat may move out of its own hand. A card in the draw pile answers NO_SUCH_CARD, like
 * an unknown id, so a rejection never confirms that a hidden id exists.
 */
function ownHandCard<S extends CardsSlice>(state: S, held: HeldCard<S>, seat: string, id: string): Result<number> {
  const place = locateCard(state, id);
  if (!place || place.zone === 'draw') return err('NO_SUCH_CARD');
  if (place.zone !== 'hand') return err('CARD_NOT_IN_HAND');
  if (place.seat !== seat) return err('NOT_YOUR_CARD');
  // The holder knows its own sealed answer, so refusing here tells it nothing new.
  if (held(state, seat, id)) return err('CARD_DECLARED');
  return ok(place.index);
}

/**
 * Cards: one deck, hands, a table; a card in a hidden place travels as a back, re-keyed as it enters one. `held`
 * tells which cards may not leave a hand yet (none unless a game composes declarations with cards).
 */
export function cardsCapability<S extends CardsSlice = CardsSlice>(held: HeldCard<S> = () => false): Capability<S, CardCommand> {
  return {
    id: 'cards',
    handlers: {
      /**
       * A new deck replaces the old one only while no card is in a hand or on the table (DECK_IN_USE otherwise); the
       * discard pile, public anyway, is dropped. The GM can always get there, since the GM may discard any card.
       */
      'deck.create': (ctx, command) => {
        const gm = requireGm(ctx);
        if (!gm.ok) return gm;
        const { state } = ctx;
        if (state.table.length > 0 || Object.values(state.hands).some((h) => h.length > 0)) return err('DECK_IN_USE');
        const faces = command.deck.kind === 'standard' ? standardFaces(command.deck.jokers) : customFaces(command.deck.cards);
        state.deck = { size: faces.length, draw: buildDeck(faces, ctx.rng), discard: [] };
        ctx.emit({ type: 'deck.created', parts: [{ to: EVERYONE, seen: { type: 'deck.created', count: faces.length } }] });
        return ok(undefined);
      },
      /** Shuffles the draw pile alone; every card in it gets a new id. */
      'deck.shuffle': (ctx) => {
        const gm = requireGm(ctx);
        if (!gm.ok) return gm;
        shuffleCards(ctx.state.deck.draw, ctx.rng, idTaken(ctx.state));
        ctx.emit({ type: 'deck.shuffled', parts: [{ to: EVERYONE, seen: { type: 'deck.shuffled', count: ctx.state.deck.draw.length } }] });
        return ok(undefined);
      },
      'deck.deal': (ctx, command) => {
        const gm = requireGm(ctx);
        if (!gm.ok) return gm;
        if (!ctx.seats().some((s) => s.id === command.seat)) return err('NO_SUCH_SEAT');
        return drawInto(ctx, command.seat, command.count);
      },
      'deck.draw': (ctx, command) => {
        const seat = requireSeat(ctx);
        if (!seat.ok) return seat;
        return drawInto(ctx, seat.value, command.count);
      },
      /** The giver learns which card left (its old id); the receiver and the GM learn the new one. */
      'card.pass': (ctx, command) => {
        const from = requireSeat(ctx);
        if (!from.ok) return from;
        const { state } = ctx;
        const index = ownHandCard(state, held, from.value, command.card);
        if (!index.ok) return index;
        if (!ctx.seats().some((s) => s.id === command.to)) return err('NO_SUCH_SEAT');
        if (command.to === from.value) return err('SAME_SEAT');
        const [card] = state.hands[from.value]!.splice(index.value, 1) as [Card];
        const old = faceUpCard(card);
        (state.hands[command.to] ??= []).push(rekey(card, ctx.rng, idTaken(state)));
        const base = { type: 'card.passed', from: from.value, to: command.to };
        ctx.emit({
          type: 'card.passed',
          parts: [
            { to: { seats: [from.value] }, seen: { ...base, card: old } },
            { to: seatsAndGm([command.to]), seen: { ...base, card: faceUpCard(card) } },
            { to: EVERYONE, seen: base },
          ],
        });
        return ok(undefined);
      },
      /** Face down, the card takes a new id on the table; face up it keeps its id, which nobody else had seen. */
      'card.play': (ctx, command) => {
        const seat = requireSeat(ctx);
        if (!seat.ok) return seat;
        const { state } = ctx;
        const index = ownHandCard(state, held, seat.value, command.card);
        if (!index.ok) return index;
        const [card] = state.hands[seat.value]!.splice(index.value, 1) as [Card];
        if (!command.faceUp) rekey(card, ctx.rng, idTaken(state));
        const entry: TableEntry = { card, owner: ctx.actor, faceUp: command.faceUp };
        state.table.push(entry);
        ctx.emit(playedEvent(ctx.actor, entry));
        return ok(undefined);
      },
      'card.flip': (ctx, command) => {
        const place = locateCard(ctx.state, command.card);
        if (!place || place.zone !== 'table') return err('NO_SUCH_CARD');
        const { entry } = place;
        if (ctx.actor.role !== 'gm' && !sameActor(entry.owner, ctx.actor)) return err('NOT_YOUR_CARD');
        if (entry.faceUp) return err('ALREADY_FACE_UP');
        entry.faceUp = true;
        ctx.emit({ type: 'card.flipped', parts: [{ to: EVERYONE, seen: { type: 'card.flipped', card: tableCardFor(entry, { role: 'gm' }) } }] });
        return ok(undefined);
      },
      /**
       * Own hand or own table card to the discard pile, face up; the GM may discard any hand or table card (even one
       * named in a sealed answer: refusing would tell the GM which card it is).
       */
      'card.discard': (ctx, command) => {
        const { state, actor } = ctx;
        const place = locateCard(state, command.card);
        if (!place || place.zone === 'draw' || place.zone === 'discard') return err('NO_SUCH_CARD');
        let card: Card;
        if (place.zone === 'hand') {
          if (actor.role === 'player') {
            const seat = requireSeat(ctx);
            if (!seat.ok) return seat;
            const index = ownHandCard(state, held, seat.value, command.card);
            if (!index.ok) return index;
          }
          [card] = state.hands[place.seat]!.splice(place.index, 1) as [Card];
        } else {
          if (actor.role !== 'gm' && !sameActor(place.entry.owner, actor)) return err('NOT_YOUR_CARD');
          card = state.table.splice(place.index, 1)[0]!.card;
        }
        state.deck.discard.push(card);
        ctx.emit({ type: 'card.discarded', parts: [{ to: EVERYONE, seen: { type: 'card.discarded', card: faceUpCard(card) } }] });
        return ok(undefined);
      },
    },
  };
}
