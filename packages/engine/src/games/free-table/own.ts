import type { Ctx } from './context.ts';
import type { Declaration, FreeTableState } from './state.ts';

/**
 * Copy-on-write for apply. The working state starts as a shallow copy of the input, so its parts are still the
 * input's own; a handler takes a part with one of these before it changes anything in it. Each part is copied at
 * most once per command, and only the parts a command touches are copied at all: a declaration answer copies one
 * declaration, not the room. Parts never taken stay shared between the old and the new state, which is why
 * nothing may change a state in place once apply has returned it.
 */
export type Owned = Set<string>;

/** The working state for a command: top-level fields, counters and RNG copied; everything else shared. */
export function workingCopy(state: FreeTableState): FreeTableState {
  return { ...state, rng: { ...state.rng }, counters: { ...state.counters } };
}

/**
 * Seats (with their hands), the deck and the table, all at once: card commands move cards between these zones and
 * re-key them in place, so they take the three together. Card faces are never changed, so they stay shared.
 */
export function ownCards(ctx: Ctx): void {
  if (ctx.owned.has('cards')) return;
  ctx.owned.add('cards');
  const { state } = ctx;
  state.seats = state.seats.map((s) => ({ ...s, hand: s.hand.map((c) => ({ ...c })) }));
  state.deck = { ...state.deck, draw: state.deck.draw.map((c) => ({ ...c })), discard: state.deck.discard.map((c) => ({ ...c })) };
  state.table = state.table.map((e) => ({ ...e, card: { ...e.card } }));
}

/**
 * One declaration, ready to change: its sealed answers and faces are copied (entries are replaced, never edited),
 * and the list holds the copy. Undefined when there is no such declaration.
 */
export function ownDecl(ctx: Ctx, id: string): Declaration | undefined {
  const { state } = ctx;
  const index = state.decls.findIndex((d) => d.id === id);
  if (index < 0) return undefined;
  if (!ctx.owned.has('decls')) {
    state.decls = [...state.decls];
    ctx.owned.add('decls');
  }
  const key = `decl:${id}`;
  if (ctx.owned.has(key)) return state.decls[index];
  ctx.owned.add(key);
  const d = state.decls[index]!;
  const copy: Declaration = { ...d, sealed: { ...d.sealed, answers: { ...d.sealed.answers } }, faces: { ...d.faces } };
  state.decls[index] = copy;
  return copy;
}
