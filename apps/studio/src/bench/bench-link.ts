import { PEER_NAMES, type PeerName } from '@fieldmarshal/bench/scenarios';
import type { MapKind } from '@fieldmarshal/core';
import { MAP_KINDS } from '@fieldmarshal/core/grid';
import { useEffect } from 'react';
import { MOVING_AI_MAPS } from '../shared/moving-ai.js';
import { choiceParam, flagParam, numberParam, readPageQuery, writePageQuery } from '../shared/url-state.js';
import { SIZES } from './bench-setup.js';
import { CROWD_SIZES, RTS_SIZES } from './bench-suites-setup.js';
import { type BenchConfig, KERNELS, type KernelId } from './run-bench.js';
import { DEFAULT_PEERS } from './run-peers.js';

/** The settings a fresh Bench page starts with. */
export const DEFAULT_BENCH_CONFIG: BenchConfig = {
  sizes: [512, 1024],
  kind: 'random',
  movingAi: [],
  files: [],
  kernels: ['octile'],
  workerCounts: [1],
  mainThread: true,
  reps: 5,
  warmup: 1,
  repair: false,
  peers: false,
  peerNames: [...DEFAULT_PEERS],
  crowdUnits: [],
  crowdWorkers: [1, 2],
  rtsUnits: [],
  behaviourSteps: 20,
};

const list = (text: string | null) => (text ? text.split(',').filter(Boolean) : null);
/** A list of numbers from `allowed` (null when the link has none). */
const numbers = (text: string | null, allowed: readonly number[]) =>
  list(text)
    ?.map(Number)
    .filter((n) => allowed.includes(n)) ?? null;

/** The Bench settings of the link (or the last visit), else the defaults. */
export function benchConfigFromLink(): BenchConfig {
  const q = readPageQuery('bench');
  const d = DEFAULT_BENCH_CONFIG;
  const kernelIds = KERNELS.map((k) => k.id);
  const names = MOVING_AI_MAPS.map((m) => m.name as string);
  return {
    sizes:
      list(q.get('sizes'))
        ?.map(Number)
        .filter((s) => SIZES.includes(s)) ?? d.sizes,
    kind: choiceParam(q, 'kind', MAP_KINDS as readonly MapKind[], d.kind),
    movingAi: list(q.get('mai'))?.filter((n) => names.includes(n)) ?? d.movingAi,
    files: [],
    kernels: (list(q.get('kernels'))?.filter((k) => kernelIds.includes(k as KernelId)) as KernelId[]) ?? d.kernels,
    workerCounts:
      list(q.get('workers'))
        ?.map(Number)
        .filter((n) => n >= 1 && n <= 64) ?? d.workerCounts,
    mainThread: flagParam(q, 'main', d.mainThread),
    reps: Math.max(1, Math.min(100, Math.round(numberParam(q, 'reps', d.reps)))),
    warmup: Math.max(0, Math.min(20, Math.round(numberParam(q, 'warmup', d.warmup)))),
    repair: flagParam(q, 'repair', d.repair),
    peers: flagParam(q, 'peers', d.peers),
    peerNames:
      (list(q.get('peerlist'))?.filter((p) => (PEER_NAMES as readonly string[]).includes(p)) as PeerName[]) ??
      d.peerNames,
    crowdUnits: numbers(q.get('crowd'), CROWD_SIZES) ?? d.crowdUnits,
    crowdWorkers: numbers(q.get('crowdw'), [1, 2]) ?? d.crowdWorkers,
    rtsUnits: numbers(q.get('rts'), RTS_SIZES) ?? d.rtsUnits,
    behaviourSteps: Math.max(2, Math.min(200, Math.round(numberParam(q, 'steps', d.behaviourSteps)))),
  };
}

/** Writes the Bench settings into the page's link (maps from files as their kept hashes: `files`). */
export function useWriteBenchLink(c: BenchConfig, files: string | undefined): void {
  useEffect(() => {
    writePageQuery('bench', {
      sizes: c.sizes.join(','),
      kind: c.kind,
      mai: c.movingAi.join(','),
      kernels: c.kernels.join(','),
      workers: c.workerCounts.join(','),
      main: c.mainThread ? undefined : '0',
      reps: c.reps,
      warmup: c.warmup,
      repair: c.repair ? '1' : undefined,
      peers: c.peers ? '1' : undefined,
      peerlist: c.peers ? c.peerNames.join(',') : undefined,
      crowd: c.crowdUnits.join(','),
      crowdw: c.crowdUnits.length > 0 ? c.crowdWorkers.join(',') : undefined,
      rts: c.rtsUnits.join(','),
      steps: c.crowdUnits.length + c.rtsUnits.length > 0 ? c.behaviourSteps : undefined,
      files,
    });
  }, [c, files]);
}
