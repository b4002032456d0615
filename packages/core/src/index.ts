/**
 * @fieldmarshal/core: vector and cost fields, scent and flee maps, convex-set tactics and movement behaviours
 * for tile-based games. Every public name is exported from here.
 * @packageDocumentation
 */
export * from './crowd/index.js';
export * from './determinism/index.js';
export * from './errors.js';
export * from './fields/index.js';
export * from './flow/index.js';
export * from './followers/index.js';
export * from './grid/index.js';
export * from './jobs/index.js';
export * from './rts/index.js';
export * from './scent/index.js';
export * from './sectors/index.js';
export * from './service/index.js';
export * from './sets/index.js';
export * from './steering/index.js';
export * from './tactics/index.js';
export * from './util/random.js';
export type * from './util/task.js';
