export * from './directions.js';
export * from './generate.js';
export * from './grid.js';
export * from './parse.js';
