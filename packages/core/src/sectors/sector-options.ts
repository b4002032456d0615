import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { DEFAULT_METRIC, DEFAULT_NEIGHBORS, METRICS, type Metric, type MoveOptions } from '../fields/types.js';
import { DEFAULT_DIAGONAL_RULE, DIAGONAL_RULES, type DiagonalRule } from '../grid/directions.js';

/** Options of {@link buildSectorGraph}: the move rules of the fields, and how the map is cut into sectors. */
export interface SectorGraphOptions extends MoveOptions {
  /**
   * How moves are priced, as for fields.
   * @defaultValue {@link DEFAULT_METRIC} (`'octile'`)
   */
  metric?: Metric;
  /**
   * Side of a square sector in tiles: a power of two from 8 to 256 (sectors on the right and bottom edges are
   * cut to the map). Smaller sectors build faster on cluttered maps (the build work grows with the side) but
   * make more entrances for the route search; see the README section "Sector graphs" for the measurements
   * behind the default.
   * @defaultValue 64 ({@link DEFAULT_SECTOR_SIZE})
   */
  sectorSize?: number;
  /**
   * Entrance placement: a run of open tiles along a sector border shorter than this gets one entrance in its
   * middle, a longer run one at each end (the rule of HPA*, Botea, Müller and Schaeffer, "Near optimal
   * hierarchical path-finding"). An integer from 1 to 1024, in tiles.
   * @defaultValue 6 ({@link DEFAULT_ENTRANCE_SPLIT})
   */
  entranceSplit?: number;
  /**
   * Thinning of runs: a run shorter than `entranceSplit` gets no entrance of its own, and a longer run no
   * entrance at its first end, when the last entrance on its border joins the same two local regions and lies
   * fewer than this many tiles back (see entrances.ts). 1 keeps every run's entrance (plain HPA*). Larger values mean fewer entrances on cluttered
   * maps: a faster build and route search, routes a little less direct. An integer from 1 to 1024, in tiles.
   * @defaultValue 16 ({@link DEFAULT_ENTRANCE_SPACING})
   */
  entranceSpacing?: number;
  /**
   * Entrances inside long runs: a run of open border longer than this gets entrances between its ends too,
   * evenly spaced at most this many tiles apart, so that a route crossing a wide opening never has to swerve far
   * to an entrance (with entrances only at the ends of a run, routes across open ground and the choice between
   * them can be several percent dearer than the best path). 0 puts entrances only at the ends (plain HPA*).
   * An integer from 0 to 1024, in tiles.
   * @defaultValue 24 ({@link DEFAULT_ENTRANCE_GAP})
   */
  entranceGap?: number;
  /**
   * Landmarks for the route search (ALT): entrances whose costs to every entrance are kept, giving a tighter
   * estimate than the straight-line bound (see landmarks.ts). 4 bytes per entrance each. Unused with the
   * `weighted` metric. An integer from 0 (none) to 32.
   * @defaultValue 8 ({@link DEFAULT_LANDMARKS})
   */
  landmarks?: number;
}

/** Default {@link SectorGraphOptions.sectorSize}. */
export const DEFAULT_SECTOR_SIZE = 64;
/** Smallest {@link SectorGraphOptions.sectorSize}. */
export const MIN_SECTOR_SIZE = 8;
/** Largest {@link SectorGraphOptions.sectorSize}. */
export const MAX_SECTOR_SIZE = 256;
/** Default {@link SectorGraphOptions.entranceSplit}. */
export const DEFAULT_ENTRANCE_SPLIT = 6;
/** Default {@link SectorGraphOptions.entranceSpacing}. */
export const DEFAULT_ENTRANCE_SPACING = 16;
/** Default {@link SectorGraphOptions.entranceGap}. */
export const DEFAULT_ENTRANCE_GAP = 24;
/** Default {@link SectorGraphOptions.landmarks}. */
export const DEFAULT_LANDMARKS = 8;

/** Metric codes of the sector kernels. */
export const M_STEPS = 0;
export const M_OCTILE = 1;
export const M_WEIGHTED = 2;
/** Diagonal rule codes: no diagonal moves (also with 4 neighbours), always, if one side is free, if both are. */
export const R_NEVER = 0;
export const R_ALWAYS = 1;
export const R_ONE_FREE = 2;
export const R_BOTH_FREE = 3;

/** Options after validation, as small integers for the kernels. */
export interface SectorRules {
  metric: number;
  rule: number;
  /** Sector side, a power of two. */
  size: number;
  /** log2 of `size`. */
  shift: number;
  split: number;
  spacing: number;
  gap: number;
  landmarks: number;
}

function own<T extends object, K extends keyof T>(options: T, key: K): T[K] | undefined {
  return Object.hasOwn(options, key) ? options[key] : undefined;
}

/** Validates the options; throws InvalidOptionError or OutOfRangeError naming the bad value. */
export function resolveSectorOptions(options: SectorGraphOptions | undefined): SectorRules {
  if (options !== undefined && (typeof options !== 'object' || options === null))
    throw new InvalidOptionError('options', options, 'an object { metric?, neighbors?, diagonal?, sectorSize?, ... }');
  const o = options ?? {};
  const metric: Metric = own(o, 'metric') ?? DEFAULT_METRIC;
  const m = METRICS.indexOf(metric);
  if (m < 0) throw new InvalidOptionError('metric', metric, METRICS.join(', '));
  const neighbors = own(o, 'neighbors') ?? DEFAULT_NEIGHBORS;
  if (neighbors !== 4 && neighbors !== 8) throw new InvalidOptionError('neighbors', neighbors, '4 or 8');
  const diagonal: DiagonalRule = own(o, 'diagonal') ?? DEFAULT_DIAGONAL_RULE;
  if (!DIAGONAL_RULES.includes(diagonal)) throw new InvalidOptionError('diagonal', diagonal, DIAGONAL_RULES.join(', '));
  const size = own(o, 'sectorSize') ?? DEFAULT_SECTOR_SIZE;
  if (!Number.isInteger(size) || size < MIN_SECTOR_SIZE || size > MAX_SECTOR_SIZE || (size & (size - 1)) !== 0)
    throw new OutOfRangeError('sectorSize', size, `a power of two from ${MIN_SECTOR_SIZE} to ${MAX_SECTOR_SIZE}`);
  const split = own(o, 'entranceSplit') ?? DEFAULT_ENTRANCE_SPLIT;
  if (!Number.isInteger(split) || split < 1 || split > 1024)
    throw new OutOfRangeError('entranceSplit', split, 'an integer from 1 to 1024');
  const spacing = own(o, 'entranceSpacing') ?? DEFAULT_ENTRANCE_SPACING;
  if (!Number.isInteger(spacing) || spacing < 1 || spacing > 1024)
    throw new OutOfRangeError('entranceSpacing', spacing, 'an integer from 1 to 1024');
  const gap = own(o, 'entranceGap') ?? DEFAULT_ENTRANCE_GAP;
  if (!Number.isInteger(gap) || gap < 0 || gap > 1024)
    throw new OutOfRangeError('entranceGap', gap, 'an integer from 0 to 1024');
  const landmarks = own(o, 'landmarks') ?? DEFAULT_LANDMARKS;
  if (!Number.isInteger(landmarks) || landmarks < 0 || landmarks > 32)
    throw new OutOfRangeError('landmarks', landmarks, 'an integer from 0 to 32');
  let rule = R_BOTH_FREE;
  if (neighbors === 4 || diagonal === 'never') rule = R_NEVER;
  else if (diagonal === 'always') rule = R_ALWAYS;
  else if (diagonal === 'if-one-free') rule = R_ONE_FREE;
  const metricCode = m === 0 ? M_STEPS : m === 1 ? M_OCTILE : M_WEIGHTED;
  return { metric: metricCode, rule, size, shift: 31 - Math.clz32(size), split, spacing, gap, landmarks };
}

/** The public options back from the codes (for results and workers). */
export function sectorOptionsOf(rules: SectorRules): Required<SectorGraphOptions> {
  return {
    metric: METRICS[rules.metric] as Metric,
    neighbors: rules.rule === R_NEVER ? 4 : 8,
    diagonal: (['never', 'always', 'if-one-free', 'if-both-free'] as const)[rules.rule] as DiagonalRule,
    sectorSize: rules.size,
    entranceSplit: rules.split,
    entranceSpacing: rules.spacing,
    entranceGap: rules.gap,
    landmarks: rules.landmarks,
  };
}
