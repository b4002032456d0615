/**
 * `@fieldmarshal/core`: vector and cost fields, scent and flee maps, convex-set tactics and movement behaviours
 * for tile-based games.
 *
 * The root entry keeps what a first program needs (82 names): grids and their parsers and generators, cost and
 * direction fields, smooth flows, the worker service, every error class and the common types (seeded random
 * numbers, resumable tasks, the determinism tools). Everything else lives in its family's subpath, each a complete
 * list of its area's public names (the root's names included):
 *
 * - `@fieldmarshal/core/grid`: grids, parsers, generators, directions, diagonal rules, seeded random numbers.
 * - `@fieldmarshal/core/fields`: cost and direction fields, repairs, paths down a field.
 * - `@fieldmarshal/core/flow`: smooth flows, any-angle paths, followers (many units following a flow or field).
 * - `@fieldmarshal/core/sectors`: sector graphs and corridor fields for huge maps.
 * - `@fieldmarshal/core/scent`: scent, flee, safety and desire maps.
 * - `@fieldmarshal/core/tactics`: convex sets, set fields, flank and retreat searches.
 * - `@fieldmarshal/core/steering`: chase, evade, intercept, line of sight, Bresenham lines, patterns.
 * - `@fieldmarshal/core/crowd`: flocking-style collision avoidance with stop timers.
 * - `@fieldmarshal/core/rts`: RTS group movement, formations and the RTS world.
 * - `@fieldmarshal/core/service`: the worker service, the frame scheduler, the job contract of worker kernels.
 *
 * @packageDocumentation
 */
export * from './determinism/index.js';
export {
  AbortError,
  CoordinateError,
  FieldMarshalError,
  type FieldMarshalErrorCode,
  GridTooLargeError,
  InvalidOptionError,
  MapParseError,
  MemoryLimitError,
  NoFleeSeedError,
  OutOfRangeError,
  PatternParseError,
  ServiceClosedError,
  SharedMemoryUnavailableError,
  WorkerCrashedError,
  WorkerStartError,
} from './errors.js';
export { computeField } from './fields/compute-field.js';
export { nextStep, pathFromField, pathLength } from './fields/follow.js';
export { smoothPath } from './fields/line.js';
export { type FieldUpdate, updateField } from './fields/repair/update-field.js';
export { type SampleFieldOptions, sampleField } from './fields/sample-field.js';
export type {
  Field,
  FieldOptions,
  Goal,
  Metric,
  MoveOptions,
  SeedFieldOptions,
} from './fields/types.js';
export { computeFlow } from './flow/compute-flow.js';
export { type FollowFlowOptions, type FollowFlowStats, followFlow } from './flow/follow-flow.js';
export { type SampleFlowOptions, sampleFlow } from './flow/sample-flow.js';
export { FLOW_SAFE_STEP, type Flow, type FlowOptions, type FlowUpdate } from './flow/types.js';
export { updateFlow } from './flow/update-flow.js';
export { DIRECTIONS, type DiagonalRule, type Direction, NO_DIRECTION } from './grid/directions.js';
export { type GenerateOptions, generateMap, type MapKind } from './grid/generate.js';
export { BLOCKED, GROUND, Grid, type GridOptions, sharedMemoryAvailable, WATER } from './grid/grid.js';
export { formatMovingAiMap, type LegendEntry, locateInAscii, parseAsciiMap, parseMovingAiMap } from './grid/parse.js';
export type { Path, Point, TilePath } from './grid/point.js';
export { createFieldService } from './service/field-service.js';
export type {
  FieldService,
  FieldServiceMode,
  FieldServiceModeOption,
  FieldServiceOptions,
  JobOptions,
  RunOptions,
  ServiceStats,
  UpdatedField,
  UpdateJobOptions,
} from './service/field-service-types.js';
export { isFieldStale } from './service/field-stale.js';
export { LiveField } from './service/live-field.js';
export type { ProgressCallback } from './service/progress.js';
export { createRandom, type RandomSource, randomInt } from './util/random.js';
export type { ResumableTask } from './util/task.js';
