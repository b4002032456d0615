/**
 * Where each array of a crowd lives in its one buffer (./crowd-state.ts): byte offsets, aligned to 8, and the
 * buffer's length. Offsets are plain numbers: on big maps they pass 2^31.
 */

/** Int32 slots of a crowd's header. */
export const HEADER_INTS = 16;
/** Float64 parameters after the header. */
export const PARAM_COUNT = 8;

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

/** The layout of a crowd's buffer. */
export type CrowdLayout = ReturnType<typeof layout>;
