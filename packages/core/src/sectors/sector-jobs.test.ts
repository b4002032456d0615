import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.js';
import type { KernelControl } from '../fields/types.js';
import { generateRandom } from '../grid/generate.js';
import { writeHeader } from './build-phases.js';
import { allocateSectorArrays, H_LANDMARK_STRIDE, int32Array, resizeLandmarks } from './sector-data.js';
import { runSectorBuild, type SectorBuildPhase, type SectorNodeArrays } from './sector-jobs.js';
import { resolveSectorOptions } from './sector-options.js';

/** A control whose abort is seen from its `at`-th check on (counting the checks in `reads`). */
function abortingAt(at: number): KernelControl & { reads: number } {
  const control = {
    reads: 0,
    signal: {
      get aborted() {
        control.reads++;
        return control.reads >= at;
      },
    } as AbortSignal,
  };
  return control;
}

/** The phases of a pool build on one thread, as buildSectorGraphInPool runs them (one band: all sectors). */
function buildUpTo(stop: SectorBuildPhase) {
  const grid = generateRandom(512, 512, 0.2, { seed: 7 });
  const rules = resolveSectorOptions({ sectorSize: 8, landmarks: 4 });
  const sectors = (512 / 8) ** 2;
  const data = allocateSectorArrays(sectors, rules.size, false);
  writeHeader(data, grid, rules, grid.version);
  const counts = int32Array(sectors, false);
  const args = (phase: SectorBuildPhase) => ({ grid, data, phase, first: 0, last: sectors, counts });
  let picked: Int32Array = new Int32Array(0);
  for (const phase of ['labels', 'count', 'layout', 'sectors', 'link', 'components', 'pick'] as const) {
    if (phase === stop) return { args: args(phase), picked };
    const out = runSectorBuild(args(phase), {});
    if (phase === 'layout') Object.assign(data, out as SectorNodeArrays);
    if (phase === 'pick') picked = out as Int32Array;
  }
  resizeLandmarks(data, picked.length);
  data.header[H_LANDMARK_STRIDE] = data.nodeTile.length;
  return { args: { ...args('landmark'), landmark: { slot: 0, node: picked[0] as number } }, picked };
}

describe('sector pool build kernels stop at a Cancel as they go (issue 35)', () => {
  it.each(['labels', 'count', 'sectors', 'link', 'landmark'] as const)(
    '%s checks between sectors (or entrances) and stops mid-phase',
    (phase) => {
      const { args } = buildUpTo(phase);
      const control = abortingAt(3);
      expect(() => runSectorBuild(args, control)).toThrow(AbortError);
      expect(control.reads).toBe(3); // aborted at its third check: the phase was under way
    },
  );

  it.each(['layout', 'components', 'pick'] as const)('%s checks before it starts', (phase) => {
    const { args } = buildUpTo(phase);
    const control = abortingAt(1);
    expect(() => runSectorBuild(args, control)).toThrow(AbortError);
  });
});
