// Lines of sight of the WebAssembly flow kernel (wasm/flow.ts): src/flow/sight.ts and src/flow/segment.ts step for
// step (the if-both-free rule of the swept square only), with the same floating-point operations in the same
// order. It also holds the arrays of the current call and their accessors, which both files read.

const RULE_DEPTH: i32 = 2;
const CORNER_TOLERANCE: f64 = 1e-12;
const LINE_TOLERANCE: f64 = 1e-12;

// The arrays of the current call (set by setSightArrays).
export let fPass: usize = 0;
export let fTerr: usize = 0;
export let fWeighted: bool = false;
export let fIds: usize = 0;
export let fTable: usize = 0;
export let fW: i32 = 0;
export let fH: i32 = 0;
export let fClear: f64 = 0;
// The two ends of a sight test (src/flow/sight.ts SIGHT) and of a segment (src/flow/segment.ts SEGMENT).
let s0: f64 = 0;
let s1: f64 = 0;
let s2: f64 = 0;
let s3: f64 = 0;
let g0: f64 = 0;
let g1: f64 = 0;
let g2: f64 = 0;
let g3: f64 = 0;

/** Sets the arrays, sizes and clearance of the current call. */
export function setSightArrays(
  pass: usize,
  terr: usize,
  weighted: bool,
  ids: usize,
  table: usize,
  w: i32,
  h: i32,
  clearance: f64,
): void {
  fPass = pass;
  fTerr = terr;
  fWeighted = weighted;
  fIds = ids;
  fTable = table;
  fW = w;
  fH = h;
  fClear = clearance;
}

/** Sets the ends of the next {@link firstStepOpen} / {@link seesExactly} test: from (a, b) to (c, d). */
@inline
export function setSightEnds(a: f64, b: f64, c: f64, d: f64): void {
  s0 = a;
  s1 = b;
  s2 = c;
  s3 = d;
}

@inline
export function passOf(i: i32): i32 {
  return <i32>load<u8>(fPass + <usize>i);
}
@inline
export function terrOf(i: i32): f64 {
  return <f64>load<f32>(fTerr + (<usize>i << 2));
}
@inline
export function idOf(i: i32): i32 {
  return load<i32>(fIds + (<usize>i << 2));
}
@inline
export function ax(id: i32): f64 {
  return load<f64>(fTable + (<usize>id << 5));
}
@inline
export function ay(id: i32): f64 {
  return load<f64>(fTable + (<usize>id << 5), 8);
}
@inline
export function ag(id: i32): f64 {
  return load<f64>(fTable + (<usize>id << 5), 16);
}
@inline
export function acode(id: i32): i32 {
  return load<i32>(fTable + (<usize>id << 5), 24);
}

@inline
export function dist(dx: f64, dy: f64): f64 {
  return Math.sqrt(dx * dx + dy * dy);
}

@inline
export function sameTile(q: i32, code: i32, tv: f64): bool {
  return passOf(q) === code && (!fWeighted || terrOf(q) === tv);
}

/** src/flow/sight.ts seesAt: the local rule. */
function seesAt(i: i32, x: i32, y: i32, id: i32, code: i32, depth: i32): bool {
  const w = fW;
  const dx = ax(id) - <f64>x - 0.5;
  const dy = ay(id) - <f64>y - 0.5;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  let n1: i32;
  let major: f64;
  let minor: f64;
  let side: i32;
  const sx: i32 = dx > 0 ? 1 : -1;
  const sy: i32 = dy > 0 ? 1 : -1;
  const alongX = adx >= ady;
  if (alongX) {
    if (adx <= 0.5) return true;
    n1 = i + sx;
    major = adx;
    minor = ady;
    side = sy * w;
  } else {
    if (ady <= 0.5) return true;
    n1 = i + sy * w;
    major = ady;
    minor = adx;
    side = sx;
  }
  const tv: f64 = fWeighted ? terrOf(i) : 0;
  if (
    idOf(n1) !== id &&
    !(
      sameTile(n1, code, tv) &&
      ((major <= 1.5 && minor <= 0.5) ||
        (depth > 0 && seesAt(n1, alongX ? x + sx : x, alongX ? y : y + sy, id, code, depth - 1)))
    )
  )
    return false;
  const c = fClear;
  if (minor <= 0.5 - c) return true;
  const n2 = n1 + side;
  if (
    idOf(n2) !== id &&
    !(
      sameTile(n2, code, tv) &&
      ((major <= 1.5 && minor <= 1.5) || (depth > 0 && seesAt(n2, x + sx, y + sy, id, code, depth - 1)))
    )
  )
    return false;
  if (minor * (0.5 + c) <= major * (0.5 - c)) return true;
  return sameTile(i + side, code, tv);
}

@inline
export function seesByNeighbours(i: i32, x: i32, y: i32, id: i32): bool {
  return seesAt(i, x, y, id, passOf(i), RULE_DEPTH);
}

/** src/flow/sight.ts firstStepOpen, for the point (s2, s3). */
export function firstStepOpen(i: i32, x: i32, y: i32): bool {
  const dx = s2 - <f64>x - 0.5;
  const dy = s3 - <f64>y - 0.5;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  if (adx <= 0.5 && ady <= 0.5) return true;
  const n1 = adx >= ady ? (dx > 0 ? i + 1 : i - 1) : dy > 0 ? i + fW : i - fW;
  return passOf(n1) === passOf(i);
}

@inline
function free(code: i32, x: i32, y: i32): bool {
  return x >= 0 && y >= 0 && x < fW && y < fH && passOf(y * fW + x) === code;
}

/** src/flow/segment.ts alongLine. */
function alongLine(code: i32, line: i32, from: f64, to: f64, vertical: bool): bool {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const first = <i32>Math.floor(lo + LINE_TOLERANCE);
  const last = <i32>Math.ceil(hi - LINE_TOLERANCE) - 1;
  let prevA = false;
  let prevB = false;
  for (let k = first; k <= last; k++) {
    const a = vertical ? free(code, line - 1, k) : free(code, k, line - 1);
    const b = vertical ? free(code, line, k) : free(code, k, line);
    if (!(a || b)) return false;
    if (k > first && !((a && prevA) || (b && prevB))) return false;
    prevA = a;
    prevB = b;
  }
  return true;
}

/** src/flow/segment.ts segmentClearAt with the if-both-free rule, for the segment (g0, g1) to (g2, g3). */
function segmentClear(code: i32): bool {
  const x0 = g0;
  const y0 = g1;
  const dx = g2 - x0;
  const dy = g3 - y0;
  // Ties (x.5) never count as on a line, so the rounding direction of ties does not matter.
  const rx = nearest<f64>(x0);
  const ry = nearest<f64>(y0);
  const onX = Math.abs(x0 - rx) <= LINE_TOLERANCE;
  const onY = Math.abs(y0 - ry) <= LINE_TOLERANCE;
  if (dx === 0 && dy === 0) return onX || onY ? true : free(code, <i32>Math.floor(x0), <i32>Math.floor(y0));
  if (dx === 0 && onX) return alongLine(code, <i32>rx, y0, g3, true);
  if (dy === 0 && onY) return alongLine(code, <i32>ry, x0, g2, false);
  const sx: i32 = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy: i32 = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  let cx: i32 = onX ? (sx > 0 ? <i32>rx : sx < 0 ? <i32>rx - 1 : <i32>rx) : <i32>Math.floor(x0);
  let cy: i32 = onY ? (sy > 0 ? <i32>ry : sy < 0 ? <i32>ry - 1 : <i32>ry) : <i32>Math.floor(y0);
  if (!free(code, cx, cy)) return false;
  const length = Math.sqrt(dx * dx + dy * dy);
  const tol = CORNER_TOLERANCE / length;
  const ix: f64 = sx === 0 ? 0 : 1 / dx;
  const iy: f64 = sy === 0 ? 0 : 1 / dy;
  const nextX: i32 = sx > 0 ? 1 : 0;
  const nextY: i32 = sy > 0 ? 1 : 0;
  for (;;) {
    const tX: f64 = sx === 0 ? Infinity : (<f64>(cx + nextX) - x0) * ix;
    const tY: f64 = sy === 0 ? Infinity : (<f64>(cy + nextY) - y0) * iy;
    if (Math.min(tX, tY) >= 1 - tol) return true;
    if (Math.abs(tX - tY) <= tol) {
      const a = free(code, cx + sx, cy);
      const b = free(code, cx, cy + sy);
      if (!(a && b)) return false;
      cx += sx;
      cy += sy;
    } else if (tX < tY) cx += sx;
    else cy += sy;
    if (!(cx >= 0 && cy >= 0 && cx < fW && cy < fH && passOf(cy * fW + cx) === code)) return false;
  }
  return false; // unreachable
}

/** src/flow/sight.ts seesExactly (sweptClear with the kernel's clearance), from (s0, s1) to (s2, s3). */
export function seesExactly(code: i32): bool {
  const c = fClear;
  const fx = s0;
  const fy = s1;
  const tx = s2;
  const ty = s3;
  const ox = c;
  const oy = (tx - fx) * (ty - fy) >= 0 ? -c : c;
  g0 = fx + ox;
  g1 = fy + oy;
  g2 = tx + ox;
  g3 = ty + oy;
  if (!segmentClear(code)) return false;
  g0 = fx - ox;
  g1 = fy - oy;
  g2 = tx - ox;
  g3 = ty - oy;
  return segmentClear(code);
}

