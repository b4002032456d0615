import { CoordinateError, GridTooLargeError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { newBuffer } from '../util/allocate.js';
import { EditLog, H_LOG_CAPACITY, H_LOG_COUNT, H_LOG_HEAD } from './edit-log.js';
import { newGridId } from './grid-id.js';
import { loadWide } from './wide-load.js';

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
const HEADER_INTS = 32;
/** Bytes of a grid's header: see the layout in the {@link Grid} class comment. */
export const GRID_HEADER_BYTES = HEADER_INTS * 4;
const HEADER_BYTES = GRID_HEADER_BYTES;
const H_MAGIC = 0;
const H_WIDTH = 1;
const H_HEIGHT = 2;
const H_FLAGS = 4;
/** Int32 slots of the grid's id: low 32 bits, high 21 bits. */
const H_ID_LOW = 10;
const H_ID_HIGH = 11;
/** The version's slot in the header's BigInt64 view (bytes 64 to 71 of the buffer). */
const W_VERSION = 8;
/** Byte offset of the version in a grid's buffer (a BigInt64): tests may write it to jump the version. */
export const GRID_VERSION_BYTE_OFFSET = W_VERSION * 8;
const FLAG_TERRAIN = 1;
const KNOWN_FLAGS = FLAG_TERRAIN;
/** Largest grid version: the largest integer a number holds exactly (2^53 - 1). */
export const MAX_GRID_VERSION = Number.MAX_SAFE_INTEGER;

/** Default {@link GridOptions.editLog}: the edit log keeps the last 4096 changed tiles (48 KiB). */
export const DEFAULT_EDIT_LOG = 4096;
/** Largest {@link GridOptions.editLog}. */
export const MAX_EDIT_LOG = 1 << 20;

/** True where SharedArrayBuffer can be constructed (a cross-origin-isolated page, Node, a worker). */
export const sharedMemoryAvailable: boolean =
  typeof SharedArrayBuffer === 'function' &&
  (typeof globalThis.crossOriginIsolated !== 'boolean' || globalThis.crossOriginIsolated);

/** Options of `Grid.create` and `Grid.open`. */
export interface GridOptions {
  /**
   * Allocate a per-tile terrain cost layer (used by the `weighted` metric), 4 bytes per tile.
   * @defaultValue false
   */
  terrain?: boolean;
  /**
   * Put the grid in a SharedArrayBuffer so workers can read it without copies; false gives an ordinary
   * ArrayBuffer.
   * @defaultValue {@link sharedMemoryAvailable} (true where SharedArrayBuffer can be constructed)
   */
  shared?: boolean;
  /**
   * Capacity of the edit log, in changed tiles: the last this many tiles changed through {@link Grid.setPassable},
   * {@link Grid.setTerrain} and {@link Grid.batch} are remembered, so that `updateField` can repair a field
   * instead of recomputing it. 0 turns the log off (every edit is then an unknown edit). An integer from 0 to
   * {@link MAX_EDIT_LOG}; 12 bytes per entry (a 64-bit version and a tile), in the grid's buffer.
   * @defaultValue 4096 ({@link DEFAULT_EDIT_LOG})
   */
  editLog?: number;
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

function layout(width: number, height: number, terrain: boolean, logCapacity: number) {
  const cells = width * height;
  const passableBytes = Math.ceil(cells / 4) * 4;
  const terrainOffset = HEADER_BYTES + passableBytes;
  // The log's 64-bit versions, then its Int32 tiles (12 bytes per entry).
  const logOffset = Math.ceil((terrainOffset + (terrain ? cells * 4 : 0)) / 8) * 8;
  const byteLength = logOffset + logCapacity * 12;
  return { terrainOffset, logOffset, byteLength };
}

/** Why a buffer cannot be a grid's, or null when its header and length are consistent. */
function headerProblem(buffer: unknown): string | null {
  const isBuffer =
    buffer instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer);
  if (!isBuffer) return 'it is not an ArrayBuffer or SharedArrayBuffer';
  const bytes = (buffer as ArrayBufferLike).byteLength;
  if (bytes < HEADER_BYTES) return `it has ${bytes} bytes, fewer than a grid header (${HEADER_BYTES})`;
  const header = new Int32Array(buffer as ArrayBufferLike, 0, HEADER_INTS);
  if (header[H_MAGIC] !== MAGIC) return 'it does not start with a grid header';
  const width = header[H_WIDTH] as number;
  const height = header[H_HEIGHT] as number;
  if (
    !(
      width >= 1 &&
      height >= 1 &&
      width <= MAX_GRID_SIDE &&
      height <= MAX_GRID_SIDE &&
      width * height <= MAX_GRID_CELLS
    )
  )
    return `its header declares a ${width}x${height} grid`;
  const flags = header[H_FLAGS] as number;
  if ((flags & ~KNOWN_FLAGS) !== 0) return `its header has unknown flags ${flags}`;
  const capacity = header[H_LOG_CAPACITY] as number;
  if (!(capacity >= 0 && capacity <= MAX_EDIT_LOG)) return `its header declares an edit log of ${capacity} entries`;
  const head = header[H_LOG_HEAD] as number;
  const count = header[H_LOG_COUNT] as number;
  if (!(count >= 0 && count <= capacity && head >= 0 && (head < capacity || capacity === 0)))
    return 'its edit log header is inconsistent';
  const need = layout(width, height, (flags & FLAG_TERRAIN) !== 0, capacity).byteLength;
  if (bytes < need) return `it has ${bytes} bytes; a ${width}x${height} grid needs ${need}`;
  return null;
}

/**
 * A rectangular tile map stored in one (Shared)ArrayBuffer: a small header (size, version, flags, id), the
 * passability codes (`y * width + x`), an optional Float32 terrain cost layer and the edit log. Rebuild it in
 * another thread with {@link Grid.from}; both views share memory when the buffer is a SharedArrayBuffer.
 *
 * Header layout ({@link GRID_HEADER_BYTES} bytes): Int32 slots 0 magic, 1 width, 2 height, 4 flags, 5 to 7 the
 * edit log's capacity, head and count, 10 and 11 the id (low 32 bits, high bits); 64-bit slots at bytes 64
 * (the version, {@link GRID_VERSION_BYTE_OFFSET}), 72 (the log's floor) and 80 (the newest unknown edit).
 * The version is a 64-bit integer, read as a number: it cannot wrap in practice (a million edits a second
 * take 285 years to reach {@link MAX_GRID_VERSION}). Tests that need a large version write it there
 * (`new BigInt64Array(grid.buffer, GRID_VERSION_BYTE_OFFSET, 1)[0] = 2n ** 32n`), before any field is made.
 *
 * Edits: {@link Grid.setPassable} and {@link Grid.setTerrain} change one tile, {@link Grid.batch} groups many
 * edits into one version, {@link Grid.fillPassable} and {@link Grid.fillTerrain} stamp rectangles. Each records
 * the tiles it changed in the edit log, so fields can be repaired (`updateField`). Writing `passable` or
 * `terrain` directly is allowed too: call {@link Grid.touch} afterwards; such an edit is an unknown edit, and
 * fields computed before it are recomputed in full. One thread edits a grid at a time; any number read it.
 */
export class Grid {
  /** Width, in tiles. */
  readonly width: number;
  /** Height, in tiles. */
  readonly height: number;
  /** The whole grid: header, passability, terrain, edit log. Hand this to a worker and call {@link Grid.from} there. */
  readonly buffer: ArrayBufferLike;
  /** Passability per tile, `y * width + x`: 0 blocked, 1 ground, 2 water. Truthy means walkable. */
  readonly passable: Uint8Array;
  /**
   * Terrain cost per tile (>= 1, finite) for the `weighted` metric, or null when the grid has no terrain layer
   * (every tile then costs 1). A step into a tile costs its terrain cost times the step length.
   */
  readonly terrain: Float32Array | null;
  /** The edit log in this grid's buffer (internal: read by field repair). */
  readonly edits: EditLog;
  /**
   * This grid's identity: a random integer from 1 to 2^53 - 1 drawn when the grid is created (by `create`,
   * `open`, a parser, a generator or {@link Grid.clone}) and kept in its buffer, so `Grid.from` in a worker sees
   * the same id. Fields, flows, sector graphs and corridor fields carry the id of the grid they were made on
   * (`gridId`), and repairing or querying them with another grid is refused (InvalidOptionError naming both).
   */
  readonly id: number;
  private readonly header: Int32Array;
  private readonly wide: BigInt64Array;
  /** Nesting depth of {@link Grid.batch} calls on this view. */
  private batchDepth = 0;
  /** True once an edit happened inside the current batch (the version is bumped when it ends). */
  private batchEdited = false;

  private constructor(buffer: ArrayBufferLike) {
    const problem = headerProblem(buffer);
    if (problem !== null) throw new InvalidOptionError('buffer', buffer, `a buffer made by Grid (${problem})`);
    this.header = new Int32Array(buffer, 0, HEADER_INTS);
    this.wide = new BigInt64Array(buffer, 0, HEADER_INTS >> 1);
    this.buffer = buffer;
    this.id = (this.header[H_ID_HIGH] as number) * 0x1_0000_0000 + ((this.header[H_ID_LOW] as number) >>> 0);
    this.width = this.header[H_WIDTH] as number;
    this.height = this.header[H_HEIGHT] as number;
    const hasTerrain = ((this.header[H_FLAGS] as number) & FLAG_TERRAIN) !== 0;
    const capacity = this.header[H_LOG_CAPACITY] as number;
    const { terrainOffset, logOffset } = layout(this.width, this.height, hasTerrain, capacity);
    this.passable = new Uint8Array(buffer, HEADER_BYTES, this.width * this.height);
    this.terrain = hasTerrain ? new Float32Array(buffer, terrainOffset, this.width * this.height) : null;
    this.edits = new EditLog(
      this.header,
      this.wide,
      new BigInt64Array(buffer, logOffset, capacity),
      new Int32Array(buffer, logOffset + capacity * 8, capacity),
    );
  }

  /** A new grid with every tile blocked (0). Use {@link Grid.open} for an all-walkable grid. */
  static create(width: number, height: number, options: GridOptions = {}): Grid {
    checkGridSize(width, height);
    if (typeof options !== 'object' || options === null)
      throw new InvalidOptionError('options', options, 'an object { terrain?, shared?, editLog? }');
    const terrain = ownOption(options, 'terrain') ?? false;
    if (typeof terrain !== 'boolean') throw new InvalidOptionError('terrain', terrain, 'a boolean');
    const capacity = ownOption(options, 'editLog') ?? DEFAULT_EDIT_LOG;
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > MAX_EDIT_LOG)
      throw new OutOfRangeError('editLog', capacity, `an integer from 0 to ${MAX_EDIT_LOG}`);
    const { byteLength } = layout(width, height, terrain === true, capacity);
    const shared = ownOption(options, 'shared') ?? sharedMemoryAvailable;
    if (typeof shared !== 'boolean') throw new InvalidOptionError('shared', shared, 'a boolean');
    if (shared === true && typeof SharedArrayBuffer !== 'function')
      throw new InvalidOptionError('shared', shared, 'false: SharedArrayBuffer does not exist here');
    const buffer = newBuffer(`a ${width}x${height} grid`, byteLength, shared === true);
    const header = new Int32Array(buffer, 0, HEADER_INTS);
    header[H_MAGIC] = MAGIC;
    header[H_WIDTH] = width;
    header[H_HEIGHT] = height;
    header[H_FLAGS] = terrain === true ? FLAG_TERRAIN : 0;
    header[H_LOG_CAPACITY] = capacity;
    writeId(header, newGridId());
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

  /**
   * Rebuilds a grid view over a buffer made by another Grid (for example in a worker). No copy is made.
   * @throws InvalidOptionError when the buffer's header or length is not a grid's (naming what is wrong).
   */
  static from(buffer: ArrayBufferLike): Grid {
    return new Grid(buffer);
  }

  /**
   * A copy in a new buffer (shared or not, as asked), edit log included.
   * @param options.shared - Put the copy in a SharedArrayBuffer. Default: the same kind of buffer as this grid's.
   */
  clone(options: { shared?: boolean } = {}): Grid {
    if (typeof options !== 'object' || options === null)
      throw new InvalidOptionError('options', options, 'an object { shared? }');
    const shared =
      ownOption(options, 'shared') ??
      (typeof SharedArrayBuffer === 'function' && this.buffer instanceof SharedArrayBuffer);
    if (typeof shared !== 'boolean') throw new InvalidOptionError('shared', shared, 'a boolean');
    if (shared && typeof SharedArrayBuffer !== 'function')
      throw new InvalidOptionError('shared', shared, 'false: SharedArrayBuffer does not exist here');
    const bytes = new Uint8Array(this.buffer);
    const buffer = newBuffer(`a copy of a ${this.width}x${this.height} grid`, bytes.length, shared);
    new Uint8Array(buffer).set(bytes);
    // A copy is another grid: its edits from now on are not this grid's, so its fields must not pass for ours.
    writeId(new Int32Array(buffer, 0, HEADER_INTS), newGridId());
    return new Grid(buffer);
  }

  /** Number of tiles. */
  get size(): number {
    return this.width * this.height;
  }

  /**
   * Edit counter: every edit through this class bumps it (atomically, so other threads see it). A whole number
   * from 0 to {@link MAX_GRID_VERSION}, stored in 64 bits: it does not wrap.
   */
  get version(): number {
    return loadWide(this.header, W_VERSION);
  }

  /**
   * Marks the grid as changed after editing `passable` or `terrain` directly, and returns the new version. The
   * changed tiles are not known: fields computed before this version are recomputed in full by `updateField`.
   * Inside {@link Grid.batch} it marks the batch's version and returns it.
   */
  touch(): number {
    const next = this.pendingVersion();
    this.edits.markUnknown(BigInt(next));
    return this.bump();
  }

  /**
   * Runs `edit` (which may call setPassable, setTerrain, fillPassable, fillTerrain and touch) as one edit: the
   * version is bumped once, when the outermost batch ends, and every changed tile is logged with that version.
   * Returns what `edit` returns. If `edit` throws, the edits made so far stay and are versioned.
   */
  batch<T>(edit: () => T): T {
    if (typeof edit !== 'function') throw new InvalidOptionError('edit', edit, 'a function');
    this.batchDepth++;
    try {
      return edit();
    } finally {
      if (--this.batchDepth === 0 && this.batchEdited) {
        this.batchEdited = false;
        Atomics.add(this.wide, W_VERSION, 1n);
      }
    }
  }

  /** Whether (x, y) are integers naming a tile of the grid. */
  inBounds(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** The index `y * width + x` of tile (x, y) in `passable` and `terrain`. @throws CoordinateError outside the grid. */
  index(x: number, y: number): number {
    this.assertInside('tile', x, y);
    return y * this.width + x;
  }

  /** Whether tile (x, y) is inside the grid and not blocked. */
  isPassable(x: number, y: number): boolean {
    return this.inBounds(x, y) && this.passable[y * this.width + x] !== BLOCKED;
  }

  /** Sets one tile's passability code (0 blocked, 1 ground, 2 water; true/false for 1/0) and bumps the version. */
  setPassable(x: number, y: number, code: boolean | number): void {
    this.assertInside('tile', x, y);
    const value = passabilityCode(code);
    const version = BigInt(this.pendingVersion());
    this.writePassable(y * this.width + x, value, version);
    this.bump();
  }

  /** Terrain cost of a tile (1 when the grid has no terrain layer). @throws CoordinateError outside the grid. */
  terrainAt(x: number, y: number): number {
    this.assertInside('tile', x, y);
    return this.terrain ? (this.terrain[y * this.width + x] as number) : 1;
  }

  /**
   * Sets one tile's terrain cost and bumps the version. The grid needs a terrain layer. The cost is stored as a
   * 32-bit float: a number >= 1 whose float value is finite (at most about 3.4e38).
   */
  setTerrain(x: number, y: number, cost: number): void {
    this.assertInside('tile', x, y);
    const terrain = this.terrainLayer();
    const value = terrainCost(cost);
    const version = BigInt(this.pendingVersion());
    this.writeTerrain(terrain, y * this.width + x, value, version);
    this.bump();
  }

  /** Sets the passability code of every tile of a rectangle inside the grid, as one edit. Returns the version. */
  fillPassable(x: number, y: number, width: number, height: number, code: boolean | number): number {
    const value = passabilityCode(code);
    this.assertRect(x, y, width, height);
    return this.batch(() => {
      const version = this.pendingVersion();
      const wide = BigInt(version);
      for (let ty = y; ty < y + height; ty++) {
        for (let i = ty * this.width + x, end = i + width; i < end; i++) this.writePassable(i, value, wide);
      }
      this.batchEdited = true;
      return version;
    });
  }

  /** Sets the terrain cost of every tile of a rectangle inside the grid, as one edit. Returns the version. */
  fillTerrain(x: number, y: number, width: number, height: number, cost: number): number {
    const terrain = this.terrainLayer();
    const value = terrainCost(cost);
    this.assertRect(x, y, width, height);
    return this.batch(() => {
      const version = this.pendingVersion();
      const wide = BigInt(version);
      for (let ty = y; ty < y + height; ty++) {
        for (let i = ty * this.width + x, end = i + width; i < end; i++) this.writeTerrain(terrain, i, value, wide);
      }
      this.batchEdited = true;
      return version;
    });
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

  /**
   * The version the current edit produces: the batch's, or the next one.
   * @throws OutOfRangeError when the grid is at {@link MAX_GRID_VERSION} (no edit can be versioned any more).
   */
  private pendingVersion(): number {
    const next = this.version + 1;
    if (next > MAX_GRID_VERSION)
      throw new OutOfRangeError('grid version', next, `at most ${MAX_GRID_VERSION} (2^53 - 1): make a new grid`);
    return next;
  }

  /** Ends a single edit: bumps the version now, or marks the batch as edited. Returns the (pending) version. */
  private bump(): number {
    if (this.batchDepth > 0) {
      this.batchEdited = true;
      return this.pendingVersion();
    }
    return Number(Atomics.add(this.wide, W_VERSION, 1n)) + 1;
  }

  private writePassable(i: number, value: number, version: bigint): void {
    if (this.passable[i] === value) return;
    this.edits.record(i, version);
    this.passable[i] = value;
  }

  private writeTerrain(terrain: Float32Array, i: number, value: number, version: bigint): void {
    if (terrain[i] === value) return;
    this.edits.record(i, version);
    terrain[i] = value;
  }

  private terrainLayer(): Float32Array {
    if (!this.terrain) throw new InvalidOptionError('terrain', null, 'a grid created with { terrain: true }');
    return this.terrain;
  }

  private assertRect(x: number, y: number, width: number, height: number): void {
    this.assertInside('rectangle corner', x, y);
    if (!Number.isInteger(width) || width < 1 || x + width > this.width)
      throw new OutOfRangeError('rectangle width', width, `an integer from 1 to ${this.width - x}`);
    if (!Number.isInteger(height) || height < 1 || y + height > this.height)
      throw new OutOfRangeError('rectangle height', height, `an integer from 1 to ${this.height - y}`);
  }
}

/** Stores `id` (1 to 2^53 - 1) in the header's id slots. */
function writeId(header: Int32Array, id: number): void {
  header[H_ID_LOW] = (id % 0x1_0000_0000) | 0;
  header[H_ID_HIGH] = Math.floor(id / 0x1_0000_0000);
}

/** Reads an option only when it is the object's own property (inherited values are ignored). */
function ownOption<T extends object, K extends keyof T>(options: T, key: K): T[K] | undefined {
  return Object.hasOwn(options, key) ? options[key] : undefined;
}

function passabilityCode(code: unknown): number {
  const value = typeof code === 'boolean' ? (code ? GROUND : BLOCKED) : code;
  if (value !== BLOCKED && value !== GROUND && value !== WATER)
    throw new OutOfRangeError('passability code', code, '0, 1 or 2 (or true / false)');
  return value;
}

function terrainCost(cost: unknown): number {
  if (typeof cost !== 'number' || !(cost >= 1 && Math.fround(cost) < Number.POSITIVE_INFINITY))
    throw new OutOfRangeError('terrain cost', cost, 'a number >= 1 and at most 3.4e38 (stored as a 32-bit float)');
  return Math.fround(cost);
}
