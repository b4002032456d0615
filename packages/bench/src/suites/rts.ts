import { generateMap } from '@fieldmarshal/core';
import { RtsWorld } from '@fieldmarshal/core/rts';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { createRtsScenario, RTS_UPDATE_SECONDS, timeRtsScenario } from '../scenarios/rts-scenario.js';
import { BEHAVIOUR_TARGETS } from '../scenarios/targets.js';
import { cpuMs, summarize } from '../stats.js';

/** The RTS world (seed 004 movement): milliseconds per update of 200 and 1000 units with groups and formations. */
export function runRts(options: { units: number[]; updates: number; warmup: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const bar = new ProgressBar(options.units.length * options.updates, 'rts');
  for (const units of options.units) {
    bar.setLabel(`${units} units`);
    const scenario = createRtsScenario({ generateMap, RtsWorld }, units);
    const cpu: number[] = [];
    const stats = summarize(
      timeRtsScenario(scenario, options.warmup, options.updates, { onTick: () => bar.tick(), cpuMs, cpu }),
    );
    const cpuStats = summarize(cpu);
    const grid = scenario.world.grid;
    const map = `random-${grid.width} (10% walls)`;
    const hash = scenario.hash();
    data.push({
      suite: 'rts',
      map,
      case: `${units} units`,
      stats,
      extra: {
        groups: scenario.groups,
        updates: options.updates,
        hash,
        cpuMedianMs: cpuStats.median,
        cpuMeanMs: cpuStats.mean,
        cpuP90Ms: cpuStats.p90,
        targetMs: BEHAVIOUR_TARGETS.rts,
      },
    });
    rows.push([
      `${units} units, ${scenario.groups} groups`,
      `${grid.width}x${grid.height}`,
      `${options.updates}`,
      fmt(stats.median),
      `${fmt(stats.p10)}-${fmt(stats.p90)}`,
      fmt(stats.mean),
      `${fmt(cpuStats.median)} / ${fmt(cpuStats.mean)}`,
      `< ${BEHAVIOUR_TARGETS.rts}: ${stats.median < BEHAVIOUR_TARGETS.rts ? 'met' : 'not met'}`,
      hash,
    ]);
  }
  bar.finish();
  return {
    title: `RTS world (one ${RTS_UPDATE_SECONDS * 1000} ms fixed step per update)`,
    header: [
      'case',
      'map',
      'updates',
      'median ms',
      'p10-p90 ms',
      'mean ms',
      'cpu median / mean ms',
      'target ms',
      'state hash',
    ],
    rows,
    data,
  };
}
