// Sector graph kernels compiled to WebAssembly with AssemblyScript (`node scripts/build-wasm.mjs` in packages/core).
// This is AssemblyScript, not TypeScript: `i32`, `usize`, `load<T>` and `store<T>` are its built-ins. The host
// (src/sectors/cost-dial-wasm.ts) owns the imported memory and lays out the arrays; every pointer below is a byte
// offset into that memory. The algorithm is the one of the JavaScript search (src/sectors/cost-dial.ts), which
// stays as the fallback; both give the same costs bit for bit (tests in src/sectors/cost-dial.test.ts).

const NEVER: f64 = -Infinity;

/**
 * Dijkstra with Dial's three rotating unit-width buckets over one padded sector (`size` padded tiles, `stride`
 * per row, codes at `st`, 0 on the pad), from padded index `source`, under diagonal rule `rule` (0 none,
 * 1 always, 2 one side tile of the code, 3 both) with diagonal cost `wd` (1 or sqrt 2). Writes the costs as f64
 * at `cost` (Infinity: not reached; -Infinity: another code, never entered). Stops once the `count` padded
 * indices at `tg` (i32) are settled; `mark` (u8 per tile, all 0 on entry and on return) flags them meanwhile.
 * Each bucket (`b0`, `b1`, `b2`, i32) needs room for 8 entries per tile. Returns the tiles settled.
 *
 * Like the field kernel (wasm/kernels.ts `octileRun`), a tile of another code costs -Infinity, so one comparison
 * tests both "same code" and "cheaper"; an entry popped below the bucket's base is stale. The diagonal gates are
 * branch-free (select): walls are unpredictable on cluttered maps. The relaxations branch: most of them find the
 * neighbour settled already, so "not cheaper" is well predicted, and the failed ones then store nothing.
 * PERF: the searches of a random-1024 build (20% walls, 4,636 searches, 12.2 million tiles settled) replayed in
 * one process, 9 rounds interleaved on a loaded machine, CPU time: 543 ms median with branch-free relaxations
 * (a select and two stores per neighbour), 459 ms with these (0.85x); FIFO queues per step cost instead of
 * Dial's buckets 495 ms (not kept); branch-free bucket choice for the diagonals, no change.
 */
export function costRun(
  st: usize,
  cost: usize,
  mark: usize,
  tg: usize,
  count: i32,
  b0: usize,
  b1: usize,
  b2: usize,
  size: i32,
  stride: i32,
  source: i32,
  rule: i32,
  wd: f64,
): i32 {
  const code = load<u8>(st + <usize>source);
  if (code === 0) return 0;
  for (let i: i32 = 0; i < size; i++) {
    store<f64>(cost + (<usize>i << 3), select<f64>(Infinity, NEVER, load<u8>(st + <usize>i) === code));
  }
  let left: i32 = 0;
  for (let k: i32 = 0; k < count; k++) {
    const p = load<i32>(tg + (<usize>k << 2));
    if (load<u8>(mark + <usize>p) === 0 && load<u8>(st + <usize>p) === code) {
      store<u8>(mark + <usize>p, 1);
      left++;
    }
  }
  store<f64>(cost + (<usize>source << 3), 0.0);
  let cur = b0;
  let n1 = b1;
  let n2 = b2;
  let len: i32 = 1;
  let l1: i32 = 0;
  let l2: i32 = 0;
  store<i32>(cur, source);
  let base: f64 = 0.0;
  let settled: i32 = 0;
  const diagonals = rule !== 0;
  const both = <i32>(rule === 3);
  const always = <i32>(rule === 1);
  while (len > 0 || l1 > 0 || l2 > 0) {
    for (let h: i32 = len - 1; h >= 0; h--) {
      const p = load<i32>(cur + (<usize>h << 2));
      const cu = load<f64>(cost + (<usize>p << 3));
      // Stale: settled in an earlier bucket (a tile has at most one entry per bucket).
      if (cu < base) continue;
      const m = load<u8>(mark + <usize>p);
      if (m !== 0) {
        store<u8>(mark + <usize>p, 0);
        settled++;
        if (--left === 0) {
          clearMarks(mark, tg, count);
          return settled;
        }
      } else settled++;
      const c1 = cu + 1.0;
      const pN = p - stride;
      const pS = p + stride;
      const cN = load<f64>(cost + (<usize>pN << 3));
      const cE = load<f64>(cost + (<usize>(p + 1) << 3));
      const cS = load<f64>(cost + (<usize>pS << 3));
      const cW = load<f64>(cost + (<usize>(p - 1) << 3));
      // A tile already in the bucket it lands in (its old cost below `lim`) gets the lower cost but no new entry.
      const lim = base + 2.0;
      l1 += relax(cost, n1, l1, pN, c1, cN, lim);
      l1 += relax(cost, n1, l1, p + 1, c1, cE, lim);
      l1 += relax(cost, n1, l1, pS, c1, cS, lim);
      l1 += relax(cost, n1, l1, p - 1, c1, cW, lim);
      if (!diagonals) continue;
      const c2 = cu + wd;
      const fN = <i32>(cN > NEVER);
      const fE = <i32>(cE > NEVER);
      const fS = <i32>(cS > NEVER);
      const fW = <i32>(cW > NEVER);
      // Gates per diagonal: both side tiles of the code, or one, or none needed.
      const gNE = select<i32>(fN & fE, fN | fE, both) | always;
      const gSE = select<i32>(fS & fE, fS | fE, both) | always;
      const gSW = select<i32>(fS & fW, fS | fW, both) | always;
      const gNW = select<i32>(fN & fW, fN | fW, both) | always;
      if (c2 - base < 2.0) {
        l1 += relaxGated(cost, n1, l1, pN + 1, c2, gNE, lim);
        l1 += relaxGated(cost, n1, l1, pS + 1, c2, gSE, lim);
        l1 += relaxGated(cost, n1, l1, pS - 1, c2, gSW, lim);
        l1 += relaxGated(cost, n1, l1, pN - 1, c2, gNW, lim);
      } else {
        const far = lim + 1.0;
        l2 += relaxGated(cost, n2, l2, pN + 1, c2, gNE, far);
        l2 += relaxGated(cost, n2, l2, pS + 1, c2, gSE, far);
        l2 += relaxGated(cost, n2, l2, pS - 1, c2, gSW, far);
        l2 += relaxGated(cost, n2, l2, pN - 1, c2, gNW, far);
      }
    }
    // Rotate: the next bucket becomes current, the emptied one the farthest.
    const empty = cur;
    cur = n1;
    len = l1;
    n1 = n2;
    l1 = l2;
    n2 = empty;
    l2 = 0;
    base += 1.0;
  }
  clearMarks(mark, tg, count);
  return settled;
}

function clearMarks(mark: usize, tg: usize, count: i32): void {
  for (let k: i32 = 0; k < count; k++) store<u8>(mark + <usize>load<i32>(tg + (<usize>k << 2)), 0);
}

/**
 * Lowers the cost of `t` (whose cost is `old`) to `c` when cheaper; pushes t then, unless its old cost is below
 * `lim` (it is in that bucket already). Returns 1 for a push.
 */
@inline
function relax(cost: usize, b: usize, l: i32, t: i32, c: f64, old: f64, lim: f64): i32 {
  if (c < old) {
    store<f64>(cost + (<usize>t << 3), c);
    store<i32>(b + (<usize>l << 2), t);
    return <i32>(old >= lim);
  }
  return 0;
}

/** {@link relax} of a diagonal step allowed when `gate` is 1. */
@inline
function relaxGated(cost: usize, b: usize, l: i32, t: i32, c: f64, gate: i32, lim: f64): i32 {
  const at = cost + (<usize>t << 3);
  const old = load<f64>(at);
  if (gate & <i32>(c < old)) {
    store<f64>(at, c);
    store<i32>(b + (<usize>l << 2), t);
    return <i32>(old >= lim);
  }
  return 0;
}

export { corridorRun } from './corridor';
