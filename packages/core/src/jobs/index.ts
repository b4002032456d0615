// Public exports of src/jobs (the contract of a worker kernel), listed from the service family entry.
export {
  type AnyJobSpec,
  type ArgPath,
  type ArrayKind,
  defineJob,
  type ExecutionMode,
  type JobArgs,
  type JobResult,
  type JobRunner,
  type JobSpec,
  type KeepSpec,
  type OutputSpec,
  type ReadSpec,
  type SubmitOptions,
  type WriteSpec,
} from './job-spec.js';
