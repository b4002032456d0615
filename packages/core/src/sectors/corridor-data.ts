/**
 * The options and the shareable arrays of corridor fields (see `CorridorField` in ./corridor-field.ts), and the
 * check of arrays handed to the `CorridorField` constructor.
 */
import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { MAX_GRID_SIDE } from '../grid/grid.js';
import { typedArrayName } from '../util/describe-value.js';
import { ownOptions } from '../util/own-options.js';

/** Options of `SectorGraph.corridorField`. */
export interface CorridorFieldOptions {
  /**
   * Sectors around the routes' sectors that the field covers too, an integer from 0 to 8.
   * @defaultValue 1
   */
  margin?: number;
  /**
   * Tiles whose cost would exceed this stay outside (Infinity), in cost units; a number >= 0.
   * @defaultValue Infinity (no limit)
   */
  maxCost?: number;
  /**
   * When the planned corridor holds more than this fraction of the map's sectors, one full field is computed
   * instead (the field kernels of `computeField`, WebAssembly where available, over the whole map) and presented
   * the same way, every tile covered (`CorridorField.fullField` is then true). Per tile, the corridor's
   * search costs about 2 to 6 times the full field's kernels (measured on the Berlin city map scaled to 2048²,
   * 4096² and 8192²), so a corridor over a quarter of the sectors costs about one full field, and one over all of
   * them up to 6; with the fallback a corridor field costs at most about one full field (plus the route search,
   * skipped when the units' own sectors and margins already pass the threshold). Below the threshold the
   * corridor also saves at least three quarters of the memory. A number from 0 to 1: 0 always computes the full
   * field, 1 never does.
   * @defaultValue 0.25
   */
  fullFieldAbove?: number;
}

/** The default of {@link CorridorFieldOptions.fullFieldAbove}: a fraction of the map's sectors. */
export const DEFAULT_FULL_FIELD_ABOVE = 0.25;

/** The arrays of a corridor field, shareable with workers (see `CorridorField`). */
export interface CorridorFieldData {
  /** Width of the grid, in tiles. */
  width: number;
  /** Height of the grid, in tiles. */
  height: number;
  /** log2 of the sector side. */
  shift: number;
  /** Sectors per row of the map. */
  sectorsX: number;
  /** Block of each sector (`sy * sectorsX + sx`), or -1 when the sector is outside the corridor. */
  sectorBlock: Int32Array;
  /** Sector of each block. */
  blockSector: Int32Array;
  /**
   * Cost to the goal per slot: slot `(block << 2 * shift) | (localY << shift) | localX` (in a full field, `full`:
   * slot `y * width + x`, as in a `Field`); Infinity where unreached.
   */
  cost: Float64Array;
  /** Direction index of the first step per slot; 255 at the goal, walls and unreached tiles. */
  dir: Uint8Array;
  /** Column of the goal tile. */
  goalX: number;
  /** Row of the goal tile. */
  goalY: number;
  /** The grid version the field was computed for. */
  gridVersion: number;
  /**
   * The id of the grid the field was computed on (`grid.id`); fields made by `toField` carry it on.
   * @defaultValue undefined (meaning a field of unknown grid, made by hand)
   */
  gridId?: number;
  /**
   * True when the field is one full field (see {@link CorridorFieldOptions.fullFieldAbove}): every sector has a
   * block (block = sector), the slots are the tiles row by row (`y * width + x`, `width * height` of them, the
   * layout of a `Field`) and the costs are the exact field's.
   * @defaultValue false
   */
  full?: boolean;
}

/** Checks the data of a corridor field (see the CorridorField constructor); returns a plain copy of its fields. */
export function checkCorridorData(data: unknown): CorridorFieldData {
  const d = ownOptions(data as CorridorFieldData, 'data', 'the data of a corridor field (CorridorField.data)');
  const int = (name: keyof CorridorFieldData, lo: number, hi: number): number => {
    const v = d[name];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
      throw new OutOfRangeError(`data.${name}`, v, `an integer from ${lo} to ${hi}`);
    return v;
  };
  const typed = <T>(name: keyof CorridorFieldData, kind: string): T => {
    if (typedArrayName(d[name]) !== kind) throw new InvalidOptionError(`data.${name}`, d[name], `a ${kind}`);
    return d[name] as T;
  };
  const width = int('width', 1, MAX_GRID_SIDE);
  const height = int('height', 1, MAX_GRID_SIDE);
  const shift = int('shift', 3, 8);
  const sectorsX = int('sectorsX', 1, MAX_GRID_SIDE);
  if (sectorsX !== Math.ceil(width / (1 << shift)))
    throw new OutOfRangeError('data.sectorsX', sectorsX, `${Math.ceil(width / (1 << shift))} (width / sector size)`);
  const sectors = sectorsX * Math.ceil(height / (1 << shift));
  const sectorBlock = typed<Int32Array>('sectorBlock', 'Int32Array');
  const blockSector = typed<Int32Array>('blockSector', 'Int32Array');
  const cost = typed<Float64Array>('cost', 'Float64Array');
  const dir = typed<Uint8Array>('dir', 'Uint8Array');
  if (sectorBlock.length !== sectors)
    throw new OutOfRangeError('data.sectorBlock.length', sectorBlock.length, `${sectors} (one per sector)`);
  const blocks = blockSector.length;
  const full = d.full ?? false;
  if (typeof full !== 'boolean') throw new InvalidOptionError('data.full', full, 'true or false');
  if (full && blocks !== sectors)
    throw new OutOfRangeError('data.blockSector.length', blocks, `${sectors} (a full field covers every sector)`);
  const slots = full ? width * height : blocks << (2 * shift);
  if (cost.length !== slots || dir.length !== slots)
    throw new OutOfRangeError('data.cost.length', cost.length, `${slots} (a sector's tiles per block), as dir`);
  for (let s = 0; s < sectors; s++) {
    const b = sectorBlock[s] as number;
    if (b !== -1 && !(b >= 0 && b < blocks && blockSector[b] === s))
      throw new OutOfRangeError('data.sectorBlock', `sector ${s}: ${b}`, `-1 or a block of sector ${s}`);
  }
  for (let b = 0; b < blocks; b++) {
    const s = blockSector[b] as number;
    if (!(s >= 0 && s < sectors && sectorBlock[s] === b))
      throw new OutOfRangeError('data.blockSector', `block ${b}: ${s}`, `the sector whose block it is`);
  }
  const goalX = d.goalX;
  const goalY = d.goalY;
  if (typeof goalX !== 'number' || typeof goalY !== 'number')
    throw new OutOfRangeError('data.goalX', goalX, 'a number (with goalY)');
  const gridVersion = d.gridVersion;
  if (typeof gridVersion !== 'number' || !Number.isInteger(gridVersion))
    throw new OutOfRangeError('data.gridVersion', gridVersion, 'an integer');
  const gridId = d.gridId;
  if (gridId !== undefined && (typeof gridId !== 'number' || !Number.isSafeInteger(gridId) || gridId < 1))
    throw new OutOfRangeError('data.gridId', gridId, 'a grid id (an integer from 1 to 2^53 - 1) or undefined');
  const out = { width, height, shift, sectorsX, sectorBlock, blockSector, cost, dir, goalX, goalY, gridVersion, full };
  return gridId === undefined ? out : { ...out, gridId };
}
