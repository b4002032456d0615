// The family entry `@fieldmarshal/core/grid`: grids, parsers, generators, directions and diagonal rules, and the
// seeded random numbers the generators use.
export { MAX_BUFFER_BYTES } from '../util/allocate.js';
export { createRandom, type RandomSource, randomInt } from '../util/random.js';
export * from './directions.js';
export * from './generate.js';
export * from './grid.js';
export * from './parse.js';
export { type Path, type Point, pathPointCount, pathTileIndices, type TilePath } from './point.js';
