// Public exports of src/sets. Listed again from ../index.ts.
export * from './convex-sets.js';
export * from './set-costs.js';
export * from './set-fields.js';
export * from './set-fields-pool.js';
