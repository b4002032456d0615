/**
 * The job registry: every worker kernel the service runs, by name. Each entry is a {@link JobSpec} defined beside
 * its algorithm (the worker half), which says what the kernel reads, writes and outputs; the job layer does the
 * rest in every execution mode. Adding a kernel is one file (its spec) and one line here.
 */
import { crowdStepBandJob } from '../crowd/crowd-band-jobs.js';
import { crowdStepPackedJob, crowdStepRangeJob } from '../crowd/crowd-jobs.js';
import { computeFieldFromSeedsJob, computeFieldJob, updateFieldJob } from '../fields/field-jobs.js';
import { computeFlowJob, updateFlowJob } from '../flow/flow-jobs.js';
import { followersStepRangeJob } from '../followers/followers-jobs.js';
import type { AnyJobSpec, JobSpec } from '../jobs/job-spec.js';
import { fleeMapJob, safetyFieldJob, scentMapJob } from '../scent/scent-jobs.js';
import {
  sectorBuildJob,
  sectorCorridorFillJob,
  sectorCorridorJob,
  sectorCorridorPlanJob,
  sectorUpdateJob,
} from '../sectors/sector-jobs.js';
import { computeSetFieldsJob, setCostsJob } from '../sets/set-jobs.js';
import { tacticScanJob } from '../tactics/tactic-jobs.js';
import { fillSharedJob } from './diagnostic-jobs.js';

/** The built-in jobs, by name. */
export const JOBS = Object.freeze({
  computeField: computeFieldJob,
  updateField: updateFieldJob,
  computeFieldFromSeeds: computeFieldFromSeedsJob,
  computeFlow: computeFlowJob,
  updateFlow: updateFlowJob,
  scentMap: scentMapJob,
  fleeMap: fleeMapJob,
  safetyField: safetyFieldJob,
  computeSetFields: computeSetFieldsJob,
  setCosts: setCostsJob,
  tacticScan: tacticScanJob,
  crowdStepRange: crowdStepRangeJob,
  crowdStepPacked: crowdStepPackedJob,
  crowdStepBand: crowdStepBandJob,
  followersStepRange: followersStepRangeJob,
  sectorBuild: sectorBuildJob,
  sectorCorridorPlan: sectorCorridorPlanJob,
  sectorCorridorFill: sectorCorridorFillJob,
  sectorCorridor: sectorCorridorJob,
  sectorUpdate: sectorUpdateJob,
  fillShared: fillSharedJob,
} as const);

/** Names of the built-in jobs. */
export type JobName = keyof typeof JOBS;

/** The built-in jobs, in registry order. */
export const JOB_LIST: readonly AnyJobSpec[] = Object.values(JOBS);

/** Arguments of built-in job `K` (what `service.run(K, args)` takes). */
export type KernelArgs<K extends JobName> = (typeof JOBS)[K] extends JobSpec<infer In, unknown, object> ? In : never;
/** What built-in job `K` resolves to. */
export type KernelResult<K extends JobName> =
  (typeof JOBS)[K] extends JobSpec<object, infer R, object> ? Awaited<R> : never;

/** The built-in jobs and `extra` by name; throws InvalidOptionError-worthy text for a clash (checked by the caller). */
export function jobTable(extra: readonly AnyJobSpec[]): Map<string, AnyJobSpec> {
  const table = new Map<string, AnyJobSpec>(JOB_LIST.map((spec) => [spec.name, spec]));
  for (const spec of extra) table.set(spec.name, spec);
  return table;
}
