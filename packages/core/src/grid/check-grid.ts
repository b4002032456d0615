import { InvalidOptionError } from '../errors.js';
import { Grid } from './grid.js';
import { gridIdText } from './grid-id.js';

/**
 * Throws InvalidOptionError naming `name` unless `grid` is a {@link Grid} (made by `Grid.create`, `Grid.open`,
 * `Grid.from`, a parser or a generator). Internal: the one check every function that takes a grid starts with.
 */
export function checkGrid(grid: unknown, name = 'grid'): asserts grid is Grid {
  if (!(grid instanceof Grid)) throw new InvalidOptionError(name, grid, 'a Grid');
}

/**
 * Throws InvalidOptionError naming `name` (a field, a flow, a sector graph...) when `gridId`, the id that result
 * carries, is not `grid`'s: the result was made on another grid (perhaps of the same size), and repairing or
 * querying it with this one would mix two maps. A result without an id (`undefined`: made by hand) passes.
 * Internal.
 */
export function checkSameGrid(name: string, gridId: unknown, grid: Grid): void {
  if (gridId === undefined || gridId === grid.id) return;
  throw new InvalidOptionError(
    name,
    `a ${name} of ${gridIdText(gridId)}`,
    `a ${name} of the grid given (${gridIdText(grid.id)}); a result of one grid cannot be repaired or read with another`,
  );
}
