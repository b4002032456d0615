// Field kernels compiled to WebAssembly with AssemblyScript (`node scripts/build-wasm.mjs` in packages/core).
// This is AssemblyScript, not TypeScript: `i32`, `usize`, `load<T>` and `store<T>` are its built-ins. The hosts
// (src/fields/kernels/wasm-module.ts, bfs-wasm.ts and octile-one-code-wasm.ts) own the imported memory and lay
// out the arrays; every pointer below is a byte offset into that memory. The algorithms are the ones of the
// JavaScript kernels (src/fields/kernels/bfs.ts, src/fields/kernels/octile-one-code.ts), which stay as the
// fallback; both are checked against the same slow reference by the tests, and they give the same costs and
// directions bit for bit.

/** Progress and cancellation: the host stores `done` for progress and throws to abort. */
@external('env', 'poll')
declare function poll(done: i32): void;

/** Tiles between two polls. */
const POLL_INTERVAL: i32 = 4096;

/**
 * Rows per group of the scratch layout of both kernels. The scratch arrays store each group of 8 padded rows
 * column by column: tile (x, y) of the padded grid (stride `stride`) is at index
 * (y >> 3) * 8 * stride + (x << 3) + (y & 7). One 64-byte cache line of f64 costs then holds 8 rows of one
 * column instead of 8 columns of one row (and one line of bytes 8 rows of 8 columns), so a wavefront crossing the
 * rows touches up to 8 times fewer lines, and the wavefront of a large map stays in the caches (measured in C on
 * 2048x2048 with 20% walls: octile and BFS searches about 20% faster; groups of 4 or 16 rows gain less). East and
 * west are 8 indices apart; north and south 1 apart inside a group and 8 * stride - 7 apart across groups.
 */
const G: i32 = 8;

/**
 * Offset from index `p` to its north neighbour in a layout of groups of `g` rows (`gs` = g * stride). With g = 1
 * this is -stride: plain rows.
 */
@inline
function northOf(p: i32, gs: i32, g: i32): i32 {
  return select<i32>(g - gs, 0, (p & (g - 1)) === 0) - 1;
}

/** Offset from index `p` to its south neighbour in a layout of groups of `g` rows. */
@inline
function southOf(p: i32, gs: i32, g: i32): i32 {
  return select<i32>(gs - g, 0, (p & (g - 1)) === g - 1) + 1;
}

/** Layout markers of the wave functions, which are compiled once per layout (the row count is a constant). */
type Rows = u8;
type Grouped = u16;

/** Rows per group of layout `L`: 1 for plain rows, G for the grouped layout. */
@inline
function groupRows<L>(): i32 {
  return sizeof<L>() === 1 ? 1 : G;
}

/** Waves the last `bfs` call labelled (the host bounds the rows it copies with it). */
export let bfsLevels: i32 = 0;

/**
 * Breadth-first waves over state bytes (0 never enterable, 1 open, 2 reached) in a layout of groups of `g` rows
 * (`G`, or 1: plain rows; `gs` = g * stride; one-tile wall border), as are `wave` and `dp` and the queue entries.
 * The host has written the `seeds` seed entries (`p << 4 | 15`) at `q` and marked their states 2.
 * Each labelled tile gets its wave cost (`v0 + w` when `direct`, else `w`) at `wave` (f32) and its direction back
 * (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; 15 for seeds) at `dp` (u8). Waves past `maxLevel` are not expanded:
 * the wave numbered `maxLevel` is labelled and the search stops. `rule`: 0 four neighbours, 1 diagonal always,
 * 2 diagonal when one orthogonal tile is enterable, 3 when both are. The queue needs room for one entry per
 * tile plus 8. Returns the number of tiles labelled.
 */
export function bfs(
  st: usize,
  q: usize,
  wave: usize,
  dp: usize,
  seeds: i32,
  gs: i32,
  g: i32,
  rule: i32,
  maxLevel: i32,
  v0: f64,
  direct: bool,
): i32 {
  let h: i32 = 0;
  let t: i32 = seeds;
  let level: i32 = 0;
  let nextPoll: i32 = POLL_INTERVAL;
  while (h < t) {
    const end = t;
    const cw: f32 = direct ? <f32>(v0 + <f64>level) : <f32>level;
    if (level >= maxLevel) {
      for (; h < end; h++) {
        const e = load<i32>(q + (<usize>h << 2));
        const p = <usize>(e >> 4);
        store<f32>(wave + (p << 2), cw);
        store<u8>(dp + p, <u8>(e & 15));
      }
      level++;
      break;
    }
    if (h >= nextPoll) {
      poll(h);
      nextPoll = h + POLL_INTERVAL;
    }
    if (g === G) {
      if (rule === 3) t = waveBothFree<Grouped>(st, q, wave, dp, h, end, t, cw, gs);
      else if (rule === 0) t = waveFour<Grouped>(st, q, wave, dp, h, end, t, cw, gs);
      else t = waveLoose<Grouped>(st, q, wave, dp, h, end, t, cw, gs, rule === 1 ? 2 : 0);
    } else if (rule === 3) t = waveBothFree<Rows>(st, q, wave, dp, h, end, t, cw, gs);
    else if (rule === 0) t = waveFour<Rows>(st, q, wave, dp, h, end, t, cw, gs);
    else t = waveLoose<Rows>(st, q, wave, dp, h, end, t, cw, gs, rule === 1 ? 2 : 0);
    h = end;
    level++;
  }
  bfsLevels = level;
  return h;
}

// One queue slot: a neighbour's entry is the tile's entry (`p << 4`) plus its padded offset times 16 plus the
// direction back. The state byte, the slot and the tail are written unconditionally; the tail advances by `ok`.

@inline
function probe(st: usize, q: usize, t: i32, x: i32, entry: i32, gate: i32): i32 {
  const a = <i32>load<u8>(st + <usize>x);
  const ok = a & gate;
  store<u8>(st + <usize>x, <u8>(a + ok));
  store<i32>(q + (<usize>t << 2), entry);
  return ok;
}

function waveBothFree<L>(st: usize, q: usize, wave: usize, dp: usize, h: i32, end: i32, t: i32, cw: f32, gs: i32): i32 {
  const g = groupRows<L>();
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    const n = northOf(p, gs, g);
    const s = southOf(p, gs, g);
    const bN = <i32>load<u8>(st + <usize>(p + n)) + 1;
    t += probe(st, q, t, p + n, pe + (n << 4) + 2, 1);
    const bE = <i32>load<u8>(st + <usize>(p + g)) + 1;
    t += probe(st, q, t, p + g, pe + (g << 4) + 3, 1);
    const bS = <i32>load<u8>(st + <usize>(p + s)) + 1;
    t += probe(st, q, t, p + s, pe + (s << 4), 1);
    const bW = <i32>load<u8>(st + <usize>(p - g)) + 1;
    t += probe(st, q, t, p - g, pe - (g << 4) + 1, 1);
    t += probe(st, q, t, p + n + g, pe + ((n + g) << 4) + 6, (bN & bE) >> 1);
    t += probe(st, q, t, p + s + g, pe + ((s + g) << 4) + 7, (bS & bE) >> 1);
    t += probe(st, q, t, p + s - g, pe + ((s - g) << 4) + 4, (bS & bW) >> 1);
    t += probe(st, q, t, p + n - g, pe + ((n - g) << 4) + 5, (bN & bW) >> 1);
  }
  return t;
}

function waveFour<L>(st: usize, q: usize, wave: usize, dp: usize, h: i32, end: i32, t: i32, cw: f32, gs: i32): i32 {
  const g = groupRows<L>();
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    const n = northOf(p, gs, g);
    const s = southOf(p, gs, g);
    t += probe(st, q, t, p + n, pe + (n << 4) + 2, 1);
    t += probe(st, q, t, p + g, pe + (g << 4) + 3, 1);
    t += probe(st, q, t, p + s, pe + (s << 4), 1);
    t += probe(st, q, t, p - g, pe - (g << 4) + 1, 1);
  }
  return t;
}

/** `any` is 2 for "diagonal always" (sets the enterable bit of every gate), 0 for "one orthogonal enterable". */
function waveLoose<L>(
  st: usize,
  q: usize,
  wave: usize,
  dp: usize,
  h: i32,
  end: i32,
  t: i32,
  cw: f32,
  gs: i32,
  any: i32,
): i32 {
  const g = groupRows<L>();
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    const n = northOf(p, gs, g);
    const s = southOf(p, gs, g);
    const bN = <i32>load<u8>(st + <usize>(p + n)) + 1;
    t += probe(st, q, t, p + n, pe + (n << 4) + 2, 1);
    const bE = <i32>load<u8>(st + <usize>(p + g)) + 1;
    t += probe(st, q, t, p + g, pe + (g << 4) + 3, 1);
    const bS = <i32>load<u8>(st + <usize>(p + s)) + 1;
    t += probe(st, q, t, p + s, pe + (s << 4), 1);
    const bW = <i32>load<u8>(st + <usize>(p - g)) + 1;
    t += probe(st, q, t, p - g, pe - (g << 4) + 1, 1);
    t += probe(st, q, t, p + n + g, pe + ((n + g) << 4) + 6, ((bN | bE | any) >> 1) & 1);
    t += probe(st, q, t, p + s + g, pe + ((s + g) << 4) + 7, ((bS | bE | any) >> 1) & 1);
    t += probe(st, q, t, p + s - g, pe + ((s - g) << 4) + 4, ((bS | bW | any) >> 1) & 1);
    t += probe(st, q, t, p + n - g, pe + ((n - g) << 4) + 5, ((bN | bW | any) >> 1) & 1);
  }
  return t;
}

/**
 * Fills the grouped state bytes (`groups` groups of 8 padded rows) from the padded passability codes (row by
 * row, `rows` rows of `stride`): 1 on tiles of `code`, 0 on the others and on the rows past `rows`.
 */
export function bfsInit(codes: usize, st: usize, stride: i32, rows: i32, groups: i32, code: i32): void {
  let at = st;
  const s = <usize>stride;
  for (let g: i32 = 0; g < groups; g++) {
    const y0 = g * G;
    const row = codes + <usize>(y0 * stride);
    if (y0 + G <= rows) {
      // PERF: a whole group: 8 loads from the 8 rows, one 8-byte store.
      for (let x: usize = 0; x < s; x++) {
        let v: u64 = 0;
        for (let r: usize = 0; r < <usize>G; r++) v |= <u64>((<i32>load<u8>(row + x + r * s) & 3) === code) << (r << 3);
        store<u64>(at, v);
        at += 8;
      }
    } else {
      for (let x: usize = 0; x < s; x++) {
        for (let r: i32 = 0; r < G; r++) {
          store<u8>(at, <u8>(y0 + r < rows && (<i32>load<u8>(row + x + <usize>r * s) & 3) === code));
          at++;
        }
      }
    }
  }
}

/**
 * Writes padded rows ya..yb (within one group of 8) of the grouped wave and direction scratch row by row to
 * `out`: (yb - ya + 1) * width costs (f64: the wave's f32 plus `add`), then as many directions (u8); and resets
 * those scratch tiles (+Infinity, 255) for the next call.
 */
export function bfsRows(wave: usize, dp: usize, stride: i32, width: i32, ya: i32, yb: i32, out: usize, add: f64): void {
  const rows = yb - ya + 1;
  const dirOut = out + (<usize>(rows * width) << 3);
  let q = <usize>((ya >> 3) * G * stride + G + (ya & (G - 1)));
  const w = <usize>width;
  for (let x: usize = 0; x < w; x++) {
    let o = x;
    for (let r: i32 = 0; r < rows; r++) {
      const at = q + <usize>r;
      store<f64>(out + (o << 3), <f64>load<f32>(wave + (at << 2)) + add);
      store<f32>(wave + (at << 2), Infinity);
      store<u8>(dirOut + o, load<u8>(dp + at));
      store<u8>(dp + at, 255);
      o += w;
    }
    q += G;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Octile fields: Dial's algorithm with three rotating unit-width buckets (src/fields/kernels/octile-one-code.ts).

/** Cost scratch value of a tile that can never be entered (walls, other passability codes, the border). */
const NEVER: f64 = -Infinity;

/**
 * Fills the cost scratch (grouped layout, `groups` groups of 8 padded rows) from the padded passability codes
 * (row by row, `rows` rows of `stride`): +Infinity on tiles of `code`, -Infinity on the others and on the rows
 * past `rows`; directions 255.
 */
export function octileInit(cp: usize, dp: usize, st: usize, stride: i32, rows: i32, groups: i32, code: i32): void {
  let at = cp;
  for (let g: i32 = 0; g < groups; g++) {
    const y0 = g * G;
    const row = st + <usize>(y0 * stride);
    const s = <usize>stride;
    if (y0 + G <= rows) {
      // PERF: a whole group: 8 loads from the 8 rows, 8 stores to one cache line, no tests per tile.
      for (let x: usize = 0; x < s; x++) {
        for (let r: usize = 0; r < <usize>G; r++) {
          store<f64>(at + (r << 3), select<f64>(Infinity, NEVER, (<i32>load<u8>(row + x + r * s) & 3) === code));
        }
        at += 64;
      }
    } else {
      // The last group: rows past `rows` are walls.
      for (let x: usize = 0; x < s; x++) {
        for (let r: i32 = 0; r < G; r++) {
          let v: f64 = NEVER;
          if (y0 + r < rows && (<i32>load<u8>(row + x + <usize>r * s) & 3) === code) v = Infinity;
          store<f64>(at, v);
          at += 8;
        }
      }
    }
  }
  memory.fill(dp, 255, <usize>(groups * G * stride));
}

// Bucket bookkeeping lives in memory at `meta` (i32 each): [0..2] bucket pointers, [3..5] capacities (entries),
// [6..8] lengths, [9] the bucket that needs room, [10] the room it needs. The search state survives a return for
// room in these globals, so the host can move a bucket and call `octileRun` again.
let oK: i32 = 0;
let oSlot: i32 = 0;
let oNext: i32 = 0;
let oExpanded: i32 = 0;
let oNextPoll: i32 = 0;

/** Starts a search (the host has filled the scratch, the seed lists and `meta` with empty buckets). */
export function octileStart(): void {
  oK = 0;
  oSlot = 0;
  oNext = 0;
  oExpanded = 0;
  oNextPoll = POLL_INTERVAL;
}

/** Buckets processed so far: every settled cost is below `base + octileBuckets`. */
export function octileBuckets(): i32 {
  return oK;
}

@inline
function metaAt(meta: usize, i: i32): i32 {
  return load<i32>(meta + (<usize>i << 2));
}

@inline
function setMeta(meta: usize, i: i32, v: i32): void {
  store<i32>(meta + (<usize>i << 2), v);
}

/**
 * Runs (or resumes) the search. Seeds: `seedCount` grouped-layout indices at `sp` (i32) with values at `sv` (f64),
 * sorted by `floor(v - base)`. Returns 0 when done, or 1 when bucket meta[9] needs room for meta[10] entries
 * (the host moves it and calls again). `rule` as in `bfs`; `wd` the diagonal step cost; `tiles` caps progress.
 */
export function octileRun(
  cp: usize,
  dp: usize,
  meta: usize,
  sp: usize,
  sv: usize,
  seedCount: i32,
  stride: i32,
  rule: i32,
  wd: f64,
  maxCost: f64,
  base: f64,
  tiles: i32,
): i32 {
  let K = oK;
  let slot = oSlot;
  let next = oNext;
  for (;;) {
    let len = metaAt(meta, 6 + slot);
    const s1 = slot === 2 ? 0 : slot + 1;
    const s2 = s1 === 2 ? 0 : s1 + 1;
    if (len === 0 && metaAt(meta, 6 + s1) === 0 && metaAt(meta, 6 + s2) === 0) {
      if (next >= seedCount) break;
      // Every bucket is empty: jump to the next seed's bucket.
      const key = <i32>Math.floor(load<f64>(sv + (<usize>next << 3)) - base);
      if (key > K) K = key;
    }
    // Inject this bucket's seeds (a tile may already be cheaper through another seed).
    const cur = <usize>metaAt(meta, slot);
    while (next < seedCount) {
      const v = load<f64>(sv + (<usize>next << 3));
      if (v - base >= <f64>(K + 1)) break;
      const p = load<i32>(sp + (<usize>next << 2));
      if (!(v < load<f64>(cp + (<usize>p << 3)))) {
        next++;
        continue;
      }
      if (len + 1 > metaAt(meta, 3 + slot)) {
        setMeta(meta, 6 + slot, len);
        return needRoom(meta, slot, len + 1, K, slot, next);
      }
      next++;
      store<f64>(cp + (<usize>p << 3), v);
      store<u8>(dp + <usize>p, 255);
      store<i32>(cur + (<usize>len << 2), p);
      len++;
    }
    setMeta(meta, 6 + slot, len);
    if (len > 0) {
      const l1 = metaAt(meta, 6 + s1);
      const l2 = metaAt(meta, 6 + s2);
      // Room for every push of this bucket, ensured once.
      if (l1 + 8 * len > metaAt(meta, 3 + s1)) return needRoom(meta, s1, l1 + 8 * len, K, slot, next);
      if (l2 + 4 * len > metaAt(meta, 3 + s2)) return needRoom(meta, s2, l2 + 4 * len, K, slot, next);
      if (oExpanded >= oNextPoll) {
        oNextPoll = oExpanded + POLL_INTERVAL;
        poll(oExpanded < tiles ? oExpanded : tiles);
      }
      const curBase = base + <f64>K;
      const b1 = <usize>metaAt(meta, s1);
      const b2 = <usize>metaAt(meta, s2);
      const gs = G * stride;
      if (rule === 3) expandBothFree(cp, dp, cur, len, b1, b2, l1, l2, meta, s1, s2, curBase, wd, gs, maxCost);
      else expandLoose(cp, dp, cur, len, b1, b2, l1, l2, meta, s1, s2, curBase, wd, gs, maxCost, rule);
    }
    setMeta(meta, 6 + slot, 0);
    K++;
    slot = s1;
  }
  oK = K;
  oSlot = slot;
  oNext = next;
  return 0;
}

function needRoom(meta: usize, bucket: i32, room: i32, K: i32, slot: i32, next: i32): i32 {
  oK = K;
  oSlot = slot;
  oNext = next;
  setMeta(meta, 9, bucket);
  setMeta(meta, 10, room);
  return 1;
}

@inline
function relax(cp: usize, dp: usize, b: usize, l: i32, t: i32, c: f64, gate: i32, back: u8): i32 {
  const at = cp + (<usize>t << 3);
  if ((gate & <i32>(c < load<f64>(at))) !== 0) {
    store<f64>(at, c);
    store<u8>(dp + <usize>t, back);
    store<i32>(b + (<usize>l << 2), t);
    return 1;
  }
  return 0;
}

/** Expands cur[0..len) (default rule: a diagonal needs both orthogonal tiles enterable). Stores the lengths. */
function expandBothFree(
  cp: usize,
  dp: usize,
  cur: usize,
  len: i32,
  b1: usize,
  b2: usize,
  l1: i32,
  l2: i32,
  meta: usize,
  s1: i32,
  s2: i32,
  curBase: f64,
  wd: f64,
  gs: i32,
  maxCost: f64,
): void {
  let expanded: i32 = 0;
  for (let h: i32 = 0; h < len; h++) {
    const p = load<i32>(cur + (<usize>h << 2));
    const cu = load<f64>(cp + (<usize>p << 3));
    // Stale: the tile was settled in an earlier bucket at a lower cost.
    if (cu < curBase) continue;
    expanded++;
    const c1 = cu + 1.0;
    if (!(c1 <= maxCost)) continue;
    // North and south of p in the grouped layout (see G): across a group boundary when p is a group's first or
    // last row.
    const pN = p + northOf(p, gs, G);
    const pS = p + southOf(p, gs, G);
    const cN = load<f64>(cp + (<usize>pN << 3));
    const cE = load<f64>(cp + (<usize>(p + G) << 3));
    const cS = load<f64>(cp + (<usize>pS << 3));
    const cW = load<f64>(cp + (<usize>(p - G) << 3));
    l1 += relax(cp, dp, b1, l1, pN, c1, 1, 2);
    l1 += relax(cp, dp, b1, l1, p + G, c1, 1, 3);
    l1 += relax(cp, dp, b1, l1, pS, c1, 1, 0);
    l1 += relax(cp, dp, b1, l1, p - G, c1, 1, 1);
    const c2 = cu + wd;
    if (!(c2 <= maxCost)) continue;
    // A neighbour of the seeds' code has a cost above -Infinity (settled or not).
    const fN = <i32>(cN > NEVER);
    const fE = <i32>(cE > NEVER);
    const fS = <i32>(cS > NEVER);
    const fW = <i32>(cW > NEVER);
    // Diagonal steps land in K + 1 or K + 2.
    if (c2 - curBase < 2.0) {
      l1 += relax(cp, dp, b1, l1, pN + G, c2, fN & fE, 6);
      l1 += relax(cp, dp, b1, l1, pS + G, c2, fS & fE, 7);
      l1 += relax(cp, dp, b1, l1, pS - G, c2, fS & fW, 4);
      l1 += relax(cp, dp, b1, l1, pN - G, c2, fN & fW, 5);
    } else {
      l2 += relax(cp, dp, b2, l2, pN + G, c2, fN & fE, 6);
      l2 += relax(cp, dp, b2, l2, pS + G, c2, fS & fE, 7);
      l2 += relax(cp, dp, b2, l2, pS - G, c2, fS & fW, 4);
      l2 += relax(cp, dp, b2, l2, pN - G, c2, fN & fW, 5);
    }
  }
  setMeta(meta, 6 + s1, l1);
  setMeta(meta, 6 + s2, l2);
  oExpanded += expanded;
}

/** {@link expandBothFree} for the other rules: 0 four neighbours, 1 diagonal always, 2 one orthogonal enterable. */
function expandLoose(
  cp: usize,
  dp: usize,
  cur: usize,
  len: i32,
  b1: usize,
  b2: usize,
  l1: i32,
  l2: i32,
  meta: usize,
  s1: i32,
  s2: i32,
  curBase: f64,
  wd: f64,
  gs: i32,
  maxCost: f64,
  rule: i32,
): void {
  let expanded: i32 = 0;
  const any: i32 = rule === 1 ? 1 : 0;
  for (let h: i32 = 0; h < len; h++) {
    const p = load<i32>(cur + (<usize>h << 2));
    const cu = load<f64>(cp + (<usize>p << 3));
    if (cu < curBase) continue;
    expanded++;
    const c1 = cu + 1.0;
    if (!(c1 <= maxCost)) continue;
    // North and south of p in the grouped layout (see G): across a group boundary when p is a group's first or
    // last row.
    const pN = p + northOf(p, gs, G);
    const pS = p + southOf(p, gs, G);
    const cN = load<f64>(cp + (<usize>pN << 3));
    const cE = load<f64>(cp + (<usize>(p + G) << 3));
    const cS = load<f64>(cp + (<usize>pS << 3));
    const cW = load<f64>(cp + (<usize>(p - G) << 3));
    l1 += relax(cp, dp, b1, l1, pN, c1, 1, 2);
    l1 += relax(cp, dp, b1, l1, p + G, c1, 1, 3);
    l1 += relax(cp, dp, b1, l1, pS, c1, 1, 0);
    l1 += relax(cp, dp, b1, l1, p - G, c1, 1, 1);
    if (rule === 0) continue;
    const c2 = cu + wd;
    if (!(c2 <= maxCost)) continue;
    const fN = <i32>(cN > NEVER);
    const fE = <i32>(cE > NEVER);
    const fS = <i32>(cS > NEVER);
    const fW = <i32>(cW > NEVER);
    if (c2 - curBase < 2.0) {
      l1 += relax(cp, dp, b1, l1, pN + G, c2, fN | fE | any, 6);
      l1 += relax(cp, dp, b1, l1, pS + G, c2, fS | fE | any, 7);
      l1 += relax(cp, dp, b1, l1, pS - G, c2, fS | fW | any, 4);
      l1 += relax(cp, dp, b1, l1, pN - G, c2, fN | fW | any, 5);
    } else {
      l2 += relax(cp, dp, b2, l2, pN + G, c2, fN | fE | any, 6);
      l2 += relax(cp, dp, b2, l2, pS + G, c2, fS | fE | any, 7);
      l2 += relax(cp, dp, b2, l2, pS - G, c2, fS | fW | any, 4);
      l2 += relax(cp, dp, b2, l2, pN - G, c2, fN | fW | any, 5);
    }
  }
  setMeta(meta, 6 + s1, l1);
  setMeta(meta, 6 + s2, l2);
  oExpanded += expanded;
}

/**
 * Writes padded rows ya..yb (within one group of 8) of the grouped cost and direction scratch row by row to
 * `out`: first (yb - ya + 1) * width costs (f64, |cost|: -Infinity becomes Infinity), then as many directions
 * (u8). Returns the number of tiles with a finite cost among them.
 */
export function octileRows(cp: usize, dp: usize, stride: i32, width: i32, ya: i32, yb: i32, out: usize): i32 {
  let settled: i32 = 0;
  const rows = yb - ya + 1;
  const dirOut = out + (<usize>(rows * width) << 3);
  // Column x + 1 of the group, rows ya & 7 .. yb & 7: 8 consecutive costs per column, read in order.
  let q = <usize>((ya >> 3) * G * stride + G + (ya & (G - 1)));
  const w = <usize>width;
  for (let x: usize = 0; x < w; x++) {
    let o = x;
    for (let r: i32 = 0; r < rows; r++) {
      const c = Math.abs(load<f64>(cp + ((q + <usize>r) << 3)));
      store<f64>(out + (o << 3), c);
      store<u8>(dirOut + o, load<u8>(dp + q + <usize>r));
      settled += <i32>(c < Infinity);
      o += w;
    }
    q += G;
  }
  return settled;
}

// The flow kernel (wasm/flow.ts) shares this module and its memory.
export { flowOrder, flowOutputs, flowStart, flowVisit } from './flow';
