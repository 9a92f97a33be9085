export { callOfT } from './game.ts';
export type { CotState } from './state.ts';
export type { CotEvent } from './events.ts';
export { defaultCotOptions } from './options.ts';
export { diagonalNeighbours, orthogonalNeighbours } from './board.ts';
