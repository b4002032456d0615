/**
 * Corridor fields: a field towards one goal for many units, computed only where they will walk. The entrances
 * of the units' sectors are settled by one backward search over the entrances (abstract-search.ts), their routes
 * are followed to the goal, and the sectors on those routes (plus a margin) form the corridor; then an exact
 * field over the corridor's tiles (corridor-fill.ts). Memory and time grow with the corridor, not the map.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { Field, FieldOut, Goal, KernelControl } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import { allocating } from '../util/allocate.js';
import { checkNumber } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { arrayLength, ownOptions } from '../util/own-options.js';
import type { SectorContext } from './build-phases.js';
import { startWork } from './control.js';
import { Corridor } from './corridor.js';
import {
  type CorridorFieldData,
  type CorridorFieldOptions,
  checkCorridorData,
  DEFAULT_FULL_FIELD_ABOVE,
} from './corridor-data.js';
import { fillCorridor } from './corridor-fill.js';
import { fillFullField } from './corridor-full.js';
import type { PathQuery } from './find-path.js';
import { float64Array, int32Array, uint8Array } from './sector-data.js';

export type { CorridorFieldData, CorridorFieldOptions } from './corridor-data.js';

/**
 * A field towards one goal over a corridor of sectors: cost and direction per tile as a `computeField` field,
 * Infinity and 255 outside the corridor, stored per sector so that only the corridor takes memory. Within the
 * corridor, `cost` is the cost of the cheapest walk to the goal that stays inside it and following `dir` adds up
 * to it; every unit the field was made for stands in it. Read it with {@link CorridorField.costAt} and
 * {@link CorridorField.dirAt}, or expand it into an ordinary field with {@link CorridorField.toField}.
 */
export class CorridorField {
  /** Width of the grid, in tiles. */
  readonly width: number;
  /** Height of the grid, in tiles. */
  readonly height: number;
  /** Sector side in tiles. */
  readonly sectorSize: number;
  /** The field's arrays (shareable with workers: `new CorridorField(data)` rebuilds the view). */
  readonly data: CorridorFieldData;
  private readonly shift: number;
  private readonly mask: number;

  /**
   * A corridor field over arrays made by `SectorGraph.corridorField` or `corridorFieldInPool` (for example in
   * another thread). The arrays are checked once, in O(sectors): kinds, lengths, and every block index in range.
   * @throws InvalidOptionError or OutOfRangeError naming the first field of `data` that is wrong.
   */
  constructor(data: CorridorFieldData) {
    this.data = checkCorridorData(data);
    this.width = this.data.width;
    this.height = this.data.height;
    this.shift = this.data.shift;
    this.sectorSize = 1 << this.shift;
    this.mask = this.sectorSize - 1;
  }

  /** The grid version the field was computed for. */
  get gridVersion(): number {
    return this.data.gridVersion;
  }

  /** The id of the grid the field was computed on (`grid.id`), or undefined for data made by hand. */
  get gridId(): number | undefined {
    return this.data.gridId;
  }

  /**
   * True when the planned corridor covered more than `fullFieldAbove` of the map's sectors and one full field was
   * computed instead: every tile is covered and the costs are those of `computeField` with the graph's rules.
   */
  get fullField(): boolean {
    return this.data.full === true;
  }

  /** Sectors in the corridor. */
  get sectors(): number {
    return this.data.blockSector.length;
  }

  /** Slot of tile (x, y), or -1 outside the corridor or the map. */
  slotOf(x: number, y: number): number {
    checkNumber('x', x);
    checkNumber('y', y);
    if (!Number.isInteger(x) || !Number.isInteger(y)) return -1;
    if (!(x >= 0 && y >= 0 && x < this.width && y < this.height)) return -1;
    const b = this.data.sectorBlock[(y >> this.shift) * this.data.sectorsX + (x >> this.shift)] as number;
    if (this.data.full === true) return y * this.width + x;
    return b < 0 ? -1 : (b << (2 * this.shift)) | ((y & this.mask) << this.shift) | (x & this.mask);
  }

  /** Cost from tile (x, y) to the goal; Infinity outside the corridor, on walls and where unreachable. */
  costAt(x: number, y: number): number {
    const s = this.slotOf(x, y);
    return s < 0 ? Number.POSITIVE_INFINITY : (this.data.cost[s] as number);
  }

  /** Direction index of the first step from (x, y); 255 (NO_DIRECTION) at the goal, outside and unreachable. */
  dirAt(x: number, y: number): number {
    const s = this.slotOf(x, y);
    return s < 0 ? 255 : (this.data.dir[s] as number);
  }

  /**
   * The same field as an ordinary full-size field (Infinity and 255 outside the corridor), for the functions that
   * take a `Field` (`nextStep`, `pathFromField`, crowds). Costs O(map) time and 9 bytes per tile.
   */
  toField(out?: FieldOut): Field {
    const { width, height } = this;
    const size = width * height;
    const own = ownOptions(out, 'out', 'an object { cost?, dir? }');
    const cost = own.cost ?? allocating('field costs', size * 8, () => new Float64Array(size));
    const dir = own.dir ?? allocating('field directions', size, () => new Uint8Array(size));
    if (typedArrayName(cost) !== 'Float64Array') throw new InvalidOptionError('out.cost', cost, 'a Float64Array');
    if (typedArrayName(dir) !== 'Uint8Array') throw new InvalidOptionError('out.dir', dir, 'a Uint8Array');
    if (cost.length !== size) throw new OutOfRangeError('out.cost.length', cost.length, `${size} (grid size)`);
    if (dir.length !== size) throw new OutOfRangeError('out.dir.length', dir.length, `${size} (grid size)`);
    if (this.data.full === true) {
      cost.set(this.data.cost);
      dir.set(this.data.dir);
      return this.fieldOver(cost, dir);
    }
    cost.fill(Number.POSITIVE_INFINITY);
    dir.fill(255);
    const { blockSector, sectorsX } = this.data;
    const side = this.sectorSize;
    for (let b = 0; b < blockSector.length; b++) {
      const s = blockSector[b] as number;
      const sx = s % sectorsX;
      const x0 = sx * side;
      const y0 = ((s - sx) / sectorsX) * side;
      const w = Math.min(side, width - x0);
      const h = Math.min(side, height - y0);
      for (let ly = 0; ly < h; ly++) {
        const from = (b << (2 * this.shift)) | (ly << this.shift);
        const to = (y0 + ly) * width + x0;
        cost.set(this.data.cost.subarray(from, from + w), to);
        dir.set(this.data.dir.subarray(from, from + w), to);
      }
    }
    return this.fieldOver(cost, dir);
  }

  /** A Field over `cost` and `dir` with this field's sizes, version and grid id. */
  private fieldOver(cost: Float64Array, dir: Uint8Array): Field {
    const { width, height } = this;
    const field: Field = { width, height, cost, dir, gridVersion: this.data.gridVersion };
    if (this.data.gridId !== undefined) field.gridId = this.data.gridId;
    return field;
  }
}

/** Scratch of the corridor planning of one graph (per thread). */
export class CorridorFieldQuery {
  readonly corridor = new Corridor();
  targetMark = new Int32Array(0);
  visitMark = new Int32Array(0);
  mark = 0;
  sectorMark = new Int32Array(0);
  /** Sectors counted by `Corridor.dilatedCount`, stamped with `mark`. */
  dilateMark = new Int32Array(0);
}

/** A validated goal tile and value. */
interface PlannedGoal {
  x: number;
  y: number;
  value: number;
  maxCost: number;
  /** True when the corridor was replaced by every sector, for one full field. */
  full: boolean;
}

function resolveMargin(options: CorridorFieldOptions | undefined): {
  margin: number;
  maxCost: number;
  fullFieldAbove: number;
} {
  const own = ownOptions(options, 'options', 'an object { margin?, maxCost?, fullFieldAbove? }');
  const margin = own.margin ?? 1;
  if (!Number.isInteger(margin) || (margin as number) < 0 || (margin as number) > 8)
    throw new OutOfRangeError('margin', margin, 'an integer from 0 to 8');
  const maxCost = own.maxCost ?? Number.POSITIVE_INFINITY;
  if (typeof maxCost !== 'number' || !(maxCost >= 0)) throw new OutOfRangeError('maxCost', maxCost, 'a number >= 0');
  const fullFieldAbove = own.fullFieldAbove ?? DEFAULT_FULL_FIELD_ABOVE;
  if (typeof fullFieldAbove !== 'number' || !(fullFieldAbove >= 0 && fullFieldAbove <= 1))
    throw new OutOfRangeError('fullFieldAbove', fullFieldAbove, 'a number from 0 to 1');
  return { margin: margin as number, maxCost, fullFieldAbove };
}

/** Largest goal value accepted (beyond it, adding a step's cost would be lost to rounding). */
const MAX_GOAL_VALUE = 4_503_599_627_370_496; // 2^52

/**
 * Checks the arguments of a corridor field on the calling thread and returns plain copies of them (the goal and
 * options as objects of own numbers, the starts as an Int32Array), ready to be posted to a worker.
 * @throws as `SectorGraph.corridorField`.
 */
export function checkCorridorArgs(
  grid: Grid,
  goal: Goal,
  starts: ArrayLike<number>,
  options: CorridorFieldOptions | undefined,
): { goal: Goal; starts: Int32Array; options: CorridorFieldOptions } {
  const g = ownOptions(goal, 'goal', 'an object { x, y, value? }');
  const value = g.value ?? 0;
  if (typeof value !== 'number' || !(Math.abs(value) <= MAX_GOAL_VALUE))
    throw new OutOfRangeError('goal.value', value, 'a number from -2^52 to 2^52');
  grid.assertWalkable('goal', g.x as number, g.y as number);
  const count = arrayLength(starts, 'starts', 'x, y pairs (an array or Int32Array of even length)');
  if (count % 2 !== 0)
    throw new InvalidOptionError('starts', starts, 'x, y pairs (an array or Int32Array of even length)');
  const copy = new Int32Array(count);
  for (let i = 0; i < count; i += 2) {
    const x = starts[i] as number;
    const y = starts[i + 1] as number;
    grid.assertInside(`starts[${i / 2}]`, x, y);
    copy[i] = x;
    copy[i + 1] = y;
  }
  const { margin, maxCost, fullFieldAbove } = resolveMargin(options);
  return {
    goal: { x: g.x as number, y: g.y as number, value },
    starts: copy,
    options: { margin, maxCost, fullFieldAbove },
  };
}

/**
 * Plans the corridor of the routes from `starts` (x, y pairs) to `goal` into `fq.corridor`. Returns the goal.
 * @throws CoordinateError for a goal outside the grid or on a wall, or a start outside the grid.
 */
export function planCorridor(
  ctx: SectorContext,
  fq: CorridorFieldQuery,
  pq: PathQuery,
  goal: Goal,
  starts: ArrayLike<number>,
  options: CorridorFieldOptions | undefined,
): PlannedGoal {
  const { grid, data, shift, sectorsX, sectorsY, width, height } = ctx;
  const g = ownOptions(goal, 'goal', 'an object { x, y, value? }');
  const { margin, maxCost, fullFieldAbove } = resolveMargin(options);
  const value = g.value ?? 0;
  if (typeof value !== 'number' || !(Math.abs(value) <= MAX_GOAL_VALUE))
    throw new OutOfRangeError('goal.value', value, `a number from -2^52 to 2^52`);
  const goalX = g.x as number;
  const goalY = g.y as number;
  grid.assertWalkable('goal', goalX, goalY);
  const count = arrayLength(starts, 'starts', 'x, y pairs (an array or Int32Array of even length)');
  if (count % 2 !== 0)
    throw new InvalidOptionError('starts', starts, 'x, y pairs (an array or Int32Array of even length)');
  const nodes = data.nodeTile.length;
  if (fq.targetMark.length < nodes) {
    fq.targetMark = new Int32Array(nodes);
    fq.visitMark = new Int32Array(nodes);
  }
  const sectors = data.sectorNodeFirst.length;
  if (fq.sectorMark.length !== sectors) {
    fq.sectorMark = new Int32Array(sectors);
    fq.dilateMark = new Int32Array(sectors);
  }
  const mark = ++fq.mark;
  const corridor = fq.corridor;
  corridor.reset(sectors);
  pq.goal.load(ctx, goalX, goalY, true, -1);
  const goalSector = pq.goal.sector;
  corridor.add(goalSector);
  let targets = 0;
  let bx0 = width;
  let by0 = height;
  let bx1 = -1;
  let by1 = -1;
  for (let i = 0; i < count; i += 2) {
    const x = starts[i] as number;
    const y = starts[i + 1] as number;
    grid.assertInside(`starts[${i / 2}]`, x, y);
    if (grid.passable[y * width + x] === 0) continue;
    const s = (y >> shift) * sectorsX + (x >> shift);
    if (fq.sectorMark[s] === mark) continue;
    fq.sectorMark[s] = mark;
    corridor.add(s);
    const first = data.sectorNodeFirst[s] as number;
    const k = data.sectorNodeCount[s] as number;
    for (let j = 0; j < k; j++) {
      fq.targetMark[first + j] = mark;
      targets++;
    }
    const sx = s % sectorsX;
    const sy = (s - sx) / sectorsX;
    bx0 = Math.min(bx0, sx << shift);
    by0 = Math.min(by0, sy << shift);
    bx1 = Math.max(bx1, Math.min(width - 1, ((sx + 1) << shift) - 1));
    by1 = Math.max(by1, Math.min(height - 1, ((sy + 1) << shift) - 1));
  }
  // The corridor holds at least the units' sectors and the goal's with their margin: when they alone are too many,
  // the full field is decided without the route search.
  const limit = fullFieldAbove * sectors;
  let full = corridor.dilatedCount(margin, sectorsX, sectorsY, fq.dilateMark, mark) > limit;
  if (targets > 0 && !full) {
    const search = pq.abstract;
    search.backward(ctx, goalSector, pq.goal.cost, fq.targetMark, mark, targets, bx0, by0, bx1, by1);
    // Follow each settled target's route to the goal; routes merge, so stop at a node already followed.
    for (let s = 0; s < sectors; s++) {
      if (fq.sectorMark[s] !== mark) continue;
      const first = data.sectorNodeFirst[s] as number;
      const k = data.sectorNodeCount[s] as number;
      for (let j = 0; j < k; j++) {
        let n = first + j;
        if (!search.settled(n)) continue;
        while (n >= 0 && fq.visitMark[n] !== mark) {
          fq.visitMark[n] = mark;
          const t = data.nodeTile[n] as number;
          const y = (t / width) | 0;
          corridor.add((y >> shift) * sectorsX + ((t - y * width) >> shift));
          n = search.parent[n] as number;
        }
      }
    }
  }
  // Too wide a corridor costs more than one full field: take every sector, block = sector (corridor-full.ts).
  if (!full) {
    corridor.dilate(margin, sectorsX, sectorsY);
    full = corridor.blocks > limit;
  }
  if (full) {
    corridor.clear();
    for (let s = 0; s < sectors; s++) corridor.add(s);
  }
  return { x: goalX, y: goalY, value, maxCost, full };
}

/** Allocates the arrays of a corridor field for the planned corridor (shared when `shared`). */
export function allocateCorridorField(ctx: SectorContext, corridor: Corridor, goal: PlannedGoal, shared: boolean) {
  const sectors = ctx.data.sectorNodeFirst.length;
  const sectorBlock = int32Array(sectors, shared);
  sectorBlock.set(corridor.sectorBlock);
  const blockSector = int32Array(corridor.blocks, shared);
  blockSector.set(corridor.blockSector.subarray(0, corridor.blocks));
  const slots = goal.full ? ctx.width * ctx.height : corridor.blocks << (2 * ctx.shift);
  const data: CorridorFieldData = {
    width: ctx.width,
    height: ctx.height,
    shift: ctx.shift,
    sectorsX: ctx.sectorsX,
    sectorBlock,
    blockSector,
    cost: float64Array(slots, shared),
    dir: uint8Array(slots, shared),
    goalX: goal.x,
    goalY: goal.y,
    gridVersion: ctx.grid.version,
    gridId: ctx.grid.id,
    full: goal.full,
  };
  return data;
}

/** Fills a corridor field's arrays (the Dijkstra over its tiles). Returns the tiles settled. */
export function fillCorridorField(
  ctx: SectorContext,
  field: CorridorFieldData,
  goal: { value: number; maxCost: number },
  control?: KernelControl,
): number {
  if (field.full === true) return fillFullField(ctx, field, goal, control);
  startWork(control, field.cost.length);
  return fillCorridor(
    {
      width: ctx.width,
      height: ctx.height,
      shift: ctx.shift,
      sectorsX: ctx.sectorsX,
      passable: ctx.passable,
      terrain: ctx.terrain,
      metric: ctx.metric,
      rule: ctx.rule,
      sectorBlock: field.sectorBlock,
      blockSector: field.blockSector,
      cost: field.cost,
      dir: field.dir,
      goalX: field.goalX,
      goalY: field.goalY,
      goalValue: goal.value,
      maxCost: goal.maxCost,
    },
    control,
  );
}

/** See `SectorGraph.corridorField`. */
export function corridorField(
  ctx: SectorContext,
  fq: CorridorFieldQuery,
  pq: PathQuery,
  goal: Goal,
  starts: ArrayLike<number>,
  options: CorridorFieldOptions | undefined,
  control?: KernelControl,
): CorridorField {
  const planned = planCorridor(ctx, fq, pq, goal, starts, options);
  const data = allocateCorridorField(ctx, fq.corridor, planned, false);
  fq.corridor.clear();
  fillCorridorField(ctx, data, planned, control);
  return new CorridorField(data);
}
