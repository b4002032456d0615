import { InvalidOptionError } from '../errors.js';
import type { Grid } from '../grid/grid.js';
import { typedArrayName } from '../util/describe-value.js';
import {
  H_GAP,
  H_HEIGHT,
  H_LANDMARK_OPTION,
  H_LANDMARK_STRIDE,
  H_LANDMARKS,
  H_MATRIX_GARBAGE,
  H_MATRIX_TOP,
  H_METRIC,
  H_NODE_GARBAGE,
  H_NODE_TOP,
  H_RULE,
  H_SECTORS_X,
  H_SECTORS_Y,
  H_SHIFT,
  H_SPACING,
  H_SPLIT,
  H_WIDTH,
  HEADER_LENGTH,
  MATES,
  type SectorGraphData,
} from './sector-data.js';
import { MAX_SECTOR_SIZE, MIN_SECTOR_SIZE } from './sector-options.js';

/**
 * Checks the arrays of a sector graph handed to `SectorGraph.from` (made in another thread, or forged) in
 * O(their size), once: the header matches the grid and names valid options, every array has the engine's own
 * typed array kind and the length the header implies, every node slot, matrix entry, tile and mate it holds
 * points inside the arrays and the right sector, and every cost is a number >= 0 (Infinity allowed). The
 * searches then never read outside an array nor meet a negative or NaN cost. Returns a plain copy of `data`'s
 * array fields (own properties, read once). Internal.
 * @throws InvalidOptionError naming the first field that is wrong.
 */
export function checkSectorData(grid: Grid, data: unknown): SectorGraphData {
  if (typeof data !== 'object' || data === null)
    throw new InvalidOptionError('data', data, 'the data of a sector graph (SectorGraph.data)');
  const src = data as Record<string, unknown>;
  const field = <T>(name: string, kind: string): T => {
    const value = Object.hasOwn(src, name) ? src[name] : undefined;
    if (typedArrayName(value) !== kind) throw new InvalidOptionError(`data.${name}`, value, `an ${kind}`);
    return value as T;
  };
  const d: SectorGraphData = {
    header: field('header', 'Int32Array'),
    sectorNodeFirst: field('sectorNodeFirst', 'Int32Array'),
    sectorNodeCount: field('sectorNodeCount', 'Int32Array'),
    sectorNodeCap: field('sectorNodeCap', 'Int32Array'),
    sectorMatrixFirst: field('sectorMatrixFirst', 'Int32Array'),
    nodeTile: field('nodeTile', 'Int32Array'),
    nodeRegion: field('nodeRegion', 'Int32Array'),
    nodeComp: field('nodeComp', 'Int32Array'),
    nodeMates: field('nodeMates', 'Int32Array'),
    intra: field('intra', 'Float64Array'),
    borderLabel: field('borderLabel', 'Uint16Array'),
    landmarkCost: field('landmarkCost', 'Float32Array'),
  };
  const h = d.header;
  const bad = (name: string, value: unknown, expected: string): never => {
    throw new InvalidOptionError(`data.${name}`, value, expected);
  };
  if (h.length < HEADER_LENGTH) bad('header.length', h.length, `at least ${HEADER_LENGTH}`);
  const { width, height } = grid;
  if (h[H_WIDTH] !== width || h[H_HEIGHT] !== height)
    bad('header', `a graph of a ${h[H_WIDTH]}x${h[H_HEIGHT]} grid`, `a graph of this ${width}x${height} grid`);
  const shift = h[H_SHIFT] as number;
  if (!(shift >= Math.log2(MIN_SECTOR_SIZE) && shift <= Math.log2(MAX_SECTOR_SIZE)))
    bad('header (sector size)', shift, `log2 of a sector size from ${MIN_SECTOR_SIZE} to ${MAX_SECTOR_SIZE}`);
  const size = 1 << shift;
  const sectorsX = Math.ceil(width / size);
  const sectorsY = Math.ceil(height / size);
  if (h[H_SECTORS_X] !== sectorsX || h[H_SECTORS_Y] !== sectorsY)
    bad('header (sectors)', `${h[H_SECTORS_X]}x${h[H_SECTORS_Y]}`, `${sectorsX}x${sectorsY} sectors`);
  const inRange = (slot: number, name: string, lo: number, hi: number): number => {
    const v = h[slot] as number;
    if (!(v >= lo && v <= hi)) bad(`header (${name})`, v, `from ${lo} to ${hi}`);
    return v;
  };
  inRange(H_METRIC, 'metric', 0, 2);
  inRange(H_RULE, 'rule', 0, 3);
  inRange(H_SPLIT, 'entranceSplit', 1, 1024);
  inRange(H_SPACING, 'entranceSpacing', 1, 1024);
  inRange(H_GAP, 'entranceGap', 0, 1024);
  inRange(H_LANDMARK_OPTION, 'landmarks', 0, 32);
  inRange(H_NODE_GARBAGE, 'node garbage', 0, 0x7fffffff);
  inRange(H_MATRIX_GARBAGE, 'matrix garbage', 0, 0x7fffffff);

  const slots = d.nodeTile.length;
  const nodeTop = inRange(H_NODE_TOP, 'node top', 0, slots);
  const matrixTop = inRange(H_MATRIX_TOP, 'matrix top', 0, d.intra.length);
  if (d.nodeRegion.length !== slots || d.nodeComp.length !== slots)
    bad('nodeRegion', d.nodeRegion.length, `${slots} slots, as nodeTile and nodeComp`);
  if (d.nodeMates.length !== slots * MATES) bad('nodeMates.length', d.nodeMates.length, `${slots * MATES}`);
  const sectors = sectorsX * sectorsY;
  for (const name of ['sectorNodeFirst', 'sectorNodeCount', 'sectorNodeCap', 'sectorMatrixFirst'] as const) {
    if (d[name].length !== sectors) bad(`${name}.length`, d[name].length, `${sectors} (one per sector)`);
  }
  if (d.borderLabel.length !== sectors * 4 * size)
    bad('borderLabel.length', d.borderLabel.length, `${sectors * 4 * size}`);
  const landmarks = inRange(H_LANDMARKS, 'landmark count', 0, 32);
  const stride = inRange(H_LANDMARK_STRIDE, 'landmark stride', 0, 0x7fffffff);
  if (landmarks > 0 && (stride < nodeTop || landmarks * stride > d.landmarkCost.length))
    bad('landmarkCost', d.landmarkCost.length, `${landmarks} landmarks of ${nodeTop} or more nodes`);
  // Every live node belongs to one sector, lies in it, and points at live nodes.
  const owner = new Int32Array(nodeTop).fill(-1);
  for (let s = 0; s < sectors; s++) {
    const first = d.sectorNodeFirst[s] as number;
    const count = d.sectorNodeCount[s] as number;
    const cap = d.sectorNodeCap[s] as number;
    const at = d.sectorMatrixFirst[s] as number;
    if (!(count >= 0 && cap >= count && first >= 0 && first + cap <= nodeTop))
      bad('sectorNodeFirst', `sector ${s}: first ${first}, count ${count}, cap ${cap}`, `slots below ${nodeTop}`);
    if (!(at >= 0 && at + cap * cap <= matrixTop))
      bad('sectorMatrixFirst', `sector ${s}: ${at}`, `a block of ${cap}x${cap} entries below ${matrixTop}`);
    const sx = s % sectorsX;
    const sy = (s - sx) / sectorsX;
    for (let v = first; v < first + count; v++) {
      if (owner[v] !== -1) bad('sectorNodeFirst', `node ${v} in two sectors`, 'disjoint node slots');
      owner[v] = s;
      const t = d.nodeTile[v] as number;
      if (!(t >= 0 && t < width * height)) bad('nodeTile', `node ${v}: ${t}`, 'a tile of the grid');
      const y = (t / width) | 0;
      if ((t - y * width) >> shift !== sx || y >> shift !== sy)
        bad('nodeTile', `node ${v}: ${t}`, `a tile of sector ${s}`);
      const r = d.nodeRegion[v] as number;
      if (!(r >= 0 && r < count)) bad('nodeRegion', `node ${v}: ${r}`, `a node index below ${count}`);
      const c = d.nodeComp[v] as number;
      if (!(c >= 0 && c < nodeTop)) bad('nodeComp', `node ${v}: ${c}`, `a node below ${nodeTop}`);
    }
    for (let e = at; e < at + count * count; e++) {
      const cost = d.intra[e] as number;
      if (!(cost >= 0)) bad('intra', `entry ${e}: ${cost}`, 'a cost >= 0');
    }
  }
  for (let v = 0; v < nodeTop; v++) {
    if (owner[v] === -1) continue;
    for (let k = 0; k < MATES; k++) {
      const m = d.nodeMates[v * MATES + k] as number;
      if (m !== -1 && !(m >= 0 && m < nodeTop && owner[m] !== -1 && owner[m] !== owner[v]))
        bad('nodeMates', `node ${v}: ${m}`, '-1 or a node of another sector');
    }
  }
  for (let i = 0; i < landmarks * stride; i++) {
    const cost = d.landmarkCost[i] as number;
    if (!(cost >= 0)) bad('landmarkCost', `entry ${i}: ${cost}`, 'a cost >= 0');
  }
  return d;
}
