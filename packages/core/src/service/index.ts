// Public exports of src/service. Listed again from ../index.ts.
export {
  MemoryLimitError,
  ServiceClosedError,
  SharedMemoryUnavailableError,
  WorkerCrashedError,
  WorkerStartError,
} from './errors.js';
export { createFieldService } from './field-service.js';
export {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_MAX_FIELD_BYTES,
  DEFAULT_MAX_POOLED_BYTES,
  DEFAULT_START_TIMEOUT_MS,
  type FieldService,
  type FieldServiceFallback,
  type FieldServiceMode,
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
export type {
  ComputeFieldArgs,
  ComputeFieldFromSeedsArgs,
  ComputeFlowArgs,
  FillSharedArgs,
  FleeMapArgs,
  Kernel,
  KernelName,
  SafetyFieldArgs,
  ScentMapArgs,
  UpdateFieldArgs,
} from './kernels.js';
export { LiveField } from './live-field.js';
export { PROGRESS_POLL_MS, type ProgressCallback } from './progress.js';
