export { callOfT } from './game.ts';
export type { CotEvent, CotState } from './state.ts';
export { defaultCotOptions } from './options.ts';
export { diagonalNeighbours, distance, orthogonalNeighbours, stepIn, stepToward } from './board.ts';
export { chanceFor } from './tables.ts';
