import { InvalidOptionError } from '../errors.js';
import { Grid } from './grid.js';

/**
 * Throws InvalidOptionError naming `name` unless `grid` is a {@link Grid} (made by `Grid.create`, `Grid.open`,
 * `Grid.from`, a parser or a generator). Internal: the one check every function that takes a grid starts with.
 */
export function checkGrid(grid: unknown, name = 'grid'): asserts grid is Grid {
  if (!(grid instanceof Grid)) throw new InvalidOptionError(name, grid, 'a Grid');
}
