import type { ActorRef, CardFace } from '@veiltable/protocol';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';
import { capabilityLines } from './capability-lines.ts';
import type { SeenEvent } from './line-kinds.ts';

/** What a game's line renderer may use: the translator and the table's names. */
export type LineContext = {
  t: (key: MessageKey, params?: Params) => string;
  actor: (ref: ActorRef) => string;
  seat: (id: string) => string;
  face: (face: CardFace) => string;
  /** The room's view as this viewer reads it now, for the names a game's events give only by id. */
  view?: unknown;
};

/** A game's sentence for one of its events, or null for an event it has none for (the generic line is shown). */
export type LineRenderer = (seen: SeenEvent, ctx: LineContext) => string | null;

/**
 * Each game's renderer, found by its place in the tree: `games/<id>/timeline-lines.ts`. Only the room's game's is
 * fetched, with its table and strings (room/tables.ts), so no page carries every game's sentences.
 */
const loaders = import.meta.glob<LineRenderer>('../../games/*/timeline-lines.ts', { import: 'default' });
const loaded = new Map<string, LineRenderer>();

/** Fetches a game's renderer once; a game without one uses the shared and generic lines. */
export async function loadLineRenderer(game: string): Promise<void> {
  const load = loaders[`../../games/${game}/timeline-lines.ts`];
  if (load && !loaded.has(game)) loaded.set(game, await load());
}

/**
 * The sentence of an event: the game's own, else that of what every room has (seats, options, characters, the dice
 * system), else a translated "table action". The event's type is an id, not words, so it stays out of the text (the
 * line keeps it in `data-type`).
 */
export function eventText(game: string, seen: SeenEvent, ctx: LineContext): string {
  return loaded.get(game)?.(seen, ctx) ?? capabilityLines(seen, ctx) ?? ctx.t('tl.action');
}
