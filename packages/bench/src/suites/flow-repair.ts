import { computeField, computeFlow, type Flow, updateField, updateFlow } from '@fieldmarshal/core';
import { loadMap } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { summarize } from '../stats.js';
import { centralGoal, rng } from './flow.js';

/**
 * Flow repair (`updateFlow`) against computing the flow again, after one-tile edits: a wall put on a random
 * walkable tile (at least 8 tiles from the goal), then taken away again, alternately. Per edit: `updateField`
 * (the field's own repair), then `updateFlow` of the repairable flow, then `computeFlow` of the same updated field
 * (the full cost it saves); medians over the edits, the tiles each repair visited, and the edits that fell back
 * to a full computation. The repaired flow is checked against the full one bit for bit after every edit.
 */
export interface FlowRepairOptions {
  maps: string[];
  /** Edits per map (half walls put, half taken away). */
  edits: number;
  /** Mover radius of the flows (tiles). */
  radius: number;
}

function sameFlow(a: Flow, b: Flow): boolean {
  const ax = new Uint32Array(a.vx.buffer, a.vx.byteOffset, a.vx.length);
  const bx = new Uint32Array(b.vx.buffer, b.vx.byteOffset, b.vx.length);
  const ay = new Uint32Array(a.vy.buffer, a.vy.byteOffset, a.vy.length);
  const by = new Uint32Array(b.vy.buffer, b.vy.byteOffset, b.vy.length);
  for (let i = 0; i < ax.length; i++)
    if (ax[i] !== bx[i] || ay[i] !== by[i] || a.anchor[i] !== b.anchor[i]) return false;
  return true;
}

export async function runFlowRepair(options: FlowRepairOptions) {
  const bar = new ProgressBar(options.maps.length, 'flow repair');
  const rows: string[][] = [];
  const data: Row[] = [];
  for (const spec of options.maps) {
    bar.setLabel(`repair ${spec}`);
    const grid = loadMap(spec).grid;
    const goal = centralGoal(grid);
    const fieldOptions = { goals: [goal] };
    const flowOptions = { radius: options.radius };
    const field = computeField(grid, fieldOptions);
    let flow = computeFlow(grid, field, { ...flowOptions, repairable: true });
    const out = { vx: new Float32Array(grid.size), vy: new Float32Array(grid.size), anchor: new Int32Array(grid.size) };
    const random = rng(17);
    const fieldTimes: number[] = [];
    const repairTimes: number[] = [];
    const fullTimes: number[] = [];
    const visited: number[] = [];
    let fallbacks = 0;
    let mismatches = 0;
    let wall = -1;
    for (let k = 0; k < options.edits; k++) {
      if (wall >= 0) {
        grid.setPassable(wall % grid.width, Math.floor(wall / grid.width), true);
        wall = -1;
      } else {
        let at: number;
        do at = Math.floor(random() * grid.size);
        while (
          grid.passable[at] !== 1 ||
          Math.max(Math.abs((at % grid.width) - goal.x), Math.abs(Math.floor(at / grid.width) - goal.y)) < 8
        );
        grid.setPassable(at % grid.width, Math.floor(at / grid.width), false);
        wall = at;
      }
      let t0 = performance.now();
      updateField(grid, field, fieldOptions);
      fieldTimes.push(performance.now() - t0);
      t0 = performance.now();
      const update = updateFlow(grid, field, flow, flowOptions);
      repairTimes.push(performance.now() - t0);
      flow = update.flow;
      if (update.full) fallbacks++;
      else visited.push(update.tiles);
      t0 = performance.now();
      const full = computeFlow(grid, field, { ...flowOptions, out });
      fullTimes.push(performance.now() - t0);
      if (!sameFlow(flow, full)) mismatches++;
    }
    const fieldS = summarize(fieldTimes);
    const repair = summarize(repairTimes);
    const fullS = summarize(fullTimes);
    const tiles = visited.length > 0 ? summarize(visited) : null;
    data.push({
      suite: 'flow-repair',
      map: spec,
      case: 'one-tile edits',
      tiles: grid.size,
      stats: repair,
      extra: {
        fieldRepairMedian: fieldS.median,
        fullFlowMedian: fullS.median,
        repairOverFull: repair.median / fullS.median,
        visitedMedian: tiles?.median ?? 0,
        fallbacks,
        mismatches,
      },
    });
    rows.push([
      spec,
      `${grid.width}x${grid.height}`,
      String(options.edits),
      `${fmt(fieldS.median)}`,
      `${fmt(repair.median)} (${fmt(repair.p10)}-${fmt(repair.p90)})`,
      `${fmt(fullS.median)}`,
      (repair.median / fullS.median).toFixed(3),
      tiles === null ? '-' : `${Math.round(tiles.median)} (${Math.round(tiles.p90)})`,
      String(fallbacks),
      mismatches === 0 ? 'yes' : `NO (${mismatches})`,
    ]);
    bar.tick();
  }
  bar.finish();
  return {
    title: `Flow repair after one-tile edits (a wall put on a random walkable tile, then taken away; octile, central goal, radius ${options.radius}; ms median (p10-p90))`,
    header: [
      'map',
      'size',
      'edits',
      'updateField ms',
      'updateFlow ms',
      'computeFlow ms',
      'repair/full',
      'tiles visited median (p90)',
      'computed in full',
      'equal to computeFlow',
    ],
    rows,
    data,
  };
}
