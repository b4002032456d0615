// The family entry `@fieldmarshal/core/service`: the worker service, the frame scheduler, and the job contract of
// worker kernels (src/jobs).

export {
  MemoryLimitError,
  ServiceClosedError,
  SharedMemoryUnavailableError,
  WorkerCrashedError,
  WorkerStartError,
} from '../errors.js';
export type { ComputeFieldArgs, ComputeFieldFromSeedsArgs, UpdateFieldArgs } from '../fields/field-jobs.js';
export type { FlowJobArgs as ComputeFlowArgs } from '../flow/flow-jobs.js';
export * from '../jobs/index.js';
export type { FleeMapArgs, SafetyFieldArgs, ScentMapArgs } from '../scent/scent-jobs.js';
export type { ResumableTask } from '../util/task.js';
export type { FillSharedArgs } from './diagnostic-jobs.js';
export { createFieldService } from './field-service.js';
export {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_MAX_FIELD_BYTES,
  DEFAULT_MAX_POOLED_BYTES,
  DEFAULT_START_TIMEOUT_MS,
  type FieldService,
  type FieldServiceMode,
  type FieldServiceModeOption,
  type FieldServiceOptions,
  type JobOptions,
  type KernelArgs,
  type KernelResult,
  MAX_WORKERS,
  type RunOptions,
  type ServiceKernelName,
  type ServiceStats,
  type UpdatedField,
  type UpdateJobOptions,
} from './field-service-types.js';
export { isFieldStale } from './field-stale.js';
export {
  createFrameScheduler,
  DEFAULT_FRAME_BUDGET_MS,
  DEFAULT_MAX_SLICES_PER_FRAME,
  type FrameScheduler,
  type FrameSchedulerOptions,
  type FrameTick,
  type ScheduledTask,
  type ScheduleOptions,
} from './frame-scheduler.js';
export { LiveField } from './live-field.js';
export { PROGRESS_POLL_MS, type ProgressCallback } from './progress.js';
export { JOBS, type JobName } from './registry.js';
