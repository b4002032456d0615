// The family entry `@fieldmarshal/core/sectors`. The kernels and scratch classes are internal.
export { buildSectorGraph, type SectorBuildOptions } from './build.js';
export {
  CorridorField,
  type CorridorFieldData,
  type CorridorFieldOptions,
} from './corridor-field.js';
export {
  DEFAULT_CORRIDOR_MARGIN,
  DEFAULT_CORRIDOR_TILES,
  type SectorPathInfo,
  type SectorPathOptions,
  type SectorRefine,
} from './find-path.js';
export type { SectorGraphData } from './sector-data.js';
export { SectorGraph, type SectorGraphStats } from './sector-graph.js';
export type {
  SectorBuildArgs,
  SectorBuildPhase,
  SectorClaim,
  SectorCorridorFillArgs,
  SectorCorridorPlan,
  SectorCorridorPlanArgs,
  SectorNodeArrays,
  SectorUpdateArgs,
  SectorUpdateResult,
} from './sector-jobs.js';
export {
  DEFAULT_ENTRANCE_GAP,
  DEFAULT_ENTRANCE_SPACING,
  DEFAULT_ENTRANCE_SPLIT,
  DEFAULT_LANDMARKS,
  DEFAULT_SECTOR_SIZE,
  MAX_SECTOR_SIZE,
  MIN_SECTOR_SIZE,
  type SectorGraphOptions,
} from './sector-options.js';
export {
  buildSectorGraphInPool,
  type CorridorPoolJobOptions,
  corridorFieldInPool,
  refreshLandmarksInPool,
  type SectorPoolJobOptions,
  type SectorPoolOptions,
  updateSectorGraphInPool,
} from './sector-pool.js';
export type { SectorUpdate } from './update.js';
