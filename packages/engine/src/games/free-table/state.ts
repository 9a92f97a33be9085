import type { CardsSlice } from '../../capabilities/cards/cards.ts';
import { setupCards } from '../../capabilities/cards/cards.ts';
import type { DeclarationsSlice } from '../../capabilities/declarations/declarations.ts';
import { setupDeclarations } from '../../capabilities/declarations/declarations.ts';
import type { CastSlice } from '../../capabilities/characters/cast.ts';
import { setupCast } from '../../capabilities/characters/cast.ts';
import type { FeedSlice } from '../../capabilities/feed/feed.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { NotesSlice } from '../../capabilities/notes/notes.ts';
import { setupNotes } from '../../capabilities/notes/notes.ts';
import type { SeatsSlice } from '../../capabilities/seats/seats.ts';
import { setupSeats } from '../../capabilities/seats/seats.ts';
import type { RngState } from '../../kernel/rng.ts';
import { newRngState } from '../../kernel/rng.ts';

/** The free table's state: the RNG and the slices of its capabilities, nothing of its own. */
export type FreeTableState = { rng: RngState } & SeatsSlice & FeedSlice & CastSlice & NotesSlice & CardsSlice & DeclarationsSlice;

/** An empty table with its RNG seeded. */
export function setup(seed: string): FreeTableState {
  return { rng: newRngState(seed), ...setupSeats(), ...setupFeed(), ...setupCast(), ...setupNotes(), ...setupCards(), ...setupDeclarations() };
}
