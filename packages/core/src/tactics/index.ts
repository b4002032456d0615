// Public exports of src/tactics. Listed again from ../index.ts.
export * from './criteria.js';
export * from './route.js';
export * from './search.js';
export * from './search-pool.js';
export type { TacticScanArgs } from './tactic-jobs.js';
