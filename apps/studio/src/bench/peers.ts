import type { Grid } from '@fieldmarshal/core';
import * as EasyStar from 'easystarjs';
import * as PF from 'pathfinding';

/**
 * The peer search libraries raced in the browser, set up as the benchmark CLI does (packages/bench/src/peers.ts):
 * PathFinding.js A* and JPS and EasyStar.js, all 8-connected with no corner cutting (Moving AI's rules, our
 * `octile` / `if-both-free`). Each is prepared on a map (not timed), then searched pair by pair (timed); a
 * search returns the path's octile length, or -1 when it found none.
 */
export interface Peer {
  name: string;
  /** What differs from our rules, said in the fairness table. */
  note: string;
  prepare(grid: Grid): void;
  /** Work before every search that is not searching (PathFinding.js clones its grid). Not timed. */
  beforeSearch?(): void;
  search(sx: number, sy: number, gx: number, gy: number): number;
}

/** Rows of 0 (walkable ground) and 1 (anything else): the peers' grid form. */
function matrix(grid: Grid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = new Array(grid.width);
    for (let x = 0; x < grid.width; x++) row[x] = grid.passable[y * grid.width + x] === 1 ? 0 : 1;
    rows.push(row);
  }
  return rows;
}

/** Octile length of a polyline of grid points (each segment straight, diagonal, or a mix for JPS jumps). */
export function octileLength(points: readonly (readonly number[])[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as readonly number[];
    const b = points[i] as readonly number[];
    const dx = Math.abs((b[0] as number) - (a[0] as number));
    const dy = Math.abs((b[1] as number) - (a[1] as number));
    length += Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
  }
  return length;
}

function pathfindingPeer(jps: boolean): Peer {
  let base: PF.Grid;
  let work: PF.Grid;
  const movement = PF.DiagonalMovement.OnlyWhenNoObstacles;
  const finder = jps
    ? new PF.JumpPointFinder({ diagonalMovement: movement })
    : new PF.AStarFinder({ diagonalMovement: movement });
  return {
    name: jps ? 'PathFinding.js JPS' : 'PathFinding.js A*',
    note: jps ? 'same rules; its JPS is not guaranteed optimal (lengths are checked)' : 'same rules',
    prepare(grid) {
      base = new PF.Grid(grid.width, grid.height, matrix(grid));
    },
    beforeSearch() {
      work = base.clone();
    },
    search(sx, sy, gx, gy) {
      const path = finder.findPath(sx, sy, gx, gy, work);
      return path.length === 0 ? -1 : octileLength(path);
    },
  };
}

function easystarPeer(): Peer {
  const easystar = new EasyStar.js();
  return {
    name: 'EasyStar.js',
    note: 'prices a diagonal at 1.4 instead of sqrt 2, so its paths can differ; lengths are re-measured in octile',
    prepare(grid) {
      easystar.setGrid(matrix(grid));
      easystar.setAcceptableTiles([0]);
      easystar.enableDiagonals();
      easystar.disableCornerCutting();
      easystar.enableSync();
      easystar.setIterationsPerCalculation(Number.MAX_SAFE_INTEGER);
    },
    search(sx, sy, gx, gy) {
      let result = -1;
      easystar.findPath(sx, sy, gx, gy, (path) => {
        result = path ? octileLength(path.map((p) => [p.x, p.y])) : -1;
      });
      easystar.calculate();
      return result;
    },
  };
}

/** The peers the Bench page races. */
export const PEER_IDS = ['pf-astar', 'pf-jps', 'easystar'] as const;
export type PeerId = (typeof PEER_IDS)[number];

export function createPeer(id: PeerId): Peer {
  return id === 'easystar' ? easystarPeer() : pathfindingPeer(id === 'pf-jps');
}
