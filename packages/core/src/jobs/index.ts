// Public exports of src/jobs (the contract of a worker kernel). Listed again from ../index.ts.
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
  type SubmitOptions,
  type WriteSpec,
} from './job-spec.js';
