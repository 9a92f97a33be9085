import type { Viewer } from '@veiltable/protocol';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { cardsView, handOf } from '../../capabilities/cards/cards.ts';
import { declarationsView } from '../../capabilities/declarations/declarations.ts';
import { castView } from '../../capabilities/characters/cast.ts';
import { feedView } from '../../capabilities/feed/feed.ts';
import { releaseView } from '../../capabilities/release/release.ts';
import { notesView } from '../../capabilities/notes/notes.ts';
import type { FreeTableState } from './state.ts';

/** The whole table as this viewer may see it: each capability's part, and each seat with how many cards it holds. */
export function view(state: FreeTableState, viewer: Viewer): FreeTableView {
  return {
    game: 'free-table',
    viewer: { ...viewer },
    seats: state.seats.map((s) => ({ id: s.id, name: s.name, handCount: handOf(state, s.id).length })),
    ...feedView(state),
    ...castView(state, viewer, state.seats),
    ...releaseView(state),
    ...notesView(state, viewer),
    ...cardsView(state, viewer, state.seats.map((s) => s.id)),
    ...declarationsView(state, viewer),
  };
}
