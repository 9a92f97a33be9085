import type { CardFace, DeclAnswer, declarationCommands, DeclarationView, DeclAnswerView, Viewer } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { Ctx } from '../../kernel/define-game.ts';
import { EVERYONE } from '../../kernel/events.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Sealed } from '../../kernel/sealed.ts';
import { allAnswered, answerSealed, canAnswer, openSealed, revealSealed, sealedAnswerOf } from '../../kernel/sealed.ts';
import type { CardsSlice } from '../cards/cards.ts';
import { faceUpCard, playedEvent } from '../cards/cards.ts';
import { requireGm, requireSeat } from '../seats/seats.ts';

export type DeclarationCommand = z.infer<(typeof declarationCommands)[number]>;

export type Declaration = {
  id: string;
  prompt: string;
  kind: 'text' | 'choice' | 'card';
  choices?: string[];
  sealed: Sealed<DeclAnswer>;
  /** Faces of card answers, captured when answered so the reveal can show them wherever the card went since. */
  faces: Record<string, CardFace>;
};

/**
 * The declarations' slice of a state: every open declaration and the newest DECL_KEEP_REVEALED revealed ones, in
 * the order they were opened, and how many were ever opened. Card answers need the cards' slice beside it.
 */
export type DeclarationsSlice = { decls: Declaration[]; declCount: number };
type WithCards = DeclarationsSlice & Partial<CardsSlice>;

/**
 * How many revealed declarations the state (and so every view) keeps, beside every open one. Older ones drop out
 * of state; their `decl.revealed` events, which carry every answer and salt, stay in the log.
 */
export const DECL_KEEP_REVEALED = 20;

export function setupDeclarations(): DeclarationsSlice {
  return { decls: [], declCount: 0 };
}

/** True when a seat's answer to some still-open declaration (other than `except`) names this card. */
export function isDeclaredCard(state: DeclarationsSlice, seat: string, card: string, except?: string): boolean {
  return state.decls.some((d) => {
    if (d.id === except || d.sealed.status !== 'open') return false;
    const answer = sealedAnswerOf(d.sealed, seat)?.answer;
    return answer?.kind === 'card' && answer.card === card;
  });
}

type Head = { id: string; prompt: string; kind: Declaration['kind']; choices?: string[]; seats: string[] };

function head(decl: Declaration): Head {
  return { id: decl.id, prompt: decl.prompt, kind: decl.kind, ...(decl.choices ? { choices: [...decl.choices] } : {}), seats: [...decl.sealed.seats] };
}

function viewOf(h: Head, status: 'open' | 'revealed', answers: DeclAnswerView[]): DeclarationView {
  return { ...h, ...(h.choices ? { choices: [...h.choices] } : {}), seats: [...h.seats], status, answers };
}

/** One seat's answer in full: the answer, salt, commitment, and the face of a card answer. */
function fullAnswer(decl: Declaration, seat: string): DeclAnswerView {
  const entry = sealedAnswerOf(decl.sealed, seat);
  if (!entry) return { seat, declared: false };
  const face = entry.answer.kind === 'card' ? decl.faces[seat] : undefined;
  return { seat, declared: true, commitment: entry.commitment, answer: entry.answer, salt: entry.salt, ...(face ? { card: face } : {}) };
}

/**
 * The view of each revealed declaration in state, built once: it is the same for every viewer, and a revealed
 * declaration is never changed again (nothing answers or reveals it twice), so the object stays the same from state
 * to state. Every view of every commit holds up to DECL_KEEP_REVEALED of these.
 */
const revealedViews = new WeakMap<Declaration, DeclarationView>();

/**
 * A declaration for a viewer. Before reveal everyone, the GM included, sees only who declared and the commitment;
 * the answering seat also sees its own answer, salt and card face. After it, everyone sees every answer and salt.
 */
export function declarationFor(decl: Declaration, v: Viewer): DeclarationView {
  if (decl.sealed.status === 'revealed') {
    let shown = revealedViews.get(decl);
    if (!shown) revealedViews.set(decl, (shown = viewOf(head(decl), 'revealed', decl.sealed.seats.map((seat) => fullAnswer(decl, seat)))));
    return shown;
  }
  const answers = decl.sealed.seats.map((seat): DeclAnswerView => {
    if (v.role === 'player' && v.seat === seat) return fullAnswer(decl, seat);
    const entry = sealedAnswerOf(decl.sealed, seat);
    return entry ? { seat, declared: true, commitment: entry.commitment } : { seat, declared: false };
  });
  return viewOf(head(decl), 'open', answers);
}

/** The declarations' part of a viewer's view. */
export function declarationsView(state: DeclarationsSlice, viewer: Viewer): { declarations: DeclarationView[] } {
  return { declarations: state.decls.map((d) => declarationFor(d, viewer)) };
}

/**
 * Publishes every answer and salt in one event. A card answer then goes from the hand to the table face up, keeping
 * its id (the one the commitment covers); if the GM discarded it meanwhile, only its face is shown.
 */
function reveal(ctx: Ctx<WithCards>, decl: Declaration): void {
  const revealed = revealSealed(decl.sealed);
  if (!revealed.ok) throw new Error(`reveal of a closed declaration ${decl.id}`);
  const answers = decl.sealed.seats.map((seat) => fullAnswer(decl, seat));
  ctx.emit({ type: 'decl.revealed', parts: [{ to: EVERYONE, seen: { type: 'decl.revealed', decl: viewOf(head(decl), 'revealed', answers) } }] });
  dropOldReveals(ctx.state, decl.id);
  const { hands, table } = ctx.state;
  for (const r of revealed.value) {
    if (r.answer?.kind !== 'card' || !hands || !table) continue;
    const cardId = r.answer.card;
    const hand = hands[r.seat] ?? [];
    const index = hand.findIndex((c) => c.id === cardId);
    if (index < 0) continue;
    const [card] = hand.splice(index, 1);
    const entry = { card: card!, owner: { role: 'player', seat: r.seat } as const, faceUp: true };
    table.push(entry);
    ctx.emit(playedEvent(entry.owner, entry));
  }
}

/**
 * Keeps every open declaration and the newest DECL_KEEP_REVEALED revealed ones (the one just revealed always among
 * them), so state and views stop growing with the rounds played. A dropped declaration's reveal stays in the log.
 */
function dropOldReveals(state: DeclarationsSlice, justRevealed: string): void {
  let excess = state.decls.filter((d) => d.sealed.status === 'revealed').length - DECL_KEEP_REVEALED;
  if (excess <= 0) return;
  state.decls = state.decls.filter((d) => {
    if (excess <= 0 || d.sealed.status !== 'revealed' || d.id === justRevealed) return true;
    excess -= 1;
    return false;
  });
}

/**
 * Sealed declarations: the GM asks, each seat answers privately (the table sees who answered and the commitment),
 * and every answer is revealed together, with its salt, when the last is in or the GM forces it.
 */
export const declarations: Capability<WithCards, DeclarationCommand> = {
  id: 'declarations',
  handlers: {
    /** GM only. `choices` belong to choice declarations alone; seats default to every current seat. */
    'decl.open': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      if ((command.kind === 'choice') !== (command.choices !== undefined)) return err('BAD_DECL');
      const known = new Set(ctx.seats().map((s) => s.id));
      const seats = command.seats ?? [...known];
      if (seats.some((id) => !known.has(id))) return err('NO_SUCH_SEAT');
      if (seats.length === 0) return err('NO_SEATS');
      ctx.state.declCount += 1;
      const decl: Declaration = {
        id: `d${ctx.state.declCount}`,
        prompt: command.prompt,
        kind: command.kind,
        ...(command.choices ? { choices: [...command.choices] } : {}),
        sealed: openSealed<DeclAnswer>(seats),
        faces: {},
      };
      ctx.state.decls.push(decl);
      const fresh = viewOf(head(decl), 'open', decl.sealed.seats.map((seat) => ({ seat, declared: false })));
      ctx.emit({ type: 'decl.opened', parts: [{ to: EVERYONE, seen: { type: 'decl.opened', decl: fresh } }] });
      return ok(undefined);
    },
    /** Answers or changes an answer; the last missing answer reveals the declaration in the same command. */
    'decl.answer': (ctx, command) => {
      const seat = requireSeat(ctx);
      if (!seat.ok) return seat;
      const decl = ctx.state.decls.find((d) => d.id === command.decl);
      if (!decl) return err('NO_SUCH_DECL');
      const allowed = canAnswer(decl.sealed, seat.value);
      if (!allowed.ok) return allowed;
      const { answer } = command;
      if (answer.kind !== decl.kind) return err('BAD_ANSWER');
      if (answer.kind === 'choice' && answer.index >= (decl.choices?.length ?? 0)) return err('BAD_ANSWER');
      if (answer.kind === 'card') {
        const card = ctx.state.hands?.[seat.value]?.find((c) => c.id === answer.card);
        if (!card) return err('CARD_NOT_IN_HAND');
        if (isDeclaredCard(ctx.state, seat.value, card.id, decl.id)) return err('CARD_DECLARED');
        decl.faces[seat.value] = faceUpCard(card).face!;
      }
      const entry = answerSealed(decl.sealed, seat.value, answer, ctx.rng);
      if (!entry.ok) return entry;
      ctx.emit({ type: 'decl.answered', parts: [{ to: EVERYONE, seen: { type: 'decl.answered', decl: decl.id, seat: seat.value, commitment: entry.value.commitment } }] });
      if (allAnswered(decl.sealed)) reveal(ctx, decl);
      return ok(undefined);
    },
    /** GM only: forces the reveal; seats that never answered stay undeclared. */
    'decl.reveal': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      const decl = ctx.state.decls.find((d) => d.id === command.decl);
      if (!decl) return err('NO_SUCH_DECL');
      if (decl.sealed.status !== 'open') return err('DECL_CLOSED');
      reveal(ctx, decl);
      return ok(undefined);
    },
  },
};
