// The corridor field's search compiled to WebAssembly (AssemblyScript; re-exported by wasm/sector-kernels.ts).
// The host (src/sectors/corridor-fill-wasm.ts) lays the arrays out in the module's memory; every pointer is a
// byte offset into it. The algorithm is the one of the JavaScript search (src/sectors/corridor-fill.ts), step for
// step and in the same order, so both give the same costs and directions bit for bit (tests in
// src/sectors/corridor-fill.test.ts); the JavaScript search stays as the fallback.

/**
 * Dijkstra from the goal over the corridor's slots with Dial's three rotating unit-width buckets (steps and
 * octile), resumable. Slot `s` is tile (s & mask, (s >> shift) & mask) of block `s >> 2 * shift`.
 *
 * - `st`: the passability codes of each block with a ring of one tile around it, `(side + 2)²` bytes per block,
 *   row by row (0 beyond the map), so the side tiles of a move are known even outside the corridor;
 * - `nbr`: per block, 9 i32: the blocks of the 3 x 3 sectors around it (centre: itself), -1 outside the corridor;
 * - `cost` (f64), `dir` (u8) and `done` (u8) per slot, set up by the host (Infinity, 255, 0; the goal's cost);
 * - `bk`: three buckets of `cap` i32 each; `state`: six i32 (current bucket, its length and the next two
 *   buckets' lengths, the bucket count K, the tiles settled).
 *
 * Stops once `budget` tiles are settled, at the end of a bucket, and returns 1 (call again to go on), 0 when the
 * search is over, or -1 when a bucket would overflow (the host then runs the JavaScript search instead).
 */
export function corridorRun(
  st: usize,
  nbr: usize,
  cost: usize,
  dir: usize,
  done: usize,
  bk: usize,
  cap: i32,
  state: usize,
  shift: i32,
  base: f64,
  maxCost: f64,
  rule: i32,
  wd: f64,
  budget: i32,
): i32 {
  const side: i32 = 1 << shift;
  const mask: i32 = side - 1;
  const ps: i32 = side + 2;
  const ps2: i32 = ps * ps;
  const blockShift: i32 = 2 * shift;
  const diagonals = rule !== 0;
  const both = rule === 3;
  const always = rule === 1;
  const bytes: usize = <usize>cap << 2;
  let slot = load<i32>(state);
  let K = load<i32>(state, 16);
  let settled = load<i32>(state, 20);
  for (;;) {
    const s1: i32 = slot === 2 ? 0 : slot + 1;
    const s2: i32 = s1 === 2 ? 0 : s1 + 1;
    const len = lengthOf(state, slot);
    if (len === 0 && lengthOf(state, s1) === 0 && lengthOf(state, s2) === 0) {
      saveState(state, slot, K, settled);
      return 0;
    }
    if (len > 0) {
      const cur = bk + <usize>slot * bytes;
      const b1 = bk + <usize>s1 * bytes;
      const b2 = bk + <usize>s2 * bytes;
      let l1 = lengthOf(state, s1);
      let l2 = lengthOf(state, s2);
      for (let h: i32 = len - 1; h >= 0; h--) {
        if (l1 > cap - 8 || l2 > cap - 4) return -1;
        const s = load<i32>(cur + (<usize>h << 2));
        if (load<u8>(done + <usize>s) !== 0) continue;
        store<u8>(done + <usize>s, 1);
        settled++;
        const cu = load<f64>(cost + (<usize>s << 3));
        const near = cu + wd - base - <f64>K < 2.0;
        const c1 = cu + 1.0;
        if (c1 > maxCost) continue;
        const b = s >>> blockShift;
        const lx = s & mask;
        const ly = (s >>> shift) & mask;
        const pc = <usize>(b * ps2 + (ly + 1) * ps + lx + 1);
        const code = load<u8>(st + pc);
        const interior = lx > 0 && ly > 0 && lx < mask && ly < mask;
        const up = <usize>ps;
        const fN = load<u8>(st + pc - up) === code;
        const fE = load<u8>(st + pc + 1) === code;
        const fS = load<u8>(st + pc + up) === code;
        const fW = load<u8>(st + pc - 1) === code;
        // Straight steps, N E S W, into the next bucket.
        if (fN) l1 += step(cost, dir, done, b1, l1, interior ? s - side : other(nbr, b, lx, ly - 1, shift), c1, 2);
        if (fE) l1 += step(cost, dir, done, b1, l1, interior ? s + 1 : other(nbr, b, lx + 1, ly, shift), c1, 3);
        if (fS) l1 += step(cost, dir, done, b1, l1, interior ? s + side : other(nbr, b, lx, ly + 1, shift), c1, 0);
        if (fW) l1 += step(cost, dir, done, b1, l1, interior ? s - 1 : other(nbr, b, lx - 1, ly, shift), c1, 1);
        if (!diagonals) continue;
        const c2 = cu + wd;
        if (c2 > maxCost) continue;
        // Diagonals NE SE SW NW, gated by the rule, into the next bucket or the one after.
        const gNE = always || (both ? fN && fE : fN || fE);
        const gSE = always || (both ? fS && fE : fS || fE);
        const gSW = always || (both ? fS && fW : fS || fW);
        const gNW = always || (both ? fN && fW : fN || fW);
        const bd = near ? b1 : b2;
        let ld = near ? l1 : l2;
        if (gNE && load<u8>(st + pc - up + 1) === code)
          ld += step(cost, dir, done, bd, ld, interior ? s - side + 1 : other(nbr, b, lx + 1, ly - 1, shift), c2, 6);
        if (gSE && load<u8>(st + pc + up + 1) === code)
          ld += step(cost, dir, done, bd, ld, interior ? s + side + 1 : other(nbr, b, lx + 1, ly + 1, shift), c2, 7);
        if (gSW && load<u8>(st + pc + up - 1) === code)
          ld += step(cost, dir, done, bd, ld, interior ? s + side - 1 : other(nbr, b, lx - 1, ly + 1, shift), c2, 4);
        if (gNW && load<u8>(st + pc - up - 1) === code)
          ld += step(cost, dir, done, bd, ld, interior ? s - side - 1 : other(nbr, b, lx - 1, ly - 1, shift), c2, 5);
        if (near) l1 = ld;
        else l2 = ld;
      }
      store<i32>(state + (<usize>s1 << 2), l1, 4);
      store<i32>(state + (<usize>s2 << 2), l2, 4);
    }
    store<i32>(state + (<usize>slot << 2), 0, 4);
    K++;
    slot = s1;
    if (settled >= budget) {
      saveState(state, slot, K, settled);
      return 1;
    }
  }
  return 0;
}

/** Length of bucket `i` (0-2) in the state. */
@inline
function lengthOf(state: usize, i: i32): i32 {
  return load<i32>(state + (<usize>i << 2), 4);
}

@inline
function saveState(state: usize, slot: i32, K: i32, settled: i32): void {
  store<i32>(state, slot);
  store<i32>(state, K, 16);
  store<i32>(state, settled, 20);
}

/**
 * The slot of local tile (lx, ly) of block b when it may lie in a neighbouring sector (each coordinate -1 to
 * side), or -1 when that sector is outside the corridor.
 */
@inline
function other(nbr: usize, b: i32, lx: i32, ly: i32, shift: i32): i32 {
  const mask = (1 << shift) - 1;
  const bx: i32 = lx < 0 ? 0 : lx > mask ? 2 : 1;
  const by: i32 = ly < 0 ? 0 : ly > mask ? 2 : 1;
  const nb = load<i32>(nbr + (<usize>(b * 9 + by * 3 + bx) << 2));
  return nb < 0 ? -1 : (nb << (2 * shift)) | ((ly & mask) << shift) | (lx & mask);
}

/**
 * Lowers slot `ns` to cost `c` with direction `d` when it is in the corridor, not settled and `c` is cheaper,
 * and appends it to bucket `b` at `l`; returns 1 then, else 0.
 */
@inline
function step(cost: usize, dir: usize, done: usize, b: usize, l: i32, ns: i32, c: f64, d: u8): i32 {
  if (ns < 0 || load<u8>(done + <usize>ns) !== 0) return 0;
  const at = cost + (<usize>ns << 3);
  if (!(c < load<f64>(at))) return 0;
  store<f64>(at, c);
  store<u8>(dir + <usize>ns, d);
  store<i32>(b + (<usize>l << 2), ns);
  return 1;
}
