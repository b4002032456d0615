/**
 * The layout of a crowd's buffer: the header slots, and where each array starts for a capacity, a group count and
 * a map size. Byte offsets are plain numbers, aligned to 8: on big maps they pass 2^31. Internal to src/crowd (./crowd-state.ts builds its views from it; the parallel step's job reads the
 * regions it writes and keeps).
 */

export const MAGIC = 0x464d4352; // 'FMCR'
export const HEADER_INTS = 16;
export const PARAM_COUNT = 8;
/** Header slots. */
export const H_COUNT = 3;
/** Index (0 or 1) of the current frame. */
export const H_CURRENT = 4;
/** Number of steps taken. */
export const H_STEPS = 8;
/**
 * Revision of the groups' fields and flows (`groupHasField`, `fieldDir`, `groupHasFlow`, `flowAnchor`): bumped by
 * every crowd function that writes them ({@link touchCrowdFields} after writing them yourself), so that a worker
 * without shared memory keeps its copy of them between steps while the revision holds.
 */
export const H_FIELDS_REVISION = 9;
export const H_MAGIC = 0;
export const H_CAPACITY = 1;
export const H_GROUPS = 2;
export const H_TABLE = 5;
export const H_FLAGS = 6;
export const FLAG_FLOWS = 1;

function tableSizeFor(capacity: number): number {
  let t = 64;
  while (t < capacity * 2) t *= 2;
  return t;
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8; // not `& ~7`: byte offsets pass 2^31 on big maps
}

export function layout(capacity: number, groups: number, cells: number, flows: boolean) {
  const table = tableSizeFor(capacity);
  let o = 0;
  const at = (bytes: number) => {
    const start = o;
    o = align8(o + bytes);
    return start;
  };
  const header = at(HEADER_INTS * 4);
  const params = at(PARAM_COUNT * 8);
  const f64 = (n: number) => at(n * 8);
  const frameF64 = [0, 1].map(() => [f64(capacity), f64(capacity), f64(capacity), f64(capacity), f64(capacity)]);
  const targets = [f64(groups), f64(groups)];
  const frameF32 = [0, 1].map(() => [at(capacity * 4), at(capacity * 4)]);
  const cellStart = at((table + 1) * 4);
  const cellCursor = at(table * 4);
  const cellItems = at(capacity * 4);
  const cellX = at(capacity * 4);
  const cellY = at(capacity * 4);
  const sortedF64 = [f64(capacity), f64(capacity), f64(capacity), f64(capacity), f64(capacity)];
  const sortedCells = [at(capacity * 4), at(capacity * 4)];
  const sortedState = at(capacity);
  const state = [at(capacity), at(capacity)];
  const unitGroup = at(capacity);
  const hasField = at(groups);
  const fieldDir = at(groups * cells);
  const hasFlow = at(groups);
  const flowAnchor = at(flows ? groups * cells * 4 : 0);
  return {
    table,
    byteLength: o,
    header,
    params,
    frameF64,
    targets,
    frameF32,
    cellStart,
    cellCursor,
    cellItems,
    cellX,
    cellY,
    sortedF64,
    sortedCells,
    sortedState,
    state,
    unitGroup,
    hasField,
    fieldDir,
    hasFlow,
    flowAnchor,
  };
}

/**
 * Byte regions `[start, bytes]` of a crowd buffer for the parallel step's jobs: the frame the step writes (the
 * one after the current frame: its per-unit arrays), the groups' fields and flows (see
 * {@link H_FIELDS_REVISION}), and what a step reads besides them (the header, parameters and targets, the
 * neighbour grid and the current frame in its order, the units' groups), and what a band of the parallel step
 * reads (`bandReads`: the header, parameters and targets, the current frame, the units' groups). Internal (the crowd's job specs);
 * `cells` is the grid's tile count.
 */
export function crowdJobRegions(
  buffer: ArrayBufferLike,
  cells: number,
): { back: [number, number][]; fields: [number, number]; reads: [number, number][]; bandReads: [number, number][] } {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  const capacity = header[H_CAPACITY] as number;
  const l = layout(capacity, header[H_GROUPS] as number, cells, ((header[H_FLAGS] as number) & FLAG_FLOWS) !== 0);
  const cur = (header[H_CURRENT] as number) & 1;
  const back = cur ^ 1;
  const f64 = l.frameF64[back] as number[];
  const f32 = l.frameF32[back] as number[];
  const state = l.state[back] as number;
  return {
    back: [
      [f64[0] as number, (f64[4] as number) + capacity * 8 - (f64[0] as number)],
      [f32[0] as number, (f32[1] as number) + capacity * 4 - (f32[0] as number)],
      [state, capacity],
    ],
    fields: [l.hasField, l.byteLength - l.hasField],
    reads: [
      [0, l.frameF64[0]?.[0] as number],
      [l.targets[0] as number, (l.frameF32[0]?.[0] as number) - (l.targets[0] as number)],
      [l.cellStart, l.cellCursor - l.cellStart],
      [l.cellItems, l.cellX - l.cellItems],
      [l.sortedF64[0] as number, (l.state[0] as number) - (l.sortedF64[0] as number)],
      [l.unitGroup, l.hasField - l.unitGroup],
    ],
    // A band (./crowd-band.ts) builds its own neighbour grid: it reads the current frame, not the crowd's grid.
    bandReads: [
      [0, l.frameF64[0]?.[0] as number],
      [l.targets[0] as number, (l.frameF32[0]?.[0] as number) - (l.targets[0] as number)],
      [l.frameF64[cur]?.[0] as number, 5 * capacity * 8],
      [l.state[cur] as number, capacity],
      [l.unitGroup, l.hasField - l.unitGroup],
    ],
  };
}

/** The layout of a crowd's buffer. */
export type CrowdLayout = ReturnType<typeof layout>;
