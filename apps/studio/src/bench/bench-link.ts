import { MAP_KINDS, type MapKind } from '@fieldmarshal/core';
import { useEffect } from 'react';
import { MOVING_AI_MAPS } from '../shared/moving-ai.js';
import { choiceParam, flagParam, numberParam, readPageQuery, writePageQuery } from '../shared/url-state.js';
import { SIZES } from './bench-setup.js';
import { type BenchConfig, KERNELS, type KernelId } from './run-bench.js';

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
};

const list = (text: string | null) => (text ? text.split(',').filter(Boolean) : null);

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
  };
}

/** Writes the Bench settings into the page's link (maps from files are not part of it). */
export function useWriteBenchLink(c: BenchConfig): void {
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
    });
  }, [c]);
}
