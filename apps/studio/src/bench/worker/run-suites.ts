import { createFieldService, type FieldService, Grid } from '@fieldmarshal/core';
import { nextTask } from '../../shared/next-task.js';
import { type BenchMapSpec, loadBenchMap } from '../bench-maps.js';
import { runBehaviours } from '../run-behaviours.js';
import { type BenchConfig, runBench } from '../run-bench.js';
import { runPeers } from '../run-peers.js';
import { runRepair } from '../run-repair.js';
import type { RunRow, WireMapSpec } from './bench-messages.js';

/** What a run reports while it runs. */
export interface SuiteHooks {
  progress: (fraction: number, label: string) => void;
  row: (row: RunRow) => void;
}

/** Lets the worker post what is waiting (progress, rows) before the next chunk of work. */
/** The spec with a file's grid rebuilt from its buffer. */
export function fromWire(spec: WireMapSpec): BenchMapSpec {
  return spec.kind === 'file'
    ? { kind: 'file', name: spec.name, grid: Grid.from(spec.buffer), scenario: spec.scenario }
    : spec;
}

/**
 * One press of Run, in the bench worker: the field kernels on every map and executor (their pools started here,
 * nested in this worker), the peer race and the repair cases per map, then the crowd and RTS suites. Each part
 * has an equal share of the progress bar.
 */
export async function runSuites(config: BenchConfig, specs: readonly BenchMapSpec[], base: string, hooks: SuiteHooks) {
  const signal = new AbortController().signal; // Cancel ends the whole worker
  const kernels = config.kernels.length > 0 && (config.mainThread || config.workerCounts.length > 0);
  const perMap = (config.peers ? 1 : 0) + (config.repair ? 1 : 0);
  const behaviours = config.crowdUnits.length + config.rtsUnits.length > 0;
  const parts = (kernels ? 1 : 0) + perMap * specs.length + (behaviours ? 1 : 0);
  let part = 0;
  const share = (fraction: number, label: string) => hooks.progress((part + fraction) / Math.max(1, parts), label);
  if (kernels) {
    await runBench(
      config,
      specs,
      (workers) => createFieldService({ workers }),
      (p) => share(p.fraction, p.label),
      (row) => hooks.row({ kind: 'field', row }),
      signal,
      { base },
    );
    part++;
  }
  for (const spec of perMap > 0 ? specs : []) {
    share(0, `loading ${spec.kind === 'generated' ? `${spec.size}x${spec.size} ${spec.generator}` : spec.name}`);
    await nextTask();
    const map = await loadBenchMap(spec, false, signal, base);
    if (config.peers) {
      const rows = runPeers(map, config.peerNames, {
        reps: config.reps,
        warmup: config.warmup,
        onSearcher: (name) => share(0, `peers on ${map.size} ${map.name}: ${name}`),
      });
      hooks.row({ kind: 'peers', rows });
      part++;
      await nextTask();
    }
    if (config.repair) {
      const rows = runRepair(map, {
        reps: config.reps,
        warmup: config.warmup,
        onCase: (name) => share(0, `repair ${name} on ${map.size} ${map.name}`),
      });
      hooks.row({ kind: 'repair', rows });
      part++;
      await nextTask();
    }
  }
  if (behaviours) {
    const pools = new Map<number, FieldService>();
    try {
      if (config.crowdUnits.length > 0)
        for (const w of config.crowdWorkers) pools.set(w, await createFieldService({ workers: w }));
      await runBehaviours({
        crowdUnits: config.crowdUnits,
        rtsUnits: config.rtsUnits,
        steps: config.behaviourSteps,
        pools,
        onProgress: share,
        onResult: (row) => hooks.row({ kind: 'behaviour', row }),
      });
    } finally {
      for (const s of pools.values()) await s.close();
    }
  }
  hooks.progress(1, 'done');
}
