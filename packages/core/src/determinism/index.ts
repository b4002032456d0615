// The determinism guarantee's tools, exported from the root entry (../index.ts).
export { DeterministicMath } from './deterministic-math.js';
export { type HashValue, hashState } from './state-hash.js';
