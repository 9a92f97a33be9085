import type { GwView } from '@veiltable/protocol/games/grail-war';

/**
 * The view the timeline's Grail War sentences name characters by. A line renderer is handed the translator and
 * the seats' names only, so the table hands this its viewer's view: each character then reads under the name this
 * viewer's view gives it (a servant's alias, GW-HIDE-F01), its 보구 by the name this viewer may read.
 */
class LineNames {
  view: GwView | null = $state(null);
}

/** The page's one room: the table sets it, the renderer reads it. */
export const lineNames = new LineNames();
