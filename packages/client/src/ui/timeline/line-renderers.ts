import type { ActorRef, CardFace } from '@veiltable/protocol';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';
import { castLines } from '../characters/cast-lines.ts';
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
 * Each game's renderer, found by its place in the tree: `games/<id>/timeline-lines.ts`. They only format text (the
 * game's strings load with its table), so they ship with the timeline.
 */
const renderers = import.meta.glob<LineRenderer>('../../games/*/timeline-lines.ts', { import: 'default', eager: true });

/**
 * The sentence of an event: the game's own, else that of a capability every game has (characters), else a
 * translated "table action" and its type.
 */
export function eventText(game: string, seen: SeenEvent, ctx: LineContext): string {
  const own = renderers[`../../games/${game}/timeline-lines.ts`]?.(seen, ctx) ?? castLines(seen, ctx);
  return own ?? ctx.t('tl.action', { type: seen.type });
}
