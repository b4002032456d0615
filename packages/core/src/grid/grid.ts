import { CoordinateError, GridTooLargeError, InvalidOptionError, OutOfRangeError } from '../errors.js';

/** Largest width or height a grid may have. */
export const MAX_GRID_SIDE = 16_384;
/** Largest number of tiles a grid may have (8192 x 8192). Checked before any allocation. */
export const MAX_GRID_CELLS = 1 << 26;

/** Passability codes stored in {@link Grid.passable}. Moves are allowed only between tiles of the same code. */
export const BLOCKED = 0;
/** Ordinary walkable ground. */
export const GROUND = 1;
/** Water (Moving AI `W`): walkable, but only from and to other water tiles. */
export const WATER = 2;

const MAGIC = 0x464d4752; // 'FMGR'
const HEADER_INTS = 8;
const HEADER_BYTES = HEADER_INTS * 4;
const H_MAGIC = 0;
const H_WIDTH = 1;
const H_HEIGHT = 2;
const H_VERSION = 3;
const H_FLAGS = 4;
const FLAG_TERRAIN = 1;

/** True where SharedArrayBuffer can be constructed (a cross-origin-isolated page, Node, a worker). */
export const sharedMemoryAvailable: boolean =
  typeof SharedArrayBuffer === 'function' &&
  (typeof globalThis.crossOriginIsolated !== 'boolean' || globalThis.crossOriginIsolated);

export interface GridOptions {
  /** Allocate a per-tile terrain cost layer (used by the `weighted` metric). Default false. */
  terrain?: boolean;
  /**
   * Put the grid in a SharedArrayBuffer so workers can read it without copies. Default: true when
   * SharedArrayBuffer is available ({@link sharedMemoryAvailable}), else an ordinary ArrayBuffer.
   */
  shared?: boolean;
}

/** Throws {@link GridTooLargeError} or {@link OutOfRangeError} before anything is allocated. */
export function checkGridSize(width: number, height: number): void {
  if (!Number.isInteger(width) || width < 1)
    throw new OutOfRangeError('width', width, `an integer from 1 to ${MAX_GRID_SIDE}`);
  if (!Number.isInteger(height) || height < 1)
    throw new OutOfRangeError('height', height, `an integer from 1 to ${MAX_GRID_SIDE}`);
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE)
    throw new GridTooLargeError(width, height, `each side must be at most ${MAX_GRID_SIDE}`);
  if (width * height > MAX_GRID_CELLS) throw new GridTooLargeError(width, height, `at most ${MAX_GRID_CELLS} tiles`);
}

function layout(width: number, height: number, terrain: boolean) {
  const cells = width * height;
  const passableBytes = (cells + 3) & ~3;
  const terrainOffset = HEADER_BYTES + passableBytes;
  const byteLength = terrainOffset + (terrain ? cells * 4 : 0);
  return { terrainOffset, byteLength };
}

/**
 * A rectangular tile map stored in one (Shared)ArrayBuffer: a small header (size, version, flags), the
 * passability codes (`y * width + x`) and an optional Float32 terrain cost layer. Rebuild it in another
 * thread with {@link Grid.from}; both views share memory when the buffer is a SharedArrayBuffer.
 */
export class Grid {
  readonly width: number;
  readonly height: number;
  /** The whole grid: header, passability, terrain. Hand this to a worker and call {@link Grid.from} there. */
  readonly buffer: ArrayBufferLike;
  /** Passability per tile, `y * width + x`: 0 blocked, 1 ground, 2 water. Truthy means walkable. */
  readonly passable: Uint8Array;
  /**
   * Terrain cost per tile (>= 1, finite) for the `weighted` metric, or null when the grid has no terrain layer
   * (every tile then costs 1). A step into a tile costs its terrain cost times the step length.
   */
  readonly terrain: Float32Array | null;
  private readonly header: Int32Array;

  private constructor(buffer: ArrayBufferLike) {
    this.header = new Int32Array(buffer, 0, HEADER_INTS);
    if (this.header[H_MAGIC] !== MAGIC) throw new InvalidOptionError('buffer', buffer, 'a buffer made by Grid');
    this.buffer = buffer;
    this.width = this.header[H_WIDTH] as number;
    this.height = this.header[H_HEIGHT] as number;
    const hasTerrain = ((this.header[H_FLAGS] as number) & FLAG_TERRAIN) !== 0;
    const { terrainOffset } = layout(this.width, this.height, hasTerrain);
    this.passable = new Uint8Array(buffer, HEADER_BYTES, this.width * this.height);
    this.terrain = hasTerrain ? new Float32Array(buffer, terrainOffset, this.width * this.height) : null;
  }

  /** A new grid with every tile blocked (0). Use {@link Grid.open} for an all-walkable grid. */
  static create(width: number, height: number, options: GridOptions = {}): Grid {
    checkGridSize(width, height);
    const terrain = options.terrain ?? false;
    const { byteLength } = layout(width, height, terrain);
    const shared = options.shared ?? sharedMemoryAvailable;
    const buffer = shared ? new SharedArrayBuffer(byteLength) : new ArrayBuffer(byteLength);
    const header = new Int32Array(buffer, 0, HEADER_INTS);
    header[H_MAGIC] = MAGIC;
    header[H_WIDTH] = width;
    header[H_HEIGHT] = height;
    header[H_FLAGS] = terrain ? FLAG_TERRAIN : 0;
    const grid = new Grid(buffer);
    if (grid.terrain) grid.terrain.fill(1);
    return grid;
  }

  /** A new grid with every tile walkable ground. */
  static open(width: number, height: number, options: GridOptions = {}): Grid {
    const grid = Grid.create(width, height, options);
    grid.passable.fill(GROUND);
    return grid;
  }

  /** Rebuilds a grid view over a buffer made by another Grid (for example in a worker). No copy is made. */
  static from(buffer: ArrayBufferLike): Grid {
    return new Grid(buffer);
  }

  /** A copy in a new buffer (shared or not, as asked; default: same kind as this one). */
  clone(options: { shared?: boolean } = {}): Grid {
    const shared =
      options.shared ?? (typeof SharedArrayBuffer === 'function' && this.buffer instanceof SharedArrayBuffer);
    const bytes = new Uint8Array(this.buffer);
    const buffer = shared ? new SharedArrayBuffer(bytes.length) : new ArrayBuffer(bytes.length);
    new Uint8Array(buffer).set(bytes);
    return new Grid(buffer);
  }

  /** Number of tiles. */
  get size(): number {
    return this.width * this.height;
  }

  /** Edit counter: every edit through this class bumps it (atomically, so other threads see it). */
  get version(): number {
    return Atomics.load(this.header, H_VERSION);
  }

  /** Marks the grid as changed after editing `passable` or `terrain` directly. Returns the new version. */
  touch(): number {
    return Atomics.add(this.header, H_VERSION, 1) + 1;
  }

  inBounds(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  index(x: number, y: number): number {
    return y * this.width + x;
  }

  isPassable(x: number, y: number): boolean {
    return this.inBounds(x, y) && this.passable[y * this.width + x] !== BLOCKED;
  }

  /** Sets one tile's passability code (0 blocked, 1 ground, 2 water) and bumps the version. */
  setPassable(x: number, y: number, code: boolean | number): void {
    this.assertInside('tile', x, y);
    const value = typeof code === 'boolean' ? (code ? GROUND : BLOCKED) : code;
    if (value !== BLOCKED && value !== GROUND && value !== WATER)
      throw new OutOfRangeError('passability code', code, '0, 1 or 2');
    this.passable[y * this.width + x] = value;
    this.touch();
  }

  /** Terrain cost of a tile (1 when the grid has no terrain layer). */
  terrainAt(x: number, y: number): number {
    return this.terrain ? (this.terrain[y * this.width + x] as number) : 1;
  }

  /** Sets one tile's terrain cost (finite, >= 1) and bumps the version. The grid needs a terrain layer. */
  setTerrain(x: number, y: number, cost: number): void {
    this.assertInside('tile', x, y);
    if (!this.terrain) throw new InvalidOptionError('terrain', null, 'a grid created with { terrain: true }');
    if (!(cost >= 1 && cost < Number.POSITIVE_INFINITY))
      throw new OutOfRangeError('terrain cost', cost, 'a finite number >= 1');
    this.terrain[y * this.width + x] = cost;
    this.touch();
  }

  /** Throws {@link CoordinateError} naming `what` unless (x, y) is a tile of this grid. */
  assertInside(what: string, x: number, y: number): void {
    if (!this.inBounds(x, y)) {
      throw new CoordinateError(what, x, y, `is outside the ${this.width}x${this.height} grid`);
    }
  }

  /** Throws {@link CoordinateError} naming `what` unless (x, y) is a walkable tile of this grid. */
  assertWalkable(what: string, x: number, y: number): void {
    this.assertInside(what, x, y);
    if (this.passable[y * this.width + x] === BLOCKED) throw new CoordinateError(what, x, y, 'is a wall');
  }
}
