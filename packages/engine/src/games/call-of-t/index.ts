export { callOfT } from './game.ts';
export type { CotState } from './state.ts';
export type { CotEvent } from './events.ts';
export { defaultCotOptions } from './options.ts';
export { diagonalNeighbours, distance, orthogonalNeighbours, stepIn, stepToward } from './board.ts';
export { chanceFor } from './tables.ts';
