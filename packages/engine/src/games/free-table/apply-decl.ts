import type { DeclAnswer } from '@veiltable/protocol/games/free-table';
import { err } from '../../kernel/result.ts';
import { allAnswered, answerSealed, canAnswer, openSealed, revealSealed, sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, requireGm, requireSeat } from './context.ts';
import type { DeclOpened, RevealedAnswer } from './events.ts';
import { ownCards, ownDecl } from './own.ts';
import type { Declaration, FreeTableState } from './state.ts';
import { DECL_KEEP_REVEALED, findSeat } from './state.ts';

/** True when a seat's answer to some still-open declaration (other than `except`) names this card. */
export function isDeclaredCard(state: FreeTableState, seat: string, card: string, except?: string): boolean {
  return state.decls.some((d) => {
    if (d.id === except || d.sealed.status !== 'open') return false;
    const answer = sealedAnswerOf(d.sealed, seat)?.answer;
    return answer?.kind === 'card' && answer.card === card;
  });
}

function opened(decl: Declaration): DeclOpened {
  return {
    id: decl.id,
    prompt: decl.prompt,
    kind: decl.kind,
    ...(decl.choices ? { choices: [...decl.choices] } : {}),
    seats: [...decl.sealed.seats],
  };
}

/** GM only. `choices` belong to choice declarations alone; seats default to every current seat. */
export const declOpen: Handler<'decl.open'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if ((command.kind === 'choice') !== (command.choices !== undefined)) return err('BAD_DECL');
  const seats = command.seats ?? ctx.state.seats.map((s) => s.id);
  if (seats.some((id) => !findSeat(ctx.state, id))) return err('NO_SUCH_SEAT');
  if (seats.length === 0) return err('NO_SEATS');
  ctx.state.counters.decl += 1;
  const decl: Declaration = {
    id: `d${ctx.state.counters.decl}`,
    prompt: command.prompt,
    kind: command.kind,
    ...(command.choices ? { choices: [...command.choices] } : {}),
    sealed: openSealed<DeclAnswer>(seats),
    faces: {},
  };
  ctx.state.decls = [...ctx.state.decls, decl];
  emit(ctx, { type: 'decl.opened', decl: opened(decl) });
  return done;
};

/** Answers or changes an answer; the last missing answer reveals the declaration in the same command. */
export const declAnswer: Handler<'decl.answer'> = (ctx, command) => {
  const seat = requireSeat(ctx);
  if (!seat.ok) return seat;
  const decl = ownDecl(ctx, command.decl);
  if (!decl) return err('NO_SUCH_DECL');
  const allowed = canAnswer(decl.sealed, seat.value.id);
  if (!allowed.ok) return allowed;
  const { answer } = command;
  if (answer.kind !== decl.kind) return err('BAD_ANSWER');
  if (answer.kind === 'choice' && answer.index >= (decl.choices?.length ?? 0)) return err('BAD_ANSWER');
  if (answer.kind === 'card') {
    const card = seat.value.hand.find((c) => c.id === answer.card);
    if (!card) return err('CARD_NOT_IN_HAND');
    if (isDeclaredCard(ctx.state, seat.value.id, card.id, decl.id)) return err('CARD_DECLARED');
    decl.faces[seat.value.id] = structuredClone(card.face);
  }
  const entry = answerSealed(decl.sealed, seat.value.id, answer, ctx.rng);
  if (!entry.ok) return entry;
  emit(ctx, { type: 'decl.answered', decl: decl.id, seat: seat.value.id, commitment: entry.value.commitment });
  if (allAnswered(decl.sealed)) reveal(ctx, decl);
  return done;
};

/** GM only: forces the reveal; seats that never answered stay undeclared. */
export const declReveal: Handler<'decl.reveal'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const decl = ownDecl(ctx, command.decl);
  if (!decl) return err('NO_SUCH_DECL');
  if (decl.sealed.status !== 'open') return err('DECL_CLOSED');
  reveal(ctx, decl);
  return done;
};

/**
 * Publishes every answer and salt in one event. A card answer then goes from the hand to the table face up, keeping
 * its id (the one the commitment covers); if the GM discarded it meanwhile, only its face is shown.
 */
function reveal(ctx: Ctx, decl: Declaration): void {
  const revealed = revealSealed(decl.sealed);
  if (!revealed.ok) throw new Error(`reveal of a closed declaration ${decl.id}`);
  const answers: RevealedAnswer[] = revealed.value.map((r) => {
    const face = r.answer?.kind === 'card' ? decl.faces[r.seat] : undefined;
    return { ...r, ...(face ? { card: structuredClone(face) } : {}) };
  });
  emit(ctx, { type: 'decl.revealed', decl: opened(decl), answers });
  dropOldReveals(ctx, decl.id);
  for (const r of revealed.value) {
    if (r.answer?.kind !== 'card') continue;
    ownCards(ctx);
    const seat = findSeat(ctx.state, r.seat);
    const cardId = r.answer.card;
    const index = seat ? seat.hand.findIndex((c) => c.id === cardId) : -1;
    if (!seat || index < 0) continue;
    const [card] = seat.hand.splice(index, 1);
    const by = { role: 'player', seat: seat.id } as const;
    ctx.state.table.push({ card: card!, owner: by, faceUp: true });
    emit(ctx, { type: 'card.played', by, oldId: cardId, card: structuredClone(card!), faceUp: true });
  }
}

/**
 * Keeps every open declaration and the newest DECL_KEEP_REVEALED revealed ones (the one just revealed always among
 * them), so state and views stop growing with the rounds played. A dropped declaration's reveal stays in the log.
 */
function dropOldReveals(ctx: Ctx, justRevealed: string): void {
  let excess = ctx.state.decls.filter((d) => d.sealed.status === 'revealed').length - DECL_KEEP_REVEALED;
  if (excess <= 0) return;
  ctx.state.decls = ctx.state.decls.filter((d) => {
    if (excess <= 0 || d.sealed.status !== 'revealed' || d.id === justRevealed) return true;
    excess -= 1;
    return false;
  });
}
