import type { Lang } from './i18n/translate.ts';

/** What the home page shows of a game before any of its code loads: `games/<id>/meta.ts`. */
export interface GameMeta {
  /** The game's id in the engine's registry, and its folder's name. */
  id: string;
  /** Where it is listed: lowest first; the first is offered by default. */
  order: number;
  /** Its name with a few words on what it is, in every language. */
  name: Record<Lang, string>;
}

// Eager: a few names per game, in the home page's own chunk.
const metas = import.meta.glob<GameMeta>('../games/*/meta.ts', { eager: true, import: 'default' });

/** Every game a room can run, in the order the home page lists them. */
export const GAMES: readonly GameMeta[] = Object.values(metas).sort((a, b) => a.order - b.order);
