import type { ActorRef, CardFace } from '@veiltable/protocol';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';
import type { SeenEvent } from './line-kinds.ts';

/** What a game's line renderer may use: the translator and the table's names. */
export type LineContext = {
  t: (key: MessageKey, params?: Params) => string;
  actor: (ref: ActorRef) => string;
  seat: (id: string) => string;
  face: (face: CardFace) => string;
};

/** A game's sentence for one of its events, or null for an event it has none for (the generic line is shown). */
export type LineRenderer = (seen: SeenEvent, ctx: LineContext) => string | null;

/**
 * Each game's renderer, found by its place in the tree: `games/<id>/timeline-lines.ts`. They only format text (the
 * game's strings load with its table), so they ship with the timeline.
 */
const renderers = import.meta.glob<LineRenderer>('../../games/*/timeline-lines.ts', { import: 'default', eager: true });

/** A field of an event, at its top or in its `data` (dungeon-2d6 nests them there); absent as undefined. */
function field(seen: SeenEvent, name: string): string | undefined {
  const data = typeof seen.data === 'object' && seen.data !== null ? (seen.data as Record<string, unknown>) : {};
  const value = seen[name] ?? data[name];
  return typeof value === 'string' ? value : undefined;
}

/** Events every room has, whatever its game: seats and the table's options. */
const roomLines: LineRenderer = (seen, { t, seat }) => {
  const name = field(seen, 'name');
  const id = field(seen, 'seat');
  switch (seen.type) {
    case 'seat.added':
      return name === undefined ? null : t('tl.seat.added', { name });
    case 'seat.renamed':
      return name === undefined || id === undefined ? null : t('tl.seat.renamed', { seat: seat(id), name });
    case 'options.set':
      return t('tl.options.set');
    default:
      return null;
  }
};

/**
 * The sentence of a game event: the game's own, else the room's, else a translated "table action". The event's type
 * is an id, not words, so it stays out of the text (the line keeps it in `data-type`).
 */
export function eventText(game: string, seen: SeenEvent, ctx: LineContext): string {
  const own = renderers[`../../games/${game}/timeline-lines.ts`]?.(seen, ctx) ?? null;
  return own ?? roomLines(seen, ctx) ?? ctx.t('tl.action');
}
