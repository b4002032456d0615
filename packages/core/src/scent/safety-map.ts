import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { computeField, computeFieldFromSeeds } from '../fields/index.js';
import type { Field, FieldOut, Metric, MoveOptions } from '../fields/types.js';
import { checkGrid } from '../grid/check-grid.js';
import { Grid } from '../grid/grid.js';
import { type Point, readPoint } from '../grid/point.js';
import { bare, ownOptions } from '../util/own-options.js';
import { type KernelRunOptions, readRunOptions } from '../util/run-options.js';

/** Options of {@link safetyField} and {@link safetyMap}. */
export interface SafetyMapOptions extends MoveOptions, KernelRunOptions {
  /**
   * Multiplies the distance from the nearest threat before the second pass: a finite number below 0 (no unit).
   * A unit leaves its tile for a tile `D - d` farther from the
   * threat when the walk there is shorter than `|coefficient| * (D - d)`: the more negative, the more readily
   * it runs past the threat to a far exit instead of staying in a nearby dead end; between -1 and 0 it tends
   * to stay in corners. -1.2 (the "Dijkstra maps" write-up's value) leaves the cornered unit of the scent-map
   * article's 9x9 level in its corner; -2 and beyond (Brogue multiplies by -3) take it past the threat and out.
   * @defaultValue {@link DEFAULT_SAFETY_COEFFICIENT} (-2)
   */
  coefficient?: number;
  /**
   * How moves are priced in both passes: `steps`, `octile` or `weighted`.
   * @defaultValue `'octile'` (`DEFAULT_METRIC`)
   */
  metric?: Metric;
  /**
   * Range of the threat, in cost units: tiles farther than this from every threat are not seeded (they get
   * values through the second pass only), so units stop fleeing about this far away.
   * @defaultValue Infinity (no limit)
   */
  maxCost?: number;
  /**
   * Treat threat tiles as walls in the second pass (the flee map of thrig's post does the same with the player's tile:
   * "do not flee through the worst of it"), so no path runs through a threat; their cost is Infinity and dir
   * 255.
   * @defaultValue true
   */
  blockThreats?: boolean;
  /**
   * Arrays to fill in place (each `width * height` long).
   * @defaultValue undefined (meaning new arrays are allocated)
   */
  out?: FieldOut;
}

/** Largest magnitude of a safety seed (coefficient times distance): 2^53. */
const MAX_SAFETY_SEED = 2 ** 53;

/**
 * Default safety-map coefficient: -2. (It was -1.2, the value of Brian Walker's "The Incredible Power of
 * Dijkstra Maps", until 0.2: too weak for small rooms, see {@link SafetyMapOptions.coefficient}.)
 */
export const DEFAULT_SAFETY_COEFFICIENT = -2;

/** Defaults of {@link SafetyMapOptions}. */
export const DEFAULT_SAFETY_MAP_OPTIONS: Readonly<Required<Omit<SafetyMapOptions, 'out' | keyof KernelRunOptions>>> =
  Object.freeze({
    coefficient: DEFAULT_SAFETY_COEFFICIENT,
    metric: 'octile',
    neighbors: 8,
    diagonal: 'if-both-free',
    maxCost: Number.POSITIVE_INFINITY,
    blockThreats: true,
  });

let scratchCost = new Float64Array(0);
let scratchDir = new Uint8Array(0);
let scratchGrid: Grid | null = null;

/** A reused unshared copy of `grid` (passability and terrain) for the second pass. */
function blockedCopy(grid: Grid): Grid {
  const hasTerrain = grid.terrain !== null;
  let copy = scratchGrid;
  if (!copy || copy.width !== grid.width || copy.height !== grid.height || (copy.terrain !== null) !== hasTerrain) {
    copy = Grid.create(grid.width, grid.height, { shared: false, terrain: hasTerrain });
    scratchGrid = copy;
  }
  copy.passable.set(grid.passable);
  if (copy.terrain && grid.terrain) copy.terrain.set(grid.terrain);
  return copy;
}

/**
 * Brogue's safety map, the better flee map that thrig's "Scent Map II: Vectoric Boogaloo" points to. First an exact distance field from the
 * nearest threat (`computeField`, any metric); each tile's distance times `coefficient` (negative) becomes its
 * starting cost; then a second Dijkstra pass (`computeFieldFromSeeds`) relaxes those seeds, so a tile's value
 * is the best "far from the threat" value reachable from it, minus the walk there. Units flee by DESCENDING
 * the cost (or following `dir`): a cornered unit runs past the threat towards the exits instead of into the
 * dead end, since the far tiles pull harder than the corner's own distance.
 *
 * Cost per tile `y * width + x`, in cost units (negative where fleeing makes sense); Infinity on walls, on
 * threat tiles (with `blockThreats`) and on tiles no threat can reach (nothing to flee from there).
 * `dir` holds the next step downhill as a `DIRECTIONS` index, 255 where there is none (local minima, walls).
 * Time: two field passes, O(tiles); scratch arrays are reused between calls.
 * @throws CoordinateError naming `threats[i]` when a threat is outside the grid or on a wall.
 * @throws InvalidOptionError for an empty threat list or bad options; OutOfRangeError naming `coefficient`
 *   unless it is a finite number below 0 whose product with every distance from a threat is above -2^53; the
 *   option errors of `computeField`.
 * @throws AbortError when `options.control` asks to stop.
 * Options are read from own properties; InvalidOptionError for a bad `control` or a `grid` that is not a Grid.
 */
export function safetyField(grid: Grid, threats: readonly Point[], options: SafetyMapOptions = {}): Field {
  checkGrid(grid);
  if (!Array.isArray(threats) || threats.length === 0) {
    throw new InvalidOptionError('threats', threats, 'an array of at least one { x, y }');
  }
  // Each threat read once (a getter or a Proxy cannot change it between the check and the use).
  const goals: { x: number; y: number }[] = [];
  for (let i = 0; i < threats.length; i++) {
    const { x, y } = readPoint(threats[i], `threats[${i}]`);
    grid.assertWalkable(`threats[${i}]`, x, y);
    goals.push(bare({ x, y }));
  }
  const o = ownOptions(options, 'options');
  const coefficient = o.coefficient ?? DEFAULT_SAFETY_COEFFICIENT;
  if (typeof coefficient !== 'number' || !(coefficient < 0) || !Number.isFinite(coefficient)) {
    throw new OutOfRangeError('coefficient', coefficient, 'a finite number below 0');
  }
  const blockThreats = o.blockThreats ?? true;
  if (typeof blockThreats !== 'boolean') throw new InvalidOptionError('blockThreats', blockThreats, 'a boolean');
  const control = readRunOptions(o, 'safety map');
  const moves: MoveOptions & { metric?: Metric } = bare({});
  if (o.metric !== undefined) moves.metric = o.metric;
  if (o.neighbors !== undefined) moves.neighbors = o.neighbors;
  if (o.diagonal !== undefined) moves.diagonal = o.diagonal;
  const size = grid.width * grid.height;
  if (scratchCost.length !== size) {
    scratchCost = new Float64Array(size);
    scratchDir = new Uint8Array(size);
  }
  // Objects without a prototype: the field kernels cannot read an option inherited from Object.prototype either.
  const distance = computeField(
    grid,
    bare({
      goals,
      ...moves,
      ...(o.maxCost === undefined ? {} : { maxCost: o.maxCost }),
      out: bare({ cost: scratchCost, dir: scratchDir }),
      ...(control === undefined ? {} : { control }),
    }),
  ).cost;
  // PERF: the distances become the seeds in place; Infinity (unreached) stays "not a seed".
  let farthest = 0;
  for (let i = 0; i < size; i++) {
    const d = distance[i] as number;
    if (d !== Number.POSITIVE_INFINITY) {
      distance[i] = coefficient * d;
      if (d > farthest) farthest = d;
    }
  }
  // The second pass needs seeds within the safe integers (beyond, cost steps of 1 vanish in rounding).
  if (-coefficient * farthest >= MAX_SAFETY_SEED)
    throw new OutOfRangeError(
      'coefficient',
      coefficient,
      `a number below 0 whose product with the largest distance from a threat (${farthest}) is above -2^53`,
    );
  const gridVersion = grid.version;
  let second = grid;
  if (blockThreats) {
    second = blockedCopy(grid);
    for (const t of goals) {
      const i = t.y * grid.width + t.x;
      second.passable[i] = 0;
      distance[i] = Number.POSITIVE_INFINITY;
    }
  }
  const field = computeFieldFromSeeds(
    second,
    distance,
    bare({ ...moves, ...(o.out === undefined ? {} : { out: o.out }), ...(control === undefined ? {} : { control }) }),
  );
  field.gridVersion = gridVersion;
  field.gridId = grid.id;
  return field;
}

/**
 * The cost array of {@link safetyField}: a Float64Array per tile that units descend to flee (Infinity on walls,
 * threat tiles and tiles no threat reaches). Use {@link safetyField} to get the direction array too.
 */
export function safetyMap(grid: Grid, threats: readonly Point[], options: SafetyMapOptions = {}): Float64Array {
  return safetyField(grid, threats, options).cost;
}
