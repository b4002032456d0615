/**
 * The typed arrays of a sector graph, shareable with workers (SharedArrayBuffers when the grid's buffer is
 * one). Nodes are entrance tiles; the nodes of a sector occupy a contiguous run of node slots, and the costs
 * between them a `count x count` row-major block of `intra` (Float64, Infinity where a node cannot reach
 * another inside the sector: a walk inside a sector of weighted terrain may cost more than a Float32 holds, up to
 * the sector's tiles times the largest terrain cost 3.4e38; in 64 bits no finite walk reads as Infinity, and the
 * costs are the walks' own). A rebuilt sector whose nodes no longer fit its slots gets new slots at the top
 * (the old ones become garbage until the next full build).
 */
import { newBuffer } from '../util/allocate.js';

/** Header slots (Int32). */
export const H_WIDTH = 0;
export const H_HEIGHT = 1;
export const H_SHIFT = 2;
export const H_METRIC = 3;
export const H_RULE = 4;
export const H_SPLIT = 5;
export const H_SECTORS_X = 6;
export const H_SECTORS_Y = 7;
/** The grid version the graph describes: low 32 bits here, high bits in {@link H_GRID_VERSION_HIGH}. */
export const H_GRID_VERSION = 8;
/** Node slots in use (live and garbage). */
export const H_NODE_TOP = 9;
/** Intra entries in use (live and garbage). */
export const H_MATRIX_TOP = 10;
/** Node slots and intra entries no sector uses any more. */
export const H_NODE_GARBAGE = 11;
export const H_MATRIX_GARBAGE = 12;
/** Bumped by every change of the arrays (build phases, updates). */
export const H_REVISION = 13;
export const H_SPACING = 14;
/** Landmarks in `landmarkCost` (0: none), the revision they were computed for, and their stride (node slots). */
export const H_LANDMARKS = 15;
export const H_LANDMARK_REVISION = 16;
export const H_LANDMARK_STRIDE = 17;
/** Landmarks asked for by the options. */
export const H_LANDMARK_OPTION = 18;
/** High bits of the grid version (see {@link graphGridVersion}). */
export const H_GRID_VERSION_HIGH = 19;
/** The id of the grid the graph describes (`grid.id`): low 32 bits, high bits. */
export const H_GRID_ID = 20;
export const H_GRID_ID_HIGH = 21;
/** Longest stretch of a long run without an entrance (0: only its ends). */
export const H_GAP = 22;
export const HEADER_LENGTH = 24;

/** Reads a whole number below 2^53 in magnitude kept in two Int32 slots (low 32 bits, high bits). */
function readWide(h: Int32Array, low: number, high: number): number {
  return (h[high] as number) * 0x1_0000_0000 + ((h[low] as number) >>> 0);
}

/** Writes a whole number below 2^53 in magnitude into two Int32 slots (low 32 bits, high bits). */
function writeWide(h: Int32Array, low: number, high: number, value: number): void {
  const hi = Math.floor(value / 0x1_0000_0000);
  h[high] = hi;
  h[low] = (value - hi * 0x1_0000_0000) | 0;
}

/** The grid version a graph's header describes (-1: unknown). Versions never wrap: 53 bits over two slots. */
export function graphGridVersion(h: Int32Array): number {
  return readWide(h, H_GRID_VERSION, H_GRID_VERSION_HIGH);
}

/** Records the grid version a graph's header describes. */
export function setGraphGridVersion(h: Int32Array, version: number): void {
  writeWide(h, H_GRID_VERSION, H_GRID_VERSION_HIGH, version);
}

/** The id of the grid a graph's header describes (`grid.id`). */
export function graphGridId(h: Int32Array): number {
  return readWide(h, H_GRID_ID, H_GRID_ID_HIGH);
}

/** Records the id of the grid a graph's header describes. */
export function setGraphGridId(h: Int32Array, id: number): void {
  writeWide(h, H_GRID_ID, H_GRID_ID_HIGH, id);
}

/** Mate slots per node: the node one step away in each direction (`DIRECTIONS` order) in another sector, or -1. */
export const MATES = 8;

/** The typed arrays of a `SectorGraph` (shared when the grid is), as `SectorGraph.from` takes them back. */
export interface SectorGraphData {
  /** Sizes, options, versions and counters of the graph (slots `H_*`). */
  header: Int32Array;
  /** First node slot of each sector. */
  sectorNodeFirst: Int32Array;
  /** Nodes of each sector. */
  sectorNodeCount: Int32Array;
  /** Node slots reserved for each sector (its intra block holds `cap * cap` entries). */
  sectorNodeCap: Int32Array;
  /** First intra entry of each sector. */
  sectorMatrixFirst: Int32Array;
  /** Tile index (`y * width + x`) of each node; the nodes of a sector are sorted by tile. */
  nodeTile: Int32Array;
  /** Local index (in its sector) of the first node of the same local region: nodes connected inside the sector. */
  nodeRegion: Int32Array;
  /** Connected component of each node (the index of a node of the component; equal means reachable). */
  nodeComp: Int32Array;
  /** `MATES` slots per node: the entrance one legal step away in each direction in another sector, or -1. */
  nodeMates: Int32Array;
  /** Costs between the nodes of each sector, row = from, column = to (64-bit: see the module comment). */
  intra: Float64Array;
  /**
   * Local region labels of the border tiles of each sector, `4 * size` per sector: north row, south row, west
   * column, east column (regions.ts).
   */
  borderLabel: Uint16Array;
  /**
   * Cost from each landmark to every node, node by node: landmark l's cost to node v at `v * H_LANDMARKS + l`
   * (`H_LANDMARK_STRIDE` nodes; landmarks.ts); valid while `H_LANDMARK_REVISION` equals `H_REVISION`.
   */
  landmarkCost: Float32Array;
}

function makeBuffer(bytes: number, shared: boolean): ArrayBuffer | SharedArrayBuffer {
  return newBuffer('sector graph arrays', Math.max(8, bytes), shared);
}

export function int32Array(length: number, shared: boolean): Int32Array {
  return new Int32Array(makeBuffer(length * 4, shared), 0, length);
}

export function float32Array(length: number, shared: boolean): Float32Array {
  return new Float32Array(makeBuffer(length * 4, shared), 0, length);
}

export function float64Array(length: number, shared: boolean): Float64Array {
  return new Float64Array(makeBuffer(length * 8, shared), 0, length);
}

export function uint16Array(length: number, shared: boolean): Uint16Array {
  return new Uint16Array(makeBuffer(length * 2, shared), 0, length);
}

export function uint8Array(length: number, shared: boolean): Uint8Array {
  return new Uint8Array(makeBuffer(length, shared), 0, length);
}

/** True when the arrays live in SharedArrayBuffers. */
export function isShared(data: SectorGraphData): boolean {
  return typeof SharedArrayBuffer === 'function' && data.header.buffer instanceof SharedArrayBuffer;
}

/** Slack added to node and intra arrays so that rebuilt sectors can move to the top without growing them. */
export function withSlack(n: number): number {
  return n + (n >> 3) + 1024;
}

/** Allocates the per-sector arrays and the header (node arrays come once their sizes are known). */
export function allocateSectorArrays(sectorCount: number, size: number, shared: boolean): SectorGraphData {
  const empty = int32Array(0, shared);
  const labels = uint16Array(sectorCount * 4 * size, shared);
  return {
    header: int32Array(HEADER_LENGTH, shared),
    sectorNodeFirst: int32Array(sectorCount, shared),
    sectorNodeCount: int32Array(sectorCount, shared),
    sectorNodeCap: int32Array(sectorCount, shared),
    sectorMatrixFirst: int32Array(sectorCount, shared),
    nodeTile: empty,
    nodeRegion: empty,
    nodeComp: empty,
    nodeMates: empty,
    intra: float64Array(0, shared),
    borderLabel: labels,
    landmarkCost: float32Array(0, shared),
  };
}

/** Gives `data` node arrays of `nodeCapacity` slots and an intra array of `matrixCapacity`, keeping their contents. */
export function resizeNodeArrays(data: SectorGraphData, nodeCapacity: number, matrixCapacity: number): void {
  const shared = isShared(data);
  if (nodeCapacity !== data.nodeTile.length) {
    const used = Math.min(data.nodeTile.length, nodeCapacity);
    const tile = int32Array(nodeCapacity, shared);
    tile.set(data.nodeTile.subarray(0, used));
    const region = int32Array(nodeCapacity, shared);
    region.set(data.nodeRegion.subarray(0, used));
    const comp = int32Array(nodeCapacity, shared);
    comp.set(data.nodeComp.subarray(0, used));
    const mates = int32Array(nodeCapacity * MATES, shared);
    mates.set(data.nodeMates.subarray(0, used * MATES));
    data.nodeTile = tile;
    data.nodeRegion = region;
    data.nodeComp = comp;
    data.nodeMates = mates;
  }
  if (matrixCapacity !== data.intra.length) {
    const intra = float64Array(matrixCapacity, shared);
    intra.set(data.intra.subarray(0, Math.min(data.intra.length, matrixCapacity)));
    data.intra = intra;
  }
}

/** Gives `data` room for `count` landmarks over its current node slots (the costs are not kept). */
export function resizeLandmarks(data: SectorGraphData, count: number): void {
  const n = data.nodeTile.length;
  if (data.landmarkCost.length !== count * n) data.landmarkCost = float32Array(count * n, isShared(data));
  data.header[H_LANDMARK_STRIDE] = n;
}

/** Bytes of all arrays of `data`. */
export function dataBytes(data: SectorGraphData): number {
  return (
    data.header.byteLength +
    data.sectorNodeFirst.byteLength +
    data.sectorNodeCount.byteLength +
    data.sectorNodeCap.byteLength +
    data.sectorMatrixFirst.byteLength +
    data.nodeTile.byteLength +
    data.nodeRegion.byteLength +
    data.nodeComp.byteLength +
    data.nodeMates.byteLength +
    data.intra.byteLength +
    data.borderLabel.byteLength +
    data.landmarkCost.byteLength
  );
}
