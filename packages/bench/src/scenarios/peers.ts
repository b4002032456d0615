import type { Grid } from '@fieldmarshal/core';
import * as EasyStarModule from 'easystarjs';
import createPlannerModule from 'l1-path-finder';
import ndarrayModule from 'ndarray';
import * as createGraphModule from 'ngraph.graph';
import * as ngraphPathModule from 'ngraph.path';
import * as PFModule from 'pathfinding';
import * as ROTModule from 'rot-js';

/**
 * The CommonJS module behind an import, in Node (whose namespace object holds it as `default`) and in bundlers
 * (whose namespace may be the module itself): the peers are CommonJS packages, and this file must load in both.
 */
function commonJs<T>(namespace: T): T {
  const inner = (namespace as { default?: T }).default;
  return inner !== undefined && inner !== null ? inner : namespace;
}

const PF = commonJs(PFModule);
const EasyStar = commonJs(EasyStarModule);
const createGraph = commonJs(createGraphModule) as unknown as typeof createGraphModule.default;
const ngraphPath = commonJs(ngraphPathModule);
const ROT = commonJs(ROTModule);
const createPlanner = commonJs(createPlannerModule);
const ndarray = commonJs(ndarrayModule);

/** The movement rules a peer searches under, as our field options. */
export interface PeerRules {
  metric: 'steps' | 'octile';
  neighbors: 4 | 8;
  diagonal: 'never' | 'always' | 'if-one-free' | 'if-both-free';
  /** What differs from the rules, said plainly in the report. */
  note: string;
}

/** One peer search library, prepared on a map (untimed), then searched pair by pair (timed). */
export interface Peer {
  name: string;
  rules: PeerRules;
  /** Builds the peer's own map structure. Not timed. */
  prepare(grid: Grid): void;
  /** Work the peer needs before every search that is not search work (e.g. PathFinding.js clones its grid). Not timed. */
  beforeSearch?(): void;
  /** One search; returns the path length under the peer's own step costs, or -1 when it found no path. */
  search(sx: number, sy: number, gx: number, gy: number): number;
  /** Length of a path under octile (or steps) costs, for checking optimality against our field. */
  lastLength?: number;
}

function matrix(grid: Grid): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = new Array(grid.width);
    for (let x = 0; x < grid.width; x++) row[x] = grid.passable[y * grid.width + x] === 1 ? 0 : 1;
    rows.push(row);
  }
  return rows;
}

/** Octile length of a polyline of grid points (each segment straight or diagonal, or a mix for JPS). */
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

function pathfindingPeer(name: string, jps: boolean): Peer {
  let base: PFModule.Grid;
  let work: PFModule.Grid;
  const finder = jps
    ? new PF.JumpPointFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles })
    : new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles });
  return {
    name,
    rules: {
      metric: 'octile',
      neighbors: 8,
      diagonal: 'if-both-free',
      note: jps ? 'same rules; its JPS is not guaranteed optimal (lengths are checked)' : 'same rules',
    },
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
    name: 'easystarjs',
    rules: {
      metric: 'octile',
      neighbors: 8,
      diagonal: 'if-both-free',
      note: 'prices a diagonal at 1.4 instead of sqrt 2, so its paths can differ; lengths are re-measured in octile',
    },
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

function ngraphPeer(): Peer {
  let finder: { find(from: number, to: number): { id: number | string }[] };
  let width = 0;
  return {
    name: 'ngraph.path',
    rules: { metric: 'octile', neighbors: 8, diagonal: 'if-both-free', note: 'same rules (graph built from the grid)' },
    prepare(grid) {
      width = grid.width;
      const graph = createGraph<unknown, number>();
      const p = grid.passable;
      const w = grid.width;
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < w; x++) {
          const i = y * w + x;
          if (p[i] !== 1) continue;
          graph.addNode(i);
          if (x + 1 < w && p[i + 1] === 1) graph.addLink(i, i + 1, 1);
          if (y + 1 < grid.height && p[i + w] === 1) graph.addLink(i, i + w, 1);
          if (x + 1 < w && y + 1 < grid.height && p[i + 1] === 1 && p[i + w] === 1 && p[i + w + 1] === 1)
            graph.addLink(i, i + w + 1, Math.SQRT2);
          if (x > 0 && y + 1 < grid.height && p[i - 1] === 1 && p[i + w] === 1 && p[i + w - 1] === 1)
            graph.addLink(i, i + w - 1, Math.SQRT2);
        }
      }
      finder = ngraphPath.aStar(graph, {
        distance: (_a, _b, link) => link.data as number,
        heuristic: (a, b) => {
          const ax = (a.id as number) % width;
          const ay = Math.floor((a.id as number) / width);
          const bx = (b.id as number) % width;
          const by = Math.floor((b.id as number) / width);
          const dx = Math.abs(ax - bx);
          const dy = Math.abs(ay - by);
          return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
        },
      }) as typeof finder;
    },
    search(sx, sy, gx, gy) {
      const nodes = finder.find(sy * width + sx, gy * width + gx);
      if (nodes.length === 0) return -1;
      return octileLength(nodes.map((n) => [(n.id as number) % width, Math.floor((n.id as number) / width)]));
    },
  };
}

function rotPeer(kind: 'AStar' | 'Dijkstra'): Peer {
  let grid: Grid;
  const passable = (x: number, y: number) => grid.isPassable(x, y) && grid.passable[y * grid.width + x] === 1;
  return {
    name: `rot-js ${kind}`,
    rules: {
      metric: 'steps',
      neighbors: 8,
      diagonal: 'always',
      note: 'every move costs 1 and diagonals cut corners (topology 8): compared with our steps field, diagonal always',
    },
    prepare(g) {
      grid = g;
    },
    search(sx, sy, gx, gy) {
      const Finder = kind === 'AStar' ? ROT.Path.AStar : ROT.Path.Dijkstra;
      const finder = new Finder(gx, gy, passable, { topology: 8 });
      let steps = -1;
      finder.compute(sx, sy, () => {
        steps++;
      });
      return steps;
    },
  };
}

function l1Peer(): Peer {
  let planner: ReturnType<typeof createPlanner>;
  return {
    name: 'l1-path-finder',
    rules: {
      metric: 'steps',
      neighbors: 4,
      diagonal: 'never',
      note: '4-connected, unit costs: compared with our steps field, 4 neighbours',
    },
    prepare(grid) {
      const data = new Uint8Array(grid.width * grid.height);
      for (let i = 0; i < data.length; i++) data[i] = grid.passable[i] === 1 ? 0 : 1;
      planner = createPlanner(ndarray(data, [grid.width, grid.height], [1, grid.width]));
    },
    search(sx, sy, gx, gy) {
      const d = planner.search(sx, sy, gx, gy);
      return Number.isFinite(d) ? d : -1;
    },
  };
}

/** Every peer, by the name `--peers` and the studio use. */
export const PEER_NAMES = [
  'pf-astar',
  'pf-jps',
  'easystarjs',
  'ngraph.path',
  'rot-astar',
  'rot-dijkstra',
  'l1-path-finder',
] as const;
export type PeerName = (typeof PEER_NAMES)[number];

export function createPeer(name: PeerName): Peer {
  switch (name) {
    case 'pf-astar':
      return pathfindingPeer('PathFinding.js A*', false);
    case 'pf-jps':
      return pathfindingPeer('PathFinding.js JPS', true);
    case 'easystarjs':
      return easystarPeer();
    case 'ngraph.path':
      return ngraphPeer();
    case 'rot-astar':
      return rotPeer('AStar');
    case 'rot-dijkstra':
      return rotPeer('Dijkstra');
    case 'l1-path-finder':
      return l1Peer();
  }
}
