/**
 * The flow kernel's table of anchors (per thread, reused between calls): each anchor's code (see `Flow.anchor`),
 * position in tiles and path estimate G, the length of the flow's path from the anchor to a goal.
 */
import { anchorCodeX, anchorCodeY } from './anchor-code.js';

export interface AnchorTable {
  code: Int32Array;
  x: Float64Array;
  y: Float64Array;
  g: Float64Array;
  count: number;
}

/** The table; its arrays are replaced when it grows, so read them through this object after adding anchors. */
export const anchors: AnchorTable = {
  code: new Int32Array(1024),
  x: new Float64Array(1024),
  y: new Float64Array(1024),
  g: new Float64Array(1024),
  count: 0,
};

// PERF: reassign every field once at load, so that V8 treats them as mutable from the start; otherwise the first
// growth invalidates (deoptimizes) the kernel code compiled with the fields taken as constants.
anchors.code = new Int32Array(1024);
anchors.x = new Float64Array(1024);
anchors.y = new Float64Array(1024);
anchors.g = new Float64Array(1024);

function grown<T extends Int32Array | Float64Array>(array: T, make: new (n: number) => T): T {
  const bigger = new make(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Position and path estimate of the next anchor added by {@link addAnchorAt}: [x, y, g]. PERF: V8 passes numbers to a
 * call that is not inlined as tagged values, so double arguments of a hot call allocate; the kernel writes here.
 */
export const NEW_ANCHOR = new Float64Array(3);

/** Adds the anchor `code` at the position and estimate stored in {@link NEW_ANCHOR}; returns its id. */
export function addAnchorAt(code: number): number {
  return addAnchor(code, NEW_ANCHOR[0] as number, NEW_ANCHOR[1] as number, NEW_ANCHOR[2] as number);
}

/** Adds an anchor and returns its id. */
export function addAnchor(code: number, x: number, y: number, g: number): number {
  const t = anchors;
  const id = t.count;
  if (id === t.code.length) {
    t.code = grown(t.code, Int32Array);
    t.x = grown(t.x, Float64Array);
    t.y = grown(t.y, Float64Array);
    t.g = grown(t.g, Float64Array);
  }
  t.code[id] = code;
  t.x[id] = x;
  t.y[id] = y;
  t.g[id] = g;
  t.count = id + 1;
  return id;
}

// The generation of the flow state the table holds (see loadAnchors), or -1.
let loaded = -1;

/** Marks the table as holding the anchors of the state of generation `generation` (-1: of none). */
export function markAnchorsLoaded(generation: number): void {
  loaded = generation;
}

/**
 * Loads `count` anchors kept by a flow's state (codes and estimates; positions decoded from the codes, the same
 * values the kernel computed) into the table, for a repair. Skipped when the table already holds that state
 * (`generation`, set by the last repair on this thread).
 */
export function loadAnchors(
  code: Int32Array,
  g: Float64Array,
  count: number,
  width: number,
  clearance: number,
  generation: number,
): void {
  const t = anchors;
  if (generation === loaded && t.count === count) return;
  loaded = -1;
  let cap = t.code.length;
  while (cap < count) cap *= 2;
  if (cap !== t.code.length) {
    t.code = new Int32Array(cap);
    t.x = new Float64Array(cap);
    t.y = new Float64Array(cap);
    t.g = new Float64Array(cap);
  }
  t.code.set(code.subarray(0, count));
  t.g.set(g.subarray(0, count));
  const { x, y } = t;
  for (let k = 0; k < count; k++) {
    const c = code[k] as number;
    x[k] = anchorCodeX(c, width, clearance);
    y[k] = anchorCodeY(c, width, clearance);
  }
  t.count = count;
}
