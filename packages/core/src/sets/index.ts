// Public exports of src/sets, listed from the tactics family entry (../tactics/index.ts). Internal helpers (set checks, move resolution,
// control intervals) are left out on purpose.
export {
  type ConvexSets,
  DECOMPOSE_STRATEGIES,
  DEFAULT_DECOMPOSE_STRATEGY,
  DEFAULT_MAX_SET_SIDE,
  type DecomposeOptions,
  type DecomposeStrategy,
  decomposeConvexSets,
} from './convex-sets.js';
export {
  reduceFieldToSets,
  type SetCostsOptions,
  type SetCostsOutOptions,
  setCostsFrom,
  setCostsFromFields,
} from './set-costs.js';
export {
  allocateSetFields,
  buildSetField,
  buildSetFields,
  computeSetFieldsInto,
  DEFAULT_MAX_SET_FIELD_CELLS,
  DEFAULT_SET_NEIGHBORS,
  MAX_SET_FIELD_CELLS,
  SET_FIELD_UNREACHABLE_I32,
  SET_FIELD_UNREACHABLE_U16,
  type SetFieldKernelOptions,
  type SetFields,
  type SetFieldsOptions,
  type SetMoveOptions,
  setFieldCost,
} from './set-fields.js';
export {
  buildSetFieldsInPool,
  type SetFieldsPoolOptions,
  type SetPoolJobOptions,
  setCostPairInPool,
} from './set-fields-pool.js';
