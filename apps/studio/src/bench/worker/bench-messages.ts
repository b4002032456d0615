import type { ScenarioRow } from '../../shared/map-files/scenario.js';
import type { BenchMapSpec } from '../bench-maps.js';
import type { BehaviourResult } from '../run-behaviours.js';
import type { BenchConfig, BenchResult } from '../run-bench.js';
import type { PeerResult } from '../run-peers.js';
import type { RepairResult } from '../run-repair.js';

/** A map as sent to the bench worker: maps from files go as their grid's buffer (shared, or copied). */
export type WireMapSpec =
  | Exclude<BenchMapSpec, { kind: 'file' }>
  | { kind: 'file'; name: string; buffer: ArrayBufferLike; scenario: ScenarioRow[] | null };

/** What a run measured, sent as soon as it is measured (a cancelled run keeps what arrived). */
export type RunRow =
  | { kind: 'field'; row: BenchResult }
  | { kind: 'peers'; rows: PeerResult[] }
  | { kind: 'repair'; rows: RepairResult[] }
  | { kind: 'behaviour'; row: BehaviourResult };

/** The page to the worker: one run per worker (Cancel ends the worker). */
export interface BenchRequest {
  type: 'run';
  config: BenchConfig;
  maps: WireMapSpec[];
  /** The studio's address (the shipped Moving AI maps lie under it). */
  base: string;
}

/** The worker to the page. */
export type BenchAnswer =
  | { type: 'progress'; fraction: number; label: string }
  | { type: 'row'; row: RunRow }
  | { type: 'done' }
  | { type: 'error'; message: string };
