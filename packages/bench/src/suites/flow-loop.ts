import {
  computeField,
  computeFlow,
  FLOW_SAFE_STEP,
  type FollowFlowStats,
  followFlow,
  type Grid,
  sampleFlow,
} from '@fieldmarshal/core';
import { anyAnglePath, flowClearance } from '@fieldmarshal/core/flow';
import { loadMap } from '../maps.js';
import { ProgressBar } from '../progress.js';
import type { Row } from '../report.js';
import { percentile } from '../stats.js';
import { rng } from './flow.js';

/**
 * The naive per-frame loop a game writes (sample the flow where the unit stands, move up to the documented step,
 * repeat), from random starts (anywhere in walkable tiles of field cost at most `maxCost`, several goals per map),
 * at radius 0 and 0.25: units whose body (a square of half-side the flow's clearance) ever overlaps a wall, units
 * that stalled (no direction off a goal tile, or no goal within three times the field cost), and the path's length
 * (to the goal tile's centre) over the exact any-angle shortest path of the body (`anyAnglePath` with the flow's
 * radius: a body of radius 0.25 keeps that far off every corner), mean and p99; over a point's optimum (which no
 * body of that radius can follow); and over the flow's own polyline from the same start (`followFlow`, which keeps
 * heading for the anchor it saw), the cost of sampling without memory.
 */
export interface FlowLoopOptions {
  maps: string[];
  goals: number;
  starts: number;
  maxCost: number;
  /** Tiles moved per frame (the loop moves min(this, FLOW_SAFE_STEP, out[2])). */
  frameStep: number;
}

/** Deepest overlap (tiles) of the square of half-side c at (x, y) with a wall or the outside. */
function overlap(grid: Grid, x: number, y: number, c: number): number {
  let worst = 0;
  for (let ty = Math.floor(y - c); ty <= Math.floor(y + c); ty++)
    for (let tx = Math.floor(x - c); tx <= Math.floor(x + c); tx++) {
      const wall =
        !(tx >= 0 && ty >= 0 && tx < grid.width && ty < grid.height) || grid.passable[ty * grid.width + tx] === 0;
      if (!wall) continue;
      const ox = Math.min(x + c, tx + 1) - Math.max(x - c, tx);
      const oy = Math.min(y + c, ty + 1) - Math.max(y - c, ty);
      worst = Math.max(worst, Math.min(ox, oy));
    }
  return worst;
}

function meanOf(values: number[]): number {
  return values.reduce((p, v) => p + v, 0) / Math.max(1, values.length);
}

export function runFlowLoop(options: FlowLoopOptions) {
  const radii = [0, 0.25];
  const bar = new ProgressBar(options.maps.length * options.goals * radii.length, 'flow loop');
  const rows: string[][] = [];
  const data: Row[] = [];
  const out = new Float64Array(3);
  const poly = new Float64Array(1 << 16);
  const stats: FollowFlowStats = { points: 0, length: 0, reached: false, slides: 0, fallbackSteps: 0 };
  for (const radius of radii) {
    const all: number[] = [];
    const allOverFlow: number[] = [];
    const allOverPoint: number[] = [];
    let allOverlaps = 0;
    let allStalls = 0;
    for (const spec of options.maps) {
      const grid = loadMap(spec).grid;
      const c = flowClearance(radius);
      const random = rng(spec.length * 131 + 7);
      const ratios: number[] = [];
      const overFlow: number[] = [];
      const overPoint: number[] = [];
      let overlaps = 0;
      let stalls = 0;
      for (let k = 0; k < options.goals; k++) {
        bar.setLabel(`loop ${spec} r=${radius} goal ${k + 1}`);
        let gi: number;
        do gi = Math.floor(random() * grid.size);
        while (grid.passable[gi] === 0);
        const goal = { x: gi % grid.width, y: Math.floor(gi / grid.width) };
        const field = computeField(grid, { goals: [goal] });
        const flow = computeFlow(grid, field, { radius });
        for (let s = 0, tries = 0; s < options.starts && tries < options.starts * 200; tries++) {
          const i = Math.floor(random() * grid.size);
          const cost = field.cost[i] as number;
          if (!(cost <= options.maxCost) || i === gi) continue;
          let x = (i % grid.width) + random();
          let y = Math.floor(i / grid.width) + random();
          // Starts where the body fits (a unit stands there), as a game spawns them.
          if (overlap(grid, x, y, c) > 1e-9) continue;
          s++;
          const sx = x;
          const sy = y;
          let length = 0;
          let reached = false;
          let touched = false;
          const budget = Math.ceil((3 * cost + 8) / options.frameStep);
          for (let f = 0; f < budget; f++) {
            if (Math.floor(x) === goal.x && Math.floor(y) === goal.y) {
              reached = true;
              break;
            }
            sampleFlow(flow, x, y, out, { grid });
            if (out[0] === 0 && out[1] === 0) break;
            const d = Math.min(options.frameStep, FLOW_SAFE_STEP, out[2] as number);
            x += (out[0] as number) * d;
            y += (out[1] as number) * d;
            length += d;
            if (!touched && overlap(grid, x, y, c) > 1e-9) touched = true;
          }
          if (touched) overlaps++;
          if (!reached) {
            stalls++;
            continue;
          }
          length += Math.hypot(goal.x + 0.5 - x, goal.y + 0.5 - y);
          // The body's own optimum (a point's at radius 0), and a point's (shorter: it may graze the corners).
          const ends = [
            { x: sx, y: sy },
            { x: goal.x + 0.5, y: goal.y + 0.5 },
          ] as const;
          const best = anyAnglePath(grid, ends[0], ends[1], { upperBound: length + 1e-9, radius });
          if (best !== null) ratios.push(length / best.cost);
          const point = radius === 0 ? best : anyAnglePath(grid, ends[0], ends[1], { upperBound: length + 1e-9 });
          if (point !== null) overPoint.push(length / point.cost);
          followFlow(grid, field, flow, { x: sx, y: sy }, { stats, out: poly });
          if (stats.reached) overFlow.push(length / stats.length);
        }
        bar.tick();
      }
      const sorted = [...ratios].sort((a, b) => a - b);
      const mean = meanOf(ratios);
      all.push(...ratios);
      allOverlaps += overlaps;
      allStalls += stalls;
      const flowMean = meanOf(overFlow);
      allOverFlow.push(...overFlow);
      allOverPoint.push(...overPoint);
      const extra = {
        radius,
        starts: ratios.length + stalls,
        overlaps,
        stalls,
        mean,
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        overFollowFlowMean: flowMean,
        overPointMean: meanOf(overPoint),
      };
      data.push({ suite: 'flow-loop', map: spec, case: `radius ${radius}`, tiles: grid.size, extra });
      rows.push([
        spec,
        String(radius),
        String(extra.starts),
        String(overlaps),
        String(stalls),
        mean.toFixed(4),
        extra.p99.toFixed(4),
        extra.max.toFixed(4),
        flowMean.toFixed(4),
        extra.overPointMean.toFixed(4),
      ]);
    }
    const sorted = [...all].sort((a, b) => a - b);
    const mean = meanOf(all);
    data.push({
      suite: 'flow-loop',
      map: 'all',
      case: `radius ${radius}`,
      extra: {
        radius,
        overlaps: allOverlaps,
        stalls: allStalls,
        mean,
        p99: percentile(sorted, 99),
        overFollowFlowMean: meanOf(allOverFlow),
        overPointMean: meanOf(allOverPoint),
      },
    });
    rows.push([
      'all',
      String(radius),
      String(all.length + allStalls),
      String(allOverlaps),
      String(allStalls),
      mean.toFixed(4),
      percentile(sorted, 99).toFixed(4),
      (sorted.at(-1) ?? Number.NaN).toFixed(4),
      meanOf(allOverFlow).toFixed(4),
      meanOf(allOverPoint).toFixed(4),
    ]);
  }
  bar.finish();
  return {
    title: `Per-frame loop over sampleFlow (move min(${options.frameStep}, FLOW_SAFE_STEP, out[2]) a frame): bodies in walls, stalls, length over the any-angle optimum of the body (anyAnglePath with the flow's radius)`,
    header: [
      'map',
      'radius',
      'starts',
      'overlapped a wall',
      'stalled',
      'length mean',
      'length p99',
      'length max',
      'over followFlow mean',
      "over a point's optimum mean",
    ],
    rows,
    data,
  };
}
