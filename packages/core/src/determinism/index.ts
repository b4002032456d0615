// Public exports of src/determinism: the guarantee's tools. Listed again from ../index.ts.
export { DeterministicMath } from './deterministic-math.js';
export { type HashValue, hashState } from './state-hash.js';
