import { describe, expect, test } from 'vitest';
import { allSquares, cornerBlock, diagonalNeighbours, distance, orthogonalNeighbours, parseSquare, stepIn, stepToward } from './board.ts';

const grid = { width: 5, height: 5 };

describe('board geometry', () => {
  test.each([
    ['COT-MOD-01 A1 is the top-left square', 'A1', { col: 0, row: 0 }],
    ['COT-MOD-01 E5 is the bottom-right square', 'E5', { col: 4, row: 4 }],
    ['COT-MOD-01 columns are letters, rows numbers', 'C2', { col: 2, row: 1 }],
    ['COT-MOD-01 F1 is off a 5×5 board', 'F1', null],
    ['COT-MOD-01 A6 is off a 5×5 board', 'A6', null],
  ])('%s', (_name, id, expected) => {
    expect(parseSquare(grid, id)).toEqual(expected);
  });

  test('COT-MOD-01 the default board has 25 squares, a width and height taken as parameters', () => {
    expect(allSquares(grid)).toHaveLength(25);
    expect(allSquares({ width: 3, height: 2 })).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
  });

  test.each([
    ['COT-MOD-02 orthogonal neighbours of C3', 'C3', ['C2', 'D3', 'C4', 'B3'], ['B2', 'D2', 'D4', 'B4']],
    ['COT-MOD-02 a corner has two of each', 'A1', ['B1', 'A2'], ['B2']],
  ])('%s', (_name, id, orthogonal, diagonal) => {
    expect(orthogonalNeighbours(grid, id)).toEqual(orthogonal);
    expect(diagonalNeighbours(grid, id)).toEqual(diagonal);
  });

  test.each([
    ['COT-MOD-03 TV-28 from C3 toward E1 the first step is C2 (row first)', 'C3', 'E1', 'C2'],
    ['COT-MOD-03 TV-28 from C3 toward A3 the first step is B3', 'C3', 'A3', 'B3'],
    ['COT-MOD-03 from C3 toward C5 one step down', 'C3', 'C5', 'C4'],
    ['COT-MOD-03 no step when already there', 'C3', 'C3', null],
  ])('%s', (_name, from, to, expected) => {
    expect(stepToward(grid, from, to)).toBe(expected);
  });

  test('COT-MOD-03 a move that would leave the board does not happen', () => {
    expect(stepIn(grid, 'A1', 'up')).toBeNull();
    expect(stepIn(grid, 'A1', 'left')).toBeNull();
    expect(stepIn(grid, 'A1', 'right')).toBe('B1');
  });

  test.each([
    ['COT-MOD-04 distance to the gate is Manhattan', 'C5', 'A1', 6],
    ['COT-MOD-04 distance along a row', 'C5', 'E5', 2],
  ])('%s', (_name, a, b, d) => {
    expect(distance(grid, a, b)).toBe(d);
  });

  test('COT-INV-07 the resonance block is the two squares and the two sharing their corner', () => {
    expect(new Set(cornerBlock(grid, 'C3', 'D2'))).toEqual(new Set(['C3', 'D2', 'C2', 'D3']));
  });
});
