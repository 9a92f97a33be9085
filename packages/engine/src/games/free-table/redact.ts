import type { CardView, Viewer } from '@veiltable/protocol';
import type { DeclarationView, DeclAnswerView, FeedItem, TableCard } from '@veiltable/protocol/games/free-table';
import type { Card } from '../../capabilities/cards/deck.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { DeclOpened, RevealedAnswer } from './events.ts';
import type { ChatEntry, Declaration, FeedEntry, RollEntry, TableEntry } from './state.ts';
import { sameActor } from './state.ts';

/** To all: everyone; to the GM: sender and GM; to a seat: sender and that seat, not the GM. */
export function canSeeChat(item: ChatEntry, v: Viewer): boolean {
  if (item.to.kind === 'all' || sameActor(item.from, v)) return true;
  if (item.to.kind === 'gm') return v.role === 'gm';
  return v.role === 'player' && v.seat === item.to.seat;
}

/** Public or revealed: everyone; gm: roller and GM; self: the roller alone. */
export function canSeeRoll(item: RollEntry, v: Viewer): boolean {
  if (item.visibility === 'public' || item.revealed || sameActor(item.by, v)) return true;
  return item.visibility === 'gm' && v.role === 'gm';
}

/** A feed item for this viewer: a hidden roll shows only that it happened; a chat not meant for them is null. */
export function feedItemFor(entry: FeedEntry, v: Viewer): FeedItem | null {
  if (entry.kind === 'chat') {
    if (!canSeeChat(entry, v)) return null;
    return { kind: 'chat', id: entry.id, from: { ...entry.from }, to: { ...entry.to }, text: entry.text };
  }
  const item: FeedItem = { kind: 'roll', id: entry.id, by: { ...entry.by }, visibility: entry.visibility, revealed: entry.revealed };
  // The result is shared, not copied: state is never changed in place (own.ts) and views are only serialized.
  return canSeeRoll(entry, v) ? { ...item, result: entry.result } : item;
}

/** A player sees its own hand; the GM sees every hand; a spectator none. */
export function seesHand(seat: string, v: Viewer): boolean {
  return v.role === 'gm' || (v.role === 'player' && v.seat === seat);
}

export function faceUpCard(card: Card): CardView {
  return { id: card.id, face: { ...card.face } };
}

/** A table card: face down, only its owner and the GM see the face; everyone sees the id. */
export function tableCardFor(entry: TableEntry, v: Viewer): TableCard {
  const base: TableCard = { id: entry.card.id, owner: { ...entry.owner }, faceUp: entry.faceUp };
  const visible = entry.faceUp || v.role === 'gm' || sameActor(entry.owner, v);
  return visible ? { ...base, face: { ...entry.card.face } } : base;
}

function openedView(decl: DeclOpened, status: 'open' | 'revealed', answers: DeclAnswerView[]): DeclarationView {
  return {
    id: decl.id,
    prompt: decl.prompt,
    kind: decl.kind,
    ...(decl.choices ? { choices: [...decl.choices] } : {}),
    seats: [...decl.seats],
    status,
    answers,
  };
}

/** A revealed declaration: the same for every viewer, salts included, so anyone can check every commitment. */
export function revealedView(decl: DeclOpened, answers: RevealedAnswer[]): DeclarationView {
  return openedView(decl, 'revealed', answers.map((a) => ({ ...a })));
}

/**
 * The view of each revealed declaration in state, built once: it is the same for every viewer, and a revealed
 * declaration is never changed again (state is copy-on-write, and nothing answers or reveals it twice). Every
 * view of every commit holds up to DECL_KEEP_REVEALED of these.
 */
const revealedViews = new WeakMap<Declaration, DeclarationView>();

/** A just-opened declaration: nobody has answered yet. */
export function freshView(decl: DeclOpened): DeclarationView {
  return openedView(decl, 'open', decl.seats.map((seat) => ({ seat, declared: false })));
}

/**
 * A declaration from state. Before reveal everyone, the GM included, sees only who declared and the commitment;
 * the answering seat also sees its own answer, salt and card face.
 */
export function declarationFor(decl: Declaration, v: Viewer): DeclarationView {
  const head: DeclOpened = {
    id: decl.id,
    prompt: decl.prompt,
    kind: decl.kind,
    ...(decl.choices ? { choices: decl.choices } : {}),
    seats: decl.sealed.seats,
  };
  const full = (seat: string): RevealedAnswer => {
    const entry = sealedAnswerOf(decl.sealed, seat);
    if (!entry) return { seat, declared: false };
    const face = entry.answer.kind === 'card' ? decl.faces[seat] : undefined;
    return {
      seat,
      declared: true,
      commitment: entry.commitment,
      answer: entry.answer,
      salt: entry.salt,
      ...(face ? { card: face } : {}),
    };
  };
  if (decl.sealed.status === 'revealed') {
    let shown = revealedViews.get(decl);
    if (!shown) {
      shown = revealedView(head, decl.sealed.seats.map(full));
      revealedViews.set(decl, shown);
    }
    return shown;
  }
  const answers = decl.sealed.seats.map((seat): DeclAnswerView => {
    const mine = v.role === 'player' && v.seat === seat;
    if (mine) return full(seat);
    const entry = sealedAnswerOf(decl.sealed, seat);
    return entry ? { seat, declared: true, commitment: entry.commitment } : { seat, declared: false };
  });
  return openedView(head, 'open', answers);
}
