import type { Card } from '../../capabilities/cards/deck.ts';
import { setupCast } from '../../capabilities/characters/cast.ts';
import { withMissing } from '../../kernel/upgrade.ts';
import type { FreeTableState } from './state.ts';

/** The free table as it was stored before its capabilities had slices of their own. */
type SavedBeforeSlices = Omit<FreeTableState, 'seats' | 'hands' | 'rollCount' | 'chatCounts' | 'noteCount' | 'declCount' | 'cast'> & {
  counters: { seat: number; roll: number; chat: number; note: number; decl: number };
  seats: { id: string; name: string; hand: Card[] }[];
};

/**
 * A saved free table in today's shape. Before, hands sat in the seats and one room-wide counter numbered each kind
 * of thing; now each capability keeps its own. Public chat lines go on counting from the old counter, so no new id
 * repeats an old one (private lines now count per conversation, in ids of another form).
 */
export function upgrade(saved: unknown): FreeTableState {
  // A table saved before characters has each seat's first character only.
  const state = withMissing(saved as FreeTableState | SavedBeforeSlices, setupCast());
  if (!('counters' in state)) return state;
  const { counters, seats, ...rest } = state as SavedBeforeSlices & Pick<FreeTableState, 'cast'>;
  return {
    ...rest,
    seats: seats.map((s) => ({ id: s.id, name: s.name })),
    hands: Object.fromEntries(seats.map((s) => [s.id, s.hand])),
    rollCount: counters.roll,
    chatCounts: counters.chat > 0 ? { '': counters.chat } : {},
    noteCount: counters.note,
    declCount: counters.decl,
  };
}
