/**
 * The grid (COT-MOD-01..03): square labels, adjacency, Manhattan distance and the vertical-first step.
 * Squares are named "A1".."E5": the letter is the column (A at the left), the number the row (1 at the top).
 */

export type Coord = { col: number; row: number };
export type Grid = { width: number; height: number };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function squareName(c: Coord): string {
  return `${LETTERS[c.col]}${c.row + 1}`;
}

/** The coordinate of a label, or null when it is malformed or off this grid. */
export function parseSquare(grid: Grid, id: string): Coord | null {
  const m = /^([A-Z])([1-9][0-9]?)$/.exec(id);
  if (!m) return null;
  const col = LETTERS.indexOf(m[1]!);
  const row = Number(m[2]) - 1;
  return col < grid.width && row < grid.height ? { col, row } : null;
}

export function allSquares(grid: Grid): string[] {
  const out: string[] = [];
  for (let row = 0; row < grid.height; row++) for (let col = 0; col < grid.width; col++) out.push(squareName({ col, row }));
  return out;
}

function coord(grid: Grid, id: string): Coord {
  const c = parseSquare(grid, id);
  if (!c) throw new Error(`not a square of this board: ${id}`);
  return c;
}

/** Squares sharing an edge (COT-MOD-02), in the order up, right, down, left. */
export function orthogonalNeighbours(grid: Grid, id: string): string[] {
  const { col, row } = coord(grid, id);
  return [
    { col, row: row - 1 },
    { col: col + 1, row },
    { col, row: row + 1 },
    { col: col - 1, row },
  ]
    .filter((c) => c.col >= 0 && c.row >= 0 && c.col < grid.width && c.row < grid.height)
    .map(squareName);
}

/** Squares sharing only a corner (COT-MOD-02). */
export function diagonalNeighbours(grid: Grid, id: string): string[] {
  const { col, row } = coord(grid, id);
  return [
    { col: col - 1, row: row - 1 },
    { col: col + 1, row: row - 1 },
    { col: col + 1, row: row + 1 },
    { col: col - 1, row: row + 1 },
  ]
    .filter((c) => c.col >= 0 && c.row >= 0 && c.col < grid.width && c.row < grid.height)
    .map(squareName);
}

export function isOrthogonal(grid: Grid, a: string, b: string): boolean {
  return orthogonalNeighbours(grid, a).includes(b);
}

export function isDiagonal(grid: Grid, a: string, b: string): boolean {
  return diagonalNeighbours(grid, a).includes(b);
}

/** Manhattan distance (COT-MOD-04). */
export function distance(grid: Grid, a: string, b: string): number {
  const p = coord(grid, a);
  const q = coord(grid, b);
  return Math.abs(p.col - q.col) + Math.abs(p.row - q.row);
}

/** One orthogonal step from `from` toward `to`, changing the row first (COT-MOD-03); null when already there. */
export function stepToward(grid: Grid, from: string, to: string): string | null {
  const p = coord(grid, from);
  const q = coord(grid, to);
  if (p.row !== q.row) return squareName({ col: p.col, row: p.row + Math.sign(q.row - p.row) });
  if (p.col !== q.col) return squareName({ col: p.col + Math.sign(q.col - p.col), row: p.row });
  return null;
}

export type Direction = 'up' | 'right' | 'down' | 'left';

/** The direction of the vertical-first step from `from` toward `to` (COT-MOD-03); null when already there. */
export function directionToward(grid: Grid, from: string, to: string): Direction | null {
  const p = coord(grid, from);
  const q = coord(grid, to);
  if (p.row !== q.row) return q.row < p.row ? 'up' : 'down';
  if (p.col !== q.col) return q.col > p.col ? 'right' : 'left';
  return null;
}

/** The square one step in a direction, or null off the board (a move off the board does not happen). */
export function stepIn(grid: Grid, from: string, dir: Direction): string | null {
  const { col, row } = coord(grid, from);
  const next = {
    up: { col, row: row - 1 },
    right: { col: col + 1, row },
    down: { col, row: row + 1 },
    left: { col: col - 1, row },
  }[dir];
  if (next.col < 0 || next.row < 0 || next.col >= grid.width || next.row >= grid.height) return null;
  return squareName(next);
}

/** The 2×2 block made of two diagonal squares and the two squares sharing their corner (COT-INV-07). */
export function cornerBlock(grid: Grid, a: string, b: string): string[] {
  const p = coord(grid, a);
  const q = coord(grid, b);
  return [a, b, squareName({ col: p.col, row: q.row }), squareName({ col: q.col, row: p.row })];
}
