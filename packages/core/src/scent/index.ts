// The family entry `@fieldmarshal/core/scent`: scent, flee, safety and desire maps.
export { NoFleeSeedError } from '../errors.js';
export * from './combine-maps.js';
export * from './descend-map.js';
export * from './flee-map.js';
export * from './safety-map.js';
export * from './scent-map.js';
export type { ScentMoveOptions } from './scent-options.js';
export { DEFAULT_SCENT_NEIGHBORS, MAX_SCENT_STRENGTH, SCENT_BLOCKED, SCENT_UNSEEN } from './scent-options.js';
