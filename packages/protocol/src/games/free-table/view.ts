import { z } from 'zod';
import { releaseEvents, releaseView } from '../../capabilities/release.ts';
import { seatId, viewer } from '../../common.ts';
import { cardEvents, cardsView } from '../../capabilities/cards.ts';
import { declarationEvents, declarationsView } from '../../capabilities/declarations.ts';
import { characterEvents, charactersView } from '../../capabilities/characters.ts';
import { feedEvents, feedView } from '../../capabilities/feed.ts';
import { noteEvents, notesView } from '../../capabilities/notes.ts';
import { seatEvents } from '../../capabilities/seats.ts';

/** The free table as one viewer may see it. Produced only by the engine's view(). */
export const freeTableView = z.object({
  game: z.literal('free-table'),
  viewer,
  seats: z.array(z.object({ id: seatId, name: z.string(), handCount: z.number().int() })),
  ...feedView,
  /** Every character at the table (seats' and the GM's NPCs), each as this viewer may see it. */
  ...charactersView,
  ...releaseView,
  ...notesView,
  ...cardsView,
  ...declarationsView,
});
export type FreeTableView = z.infer<typeof freeTableView>;

/** What one viewer learns from one committed event. */
export const freeTableViewEvent = z.discriminatedUnion('type', [...seatEvents, ...feedEvents, ...characterEvents, ...noteEvents, ...cardEvents, ...declarationEvents, ...releaseEvents]);
export type FreeTableViewEvent = z.infer<typeof freeTableViewEvent>;
