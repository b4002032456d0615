// The family entry `@fieldmarshal/core/tactics`: flank and retreat searches, and the convex sets and set fields of
// src/sets they run on.
export * from '../sets/index.js';
export { flankCandidates, retreatCandidates } from './by-mode.js';
export * from './criteria.js';
export * from './route.js';
export {
  type ChooseSetOptions,
  chooseTacticSet,
  createTacticSearch,
  DEFAULT_MAX_CANDIDATES,
  DEFAULT_SETS_PER_STEP,
  pickCandidate,
  type SetCostPair,
  searchTactic,
  type TacticCostSource,
  type TacticKind,
  type TacticModeOptions,
  type TacticSearchOptions,
  type TacticSearchResult,
  type TacticTaskOptions,
  tacticCandidates,
} from './search.js';
export { searchTacticInPool, type TacticPoolJobOptions, type TacticPoolOptions } from './search-pool.js';
export type { TacticScanArgs } from './tactic-jobs.js';
