import type { AnyGame } from '../kernel/game.ts';
import { callOfT } from './call-of-t/index.ts';
import { dungeon2d6 } from './dungeon-2d6/index.ts';
import { freeTable } from './free-table/index.ts';
import { grailWar } from './grail-war/index.ts';

/**
 * The only list of games. The server runs rooms of these, the HTTP API accepts these ids, and the client finds a
 * game's table in its own folder by the same id. Adding a game: its folders, and one line here.
 */
export const games: Readonly<Record<string, AnyGame>> = Object.fromEntries(
  [freeTable, dungeon2d6, callOfT, grailWar].map((game) => [game.id, game]),
);

/** The game a new room runs when none is named. */
export const DEFAULT_GAME = freeTable.id;
