// Minimal typings for PathFinding.js, which ships none (only what the Bench page calls).
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
  }
  export class AStarFinder {
    constructor(options?: FinderOptions);
    findPath(sx: number, sy: number, gx: number, gy: number, grid: Grid): number[][];
  }
  export class JumpPointFinder {
    constructor(options?: FinderOptions);
    findPath(sx: number, sy: number, gx: number, gy: number, grid: Grid): number[][];
  }
}
