import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { checkGrid } from '../grid/check-grid.js';
import type { Grid } from '../grid/grid.js';
import type { Point } from '../grid/point.js';
import type { ConvexSets } from '../sets/convex-sets.js';
import { setCostsFrom } from '../sets/set-costs.js';
import {
  fieldCostAt,
  SET_FIELD_UNREACHABLE_I32,
  SET_FIELD_UNREACHABLE_U16,
  type SetFields,
  type SetMoveOptions,
} from '../sets/set-fields.js';
import { checkNumber } from '../util/check-number.js';
import { typedArrayName } from '../util/describe-value.js';
import { bare, ownOptions, recordOf } from '../util/own-options.js';
import { type RandomSource, randomInt } from '../util/random.js';
import type { ResumableTask } from '../util/task.js';
import { type TacticConstants, type TacticShapeOptions, tacticConstants } from './criteria.js';
import { flankTest, retreatTest } from './keep-tests.js';
import { checkSetFields, checkSetsArg, readTilePoint } from './tactic-args.js';

/** Which search: flank (approach from the side) or retreat (fall back behind the player). */
export type TacticKind = 'flank' | 'retreat';

/**
 * Per-set costs of both characters: `me[s]` moves from the player's tile into set `s`, `target[s]` from the
 * target's tile; -1 where unreachable. Made by `setCostsFrom` (on this thread or in a worker).
 */
export interface SetCostPair {
  /** Moves from the player's tile into each set (-1 where unreachable), one entry per set. */
  me: Int32Array;
  /** Moves from the target's tile into each set (-1 where unreachable), one entry per set. */
  target: Int32Array;
}

/**
 * Where set costs come from:
 * - `'two-field'` (default): one `steps` field from each character reduced per set (`setCostsFrom`); needs no
 *   per-set fields; costs two BFS over the map.
 * - a {@link SetFields} object (per-set fields, `buildSetFields`): O(1) per set.
 * - a {@link SetCostPair} computed beforehand (for example in the worker pool).
 */
export type TacticCostSource = 'two-field' | SetFields | SetCostPair;

/** Options of the flank/retreat searches. */
export interface TacticSearchOptions extends TacticShapeOptions, SetMoveOptions {
  /**
   * Stop after this many kept sets, a count: an integer >= 1 or Infinity. The default is the flanking tutorial's:
   * its C buffer has 256 slots, but the search ends when its `unsigned char` index reaches 255
   * (`bufferIndex == 255`), so it keeps at most 255 sets; we match that so the same map picks from the same sets.
   * @defaultValue {@link DEFAULT_MAX_CANDIDATES} (255)
   */
  maxCandidates?: number;
  /**
   * Where set costs come from.
   * @defaultValue `'two-field'`
   */
  costs?: TacticCostSource;
}

/** Options of {@link createTacticSearch}: a search split into slices. */
export interface TacticTaskOptions extends TacticSearchOptions {
  /**
   * Most sets examined per `step` call, a count: an integer >= 1 or Infinity.
   * @defaultValue {@link DEFAULT_SETS_PER_STEP} (2048)
   */
  setsPerStep?: number;
}

/**
 * Default {@link TacticSearchOptions.maxCandidates}: 255, where the search of "Flanking / Retreating" stops
 * (`bufferIndex == 255` on its 256-slot buffer; 0.1 and earlier kept 256).
 */
export const DEFAULT_MAX_CANDIDATES = 255;
/** Default {@link TacticTaskOptions.setsPerStep}: 2048 sets per slice. */
export const DEFAULT_SETS_PER_STEP = 2048;
/** Sets examined between two reads of the clock inside one step. */
const CLOCK_EVERY = 128;

/** The outcome of one flank or retreat search. */
export interface TacticSearchResult {
  /** Which search ran: `flank` or `retreat`. */
  kind: TacticKind;
  /** The set the player stands in. */
  mySet: number;
  /** The set the target stands in. */
  targetSet: number;
  /** The decision's constants; null when both stand in one set or cannot reach each other (no candidates). */
  constants: TacticConstants | null;
  /** Ids of the kept sets, ascending (at most `maxCandidates`). */
  candidates: Int32Array;
  /** Number of sets examined (all of them unless the buffer filled up). */
  examined: number;
}

function positiveCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 1)))
    throw new OutOfRangeError(name, value, 'an integer >= 1 or Infinity');
  return value;
}

function isSetFields(source: TacticCostSource): source is SetFields {
  return typeof source === 'object' && 'dir' in source && 'size' in source;
}

/** Throws InvalidOptionError unless `costs` is a SetCostPair of two Int32Arrays of at least `count` entries. */
function checkCostPair(costs: SetCostPair, count: number): void {
  if (
    typedArrayName(costs.me) !== 'Int32Array' ||
    typedArrayName(costs.target) !== 'Int32Array' ||
    costs.me.length < count ||
    costs.target.length < count
  )
    throw new InvalidOptionError('costs', costs, `a SetCostPair of two Int32Arrays with ${count} costs each`);
}

/** A flank or retreat search's arguments, checked and read once (own properties only). */
export interface TacticSearchArgs {
  kind: TacticKind;
  mine: Point;
  theirs: Point;
  meTile: number;
  targetTile: number;
  mySet: number;
  targetSet: number;
  count: number;
  maxCandidates: number;
  setsPerStep: number;
  source: TacticCostSource;
  keeps: typeof flankTest;
  options: Partial<TacticTaskOptions>;
}

/**
 * Checks and reads the arguments of a flank or retreat search (the one place both the frame-budgeted task and the
 * worker pool's search do it).
 * @throws CoordinateError when `me` or `target` is outside the grid or on a wall; InvalidOptionError or
 *   OutOfRangeError for a bad argument or option.
 */
export function readTacticSearch(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  kind: TacticKind,
  options: TacticTaskOptions,
): TacticSearchArgs {
  checkGrid(grid);
  checkSetsArg(grid, sets);
  if (kind !== 'flank' && kind !== 'retreat') throw new InvalidOptionError('kind', kind, "'flank' or 'retreat'");
  const mine = readTilePoint(me, 'me');
  const theirs = readTilePoint(target, 'target');
  grid.assertWalkable('me', mine.x, mine.y);
  grid.assertWalkable('target', theirs.x, theirs.y);
  const o = ownOptions(options, 'options');
  const maxCandidates = positiveCount('maxCandidates', o.maxCandidates ?? DEFAULT_MAX_CANDIDATES);
  const setsPerStep = positiveCount('setsPerStep', o.setsPerStep ?? DEFAULT_SETS_PER_STEP);
  const source = o.costs ?? 'two-field';
  if (source !== 'two-field' && (source === null || typeof source !== 'object'))
    throw new InvalidOptionError('costs', source, "'two-field', per-set fields or a SetCostPair");
  const count = sets.count;
  if (isSetFields(source)) checkSetFields(grid, sets, source, 'costs');
  if (!isSetFields(source) && typeof source === 'object') checkCostPair(source, count);
  const meTile = mine.y * grid.width + mine.x;
  const targetTile = theirs.y * grid.width + theirs.x;
  const mySet = sets.setOf[meTile] as number;
  const targetSet = sets.setOf[targetTile] as number;
  if (!(mySet >= 0 && mySet < count && targetSet >= 0 && targetSet < count))
    throw new InvalidOptionError('sets', sets, `convex sets whose setOf holds set ids below count (${count})`);
  const keeps = kind === 'flank' ? flankTest : retreatTest;
  return {
    kind,
    mine,
    theirs,
    meTile,
    targetTile,
    mySet,
    targetSet,
    count,
    maxCandidates,
    setsPerStep,
    source,
    keeps,
    options: o,
  };
}

/**
 * The two columns of per-set fields the scan reads: the costs from the player's and the target's tiles into every
 * set (unreachable as -1, as setFieldCost). PERF: one strided read per set; the scan then reads two contiguous
 * arrays whatever the source.
 */
export function setFieldColumns(fields: SetFields, meTile: number, targetTile: number, count: number): SetCostPair {
  const mineCosts = new Int32Array(count);
  const theirCosts = new Int32Array(count);
  const raw = fields.cost;
  const size = fields.size;
  const gone = raw instanceof Uint16Array ? SET_FIELD_UNREACHABLE_U16 : SET_FIELD_UNREACHABLE_I32;
  for (let set = 0, at = 0; set < count; set++, at += size) {
    const m = raw[at + meTile] as number; // PERF: at + tile < count * size
    const t = raw[at + targetTile] as number;
    mineCosts[set] = m === gone ? -1 : m;
    theirCosts[set] = t === gone ? -1 : t;
  }
  return { me: mineCosts, target: theirCosts };
}

/**
 * Examines sets `[from, to)` of a cost pair, writing the kept ones into `found` from index `kept`, until
 * `maxCandidates` are kept or `stop()` (asked every 128 sets) says so. Returns the next set and the count kept.
 * PERF: two typed-array reads and a few integer comparisons per set.
 */
export function scanSets(
  pair: SetCostPair,
  c: TacticConstants,
  keeps: typeof flankTest,
  from: number,
  to: number,
  found: Int32Array,
  kept: number,
  maxCandidates: number,
  stop: () => boolean,
): { next: number; kept: number } {
  const mine = pair.me;
  const theirs = pair.target;
  let s = from;
  while (s < to) {
    if (keeps(mine[s] as number, theirs[s] as number, c)) {
      found[kept++] = s;
      if (kept >= maxCandidates) return { next: s + 1, kept };
    }
    s++;
    if ((s & (CLOCK_EVERY - 1)) === 0 && stop()) break;
  }
  return { next: s, kept };
}

/**
 * The full flank or retreat search over all sets as a {@link ResumableTask}: each `step(deadline)` examines at
 * most `setsPerStep` sets and stops early when `performance.now()` reaches `deadline`; the result equals the
 * one-shot search. With `costs: 'two-field'` the first step first computes both characters' fields (two BFS,
 * not split); pass precomputed costs (a {@link SetCostPair} from workers, or per-set fields) to keep every
 * step short. The work begins at the first `step`.
 * Options are read from own properties; `step(deadline)` takes a number (milliseconds on the `performance.now()`
 * clock).
 * @throws CoordinateError when `me` or `target` is outside the grid or on a wall (at creation);
 *   InvalidOptionError or OutOfRangeError for a bad argument or option.
 */
export function createTacticSearch(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  kind: TacticKind,
  options: TacticTaskOptions = {},
): ResumableTask<TacticSearchResult> {
  const a = readTacticSearch(grid, sets, me, target, kind, options);
  const { mine, theirs, meTile, targetTile, mySet, targetSet, count, maxCandidates, setsPerStep, source, keeps } = a;
  const o = a.options;
  const found = new Int32Array(Math.min(maxCandidates, Math.max(count, 1)));

  let fields: SetFields | null = null;
  let pair: SetCostPair | null = null;
  let constants: TacticConstants | null = null;
  let started = false;
  let done = mySet === targetSet;
  let next = 0;
  let kept = 0;

  const costOf = (tile: number, set: number, mine: boolean): number =>
    fields ? fieldCostAt(fields, tile, set) : ((mine ? pair?.me[set] : pair?.target[set]) as number);

  const start = (): void => {
    started = true;
    if (done) return;
    if (isSetFields(source)) fields = source;
    else if (source === 'two-field')
      pair = {
        me: setCostsFrom(grid, sets, mine, o),
        target: setCostsFrom(grid, sets, theirs, o),
      };
    else pair = source;
    const myCost = costOf(meTile, targetSet, true);
    const targetCost = costOf(targetTile, mySet, false);
    if (myCost < 0 || targetCost < 0) {
      done = true; // they cannot reach each other: no set is reachable by both
      return;
    }
    constants = tacticConstants(myCost, targetCost, o);
    if (fields) pair = setFieldColumns(fields, meTile, targetTile, count);
  };

  return {
    step(deadline: number): boolean {
      checkNumber('deadline', deadline);
      if (!started) start();
      if (done) return true;
      const end = Math.min(count, next + setsPerStep);
      // One loop for every cost source: start() put per-set field costs into a SetCostPair.
      const scanned = scanSets(
        pair as SetCostPair,
        constants as TacticConstants,
        keeps,
        next,
        end,
        found,
        kept,
        maxCandidates,
        () => performance.now() >= deadline,
      );
      const s = scanned.next;
      if (scanned.kept >= maxCandidates) done = true;
      kept = scanned.kept;
      next = s;
      if (next >= count) done = true;
      return done;
    },
    result(): TacticSearchResult {
      if (!done) throw new InvalidOptionError('result', 'unfinished', 'a task whose step() returned true');
      return { kind, mySet, targetSet, constants, candidates: found.slice(0, kept), examined: next };
    },
    progress(): number {
      return done ? 1 : count === 0 ? 0 : next / count;
    },
  };
}

/** The one-shot search: {@link createTacticSearch} run to the end on this thread. */
export function searchTactic(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  kind: TacticKind,
  options: TacticSearchOptions = {},
): TacticSearchResult {
  const own = ownOptions(options, 'options');
  const task = createTacticSearch(
    grid,
    sets,
    me,
    target,
    kind,
    bare({ ...own, setsPerStep: Number.POSITIVE_INFINITY }),
  );
  while (!task.step(Number.POSITIVE_INFINITY)) {
    // runs in one step; the loop only guards the contract
  }
  return task.result();
}

/** The `mode` option of the functions that serve both searches. */
export interface TacticModeOptions {
  /** Which search: `flank` (the flanking tutorial's flank test) or `retreat` (its retreat test). Required. */
  mode: TacticKind;
}

/** Reads the required own `mode` option. */
function readMode(options: unknown): TacticKind {
  const mode = ownOptions(options as TacticModeOptions, 'options', '{ mode, ... }').mode;
  if (mode !== 'flank' && mode !== 'retreat') throw new InvalidOptionError('mode', mode, "'flank' or 'retreat'");
  return mode;
}

/**
 * Ids of every set the tutorial's test of `options.mode` keeps, ascending (at most `maxCandidates`, default 255).
 * Flank: sets with `|m - t| <= hyperbola`, `m + t >= smallEllipse` and `m + t <= largeEllipse`; retreat: sets with
 * `m <= t`, `t - m >= hyperbola`, `t >= circle` and `m <= circle`; `m` and `t` the moves from the player and from
 * the target into the set. Unreachable sets are never kept; empty when both share one set. The same as
 * `searchTactic(grid, sets, me, target, mode, options).candidates`.
 * @throws InvalidOptionError when `mode` is missing or not `'flank'` or `'retreat'`; as {@link searchTactic}.
 */
export function tacticCandidates(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  options: TacticSearchOptions & TacticModeOptions,
): Int32Array {
  return searchTactic(grid, sets, me, target, readMode(options), options).candidates;
}

/**
 * Picks one candidate uniformly with `random`, or the player's own set when there is none (as the flanking tutorial).
 * @throws InvalidOptionError when `result` is not a search result or `random` not a function; OutOfRangeError
 *   when `random()` returns something outside [0, 1).
 */
export function pickCandidate(result: TacticSearchResult, random: RandomSource = Math.random): number {
  const r = recordOf<TacticSearchResult>(result, 'result', 'a TacticSearchResult');
  const candidates = r.candidates;
  if (typedArrayName(candidates) !== 'Int32Array')
    throw new InvalidOptionError('result.candidates', candidates, 'an Int32Array of set ids');
  const n = candidates.length;
  return n === 0 ? checkNumber('result.mySet', r.mySet) : (candidates[randomInt(random, n)] as number);
}

/** Options of {@link chooseTacticSet}. */
export interface ChooseSetOptions extends TacticSearchOptions, TacticModeOptions {
  /**
   * Random source for the pick (for example `createRandom(seed)`).
   * @defaultValue `Math.random`
   */
  random?: RandomSource;
}

/** The own `random` option (checked by the search's ownOptions first), or undefined. */
function randomOption(options: ChooseSetOptions): RandomSource | undefined {
  return ownOptions(options, 'options').random;
}

/**
 * The flanking tutorial's `ai_flank_get_convex_set` (`mode: 'flank'`) or `ai_retreat_get_convex_set`
 * (`mode: 'retreat'`): a random candidate of that search, or the player's own set when there is none.
 * @throws InvalidOptionError when `mode` is missing or not `'flank'` or `'retreat'`; as {@link searchTactic}.
 */
export function chooseTacticSet(
  grid: Grid,
  sets: ConvexSets,
  me: Point,
  target: Point,
  options: ChooseSetOptions,
): number {
  const mode = readMode(options);
  return pickCandidate(searchTactic(grid, sets, me, target, mode, options), randomOption(options));
}
