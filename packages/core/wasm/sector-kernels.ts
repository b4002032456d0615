// Sector graph kernels compiled to WebAssembly with AssemblyScript (`node scripts/build-wasm.mjs` in packages/core).
// This is AssemblyScript, not TypeScript: `i32`, `usize`, `load<T>` and `store<T>` are its built-ins. The host
// (src/sectors/cost-dial-wasm.ts) owns the imported memory and lays out the arrays; every pointer below is a byte
// offset into that memory. The algorithm is the one of the JavaScript search (src/sectors/cost-dial.ts), which
// stays as the fallback; both give the same costs bit for bit (tests in src/sectors/cost-dial.test.ts).

/**
 * The legal moves of each tile of one padded sector (`size` padded tiles, `stride` per row, codes at `st`, 0 on
 * the pad) under diagonal rule `rule` (0 none, 1 always, 2 one side tile of the code, 3 both), one byte per tile
 * at `moves`: bit d set when the step in direction d (N, E, S, W, NE, SE, SW, NW) lands on a tile of the same code
 * and, for a diagonal, the rule lets it pass its side tiles. Also writes the eight padded offsets of those steps
 * (i32) at `tab`. Computed once per loaded sector; {@link costRun} reads both.
 */
export function costMoves(st: usize, moves: usize, size: i32, stride: i32, rule: i32, tab: usize): void {
  memory.fill(moves, 0, <usize>size);
  const both = <i32>(rule === 3);
  const always = <i32>(rule === 1);
  for (let p: i32 = stride + 1; p < size - stride - 1; p++) {
    const code = load<u8>(st + <usize>p);
    if (code === 0) continue;
    const fN = <i32>(load<u8>(st + <usize>(p - stride)) === code);
    const fE = <i32>(load<u8>(st + <usize>(p + 1)) === code);
    const fS = <i32>(load<u8>(st + <usize>(p + stride)) === code);
    const fW = <i32>(load<u8>(st + <usize>(p - 1)) === code);
    let m = fN | (fE << 1) | (fS << 2) | (fW << 3);
    if (rule !== 0) {
      // Gates per diagonal: both side tiles of the code, or one, or none needed; and the tile across of the code.
      const gNE = select<i32>(fN & fE, fN | fE, both) | always;
      const gSE = select<i32>(fS & fE, fS | fE, both) | always;
      const gSW = select<i32>(fS & fW, fS | fW, both) | always;
      const gNW = select<i32>(fN & fW, fN | fW, both) | always;
      m |= (gNE & <i32>(load<u8>(st + <usize>(p - stride + 1)) === code)) << 4;
      m |= (gSE & <i32>(load<u8>(st + <usize>(p + stride + 1)) === code)) << 5;
      m |= (gSW & <i32>(load<u8>(st + <usize>(p + stride - 1)) === code)) << 6;
      m |= (gNW & <i32>(load<u8>(st + <usize>(p - stride - 1)) === code)) << 7;
    }
    store<u8>(moves + <usize>p, <u8>m);
  }
  store<i32>(tab, -stride);
  store<i32>(tab + 4, 1);
  store<i32>(tab + 8, stride);
  store<i32>(tab + 12, -1);
  store<i32>(tab + 16, 1 - stride);
  store<i32>(tab + 20, stride + 1);
  store<i32>(tab + 24, stride - 1);
  store<i32>(tab + 28, -stride - 1);
}

/**
 * Dijkstra with Dial's three rotating unit-width buckets over one padded sector (`size` padded tiles, `stride`
 * per row, codes at `st`), from padded index `source`, with diagonal cost `wd` (1 or sqrt 2), over the legal
 * moves that {@link costMoves} wrote at `moves` and `tab` for this sector and diagonal rule. Writes the costs as
 * f64 at `cost` (Infinity: not reached, tiles of another code included). Stops once the `count` padded
 * indices at `tg` (i32) are settled; `mark` (u8 per tile, all 0 on entry and on return) flags them meanwhile.
 * Each bucket (`b0`, `b1`, `b2`, i32) needs room for 8 entries per tile. Returns the tiles settled.
 *
 * Like the field kernel (wasm/kernels.ts `octileRun`), an entry popped below the bucket's base is stale. Each
 * settled tile compares its eight neighbours' costs without branching, masks the result with its legal moves,
 * and relaxes only the set bits, in direction order (so the buckets fill in the same order as with one branch
 * per neighbour, and every cost, tentative ones included, is the JavaScript search's bit for bit; that search
 * marks the tiles of other codes -Infinity where this one leaves them Infinity).
 * PERF: the searches of a random-1024 build (20% walls, octile, 4,636 searches, 12.2 million tiles settled)
 * replayed in one process, 7 rounds interleaved on a loaded machine, CPU time: 432 ms median with one branch
 * per neighbour and gates computed per settled tile, 335 ms with the masks (0.78x; a settled tile tries 6.5
 * moves, of which 1.1 lower a cost, so most branches of the old loop were spent on failures); then 0.91x
 * again with the costs set to Infinity by plain 8-byte stores instead of a select per tile on its code (the
 * masks keep the search off other codes; 11 rounds, 329 ms to 300 ms). Not kept: the
 * bucket of a diagonal chosen without a branch (0.9x slower than with it); the target marks in a 16-bit moves
 * word (one load fewer, no change); a cost template copied per search instead of the select loop (no change).
 * Earlier (branch-free relaxations with a select and two stores per neighbour): 543 ms against 459 ms with the
 * per-neighbour branches; FIFO queues per step cost instead of Dial's buckets 495 ms.
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
  source: i32,
  wd: f64,
  moves: usize,
  tab: usize,
  stride: i32,
): i32 {
  const code = load<u8>(st + <usize>source);
  if (code === 0) return 0;
  // Every tile unreached (Infinity, the bits of f64 +Infinity): the moves never enter a tile of another code.
  const end = cost + (<usize>size << 3);
  for (let at = cost; at < end; at += 8) store<u64>(at, 0x7ff0000000000000);
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
  const row = <usize>stride << 3;
  while (len > 0 || l1 > 0 || l2 > 0) {
    for (let h: i32 = len - 1; h >= 0; h--) {
      const p = load<i32>(cur + (<usize>h << 2));
      const at = cost + (<usize>p << 3);
      const cu = load<f64>(at);
      // Stale: settled in an earlier bucket (a tile has at most one entry per bucket).
      if (cu < base) continue;
      settled++;
      if (load<u8>(mark + <usize>p) !== 0) {
        store<u8>(mark + <usize>p, 0);
        if (--left === 0) {
          clearMarks(mark, tg, count);
          return settled;
        }
      }
      const c1 = cu + 1.0;
      const c2 = cu + wd;
      // The neighbours a step would make cheaper (a tile of another code costs -Infinity: never cheaper).
      let m: i32 =
        <i32>(c1 < load<f64>(at - row)) |
        (<i32>(c1 < load<f64>(at + 8)) << 1) |
        (<i32>(c1 < load<f64>(at + row)) << 2) |
        (<i32>(c1 < load<f64>(at - 8)) << 3) |
        (<i32>(c2 < load<f64>(at - row + 8)) << 4) |
        (<i32>(c2 < load<f64>(at + row + 8)) << 5) |
        (<i32>(c2 < load<f64>(at + row - 8)) << 6) |
        (<i32>(c2 < load<f64>(at - row - 8)) << 7);
      m &= <i32>load<u8>(moves + <usize>p);
      // A tile already in the bucket it lands in (its old cost below `lim`) gets the lower cost but no new entry.
      const lim = base + 2.0;
      // A diagonal lands one or two buckets ahead: decided once per settled tile.
      const far = c2 - base >= 2.0;
      while (m !== 0) {
        const d = ctz<i32>(m);
        m &= m - 1;
        const t = p + load<i32>(tab + (<usize>d << 2));
        const ta = cost + (<usize>t << 3);
        const old = load<f64>(ta);
        if (d < 4) {
          store<f64>(ta, c1);
          store<i32>(n1 + (<usize>l1 << 2), t);
          l1 += <i32>(old >= lim);
        } else {
          store<f64>(ta, c2);
          if (far) {
            store<i32>(n2 + (<usize>l2 << 2), t);
            l2 += <i32>(old >= lim + 1.0);
          } else {
            store<i32>(n1 + (<usize>l1 << 2), t);
            l1 += <i32>(old >= lim);
          }
        }
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

export { corridorRun } from './corridor';
