// Minimal typings for the peer libraries that ship none (only what the benchmark calls).
declare module 'pathfinding' {
  export class Grid {
    constructor(width: number, height: number, matrix?: number[][]);
    clone(): Grid;
  }
  export const DiagonalMovement: {
    Always: number;
    Never: number;
    IfAtMostOneObstacle: number;
    OnlyWhenNoObstacles: number;
  };
  interface FinderOptions {
    diagonalMovement?: number;
    heuristic?: (dx: number, dy: number) => number;
    weight?: number;
  }
  export class AStarFinder {
    constructor(options?: FinderOptions);
    findPath(sx: number, sy: number, gx: number, gy: number, grid: Grid): number[][];
  }
  export class JumpPointFinder {
    constructor(options?: FinderOptions);
    findPath(sx: number, sy: number, gx: number, gy: number, grid: Grid): number[][];
  }
  export const Heuristic: { octile: (dx: number, dy: number) => number; manhattan: (dx: number, dy: number) => number };
}
declare module 'l1-path-finder' {
  interface Planner {
    search(sx: number, sy: number, tx: number, ty: number, path?: number[]): number;
  }
  export default function createPlanner(grid: unknown): Planner;
}
declare module 'ndarray' {
  export default function ndarray(data: ArrayLike<number>, shape: number[], stride?: number[]): unknown;
}
