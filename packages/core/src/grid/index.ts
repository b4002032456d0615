export { MAX_BUFFER_BYTES } from '../util/allocate.js';
export * from './directions.js';
export * from './generate.js';
export * from './grid.js';
export * from './parse.js';
