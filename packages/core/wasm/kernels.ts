// Field kernels compiled to WebAssembly with AssemblyScript (`node scripts/build-wasm.mjs` in packages/core).
// This is AssemblyScript, not TypeScript: `i32`, `usize`, `load<T>` and `store<T>` are its built-ins. The host
// (src/fields/wasm-kernels.ts) owns the imported memory and lays out the arrays; every pointer below is a byte
// offset into that memory. The algorithms are the ones of the JavaScript kernels (src/fields/kernel-bfs.ts,
// src/fields/kernel-octile-one-code.ts), which stay as the fallback; both are checked against the same slow
// reference by the tests, and they give the same costs and directions bit for bit.

/** Progress and cancellation: the host stores `done` for progress and throws to abort. */
@external('env', 'poll')
declare function poll(done: i32): void;

/** Tiles between two polls. */
const POLL_INTERVAL: i32 = 4096;

/** Waves the last `bfs` call labelled (the host bounds the rows it copies with it). */
export let bfsLevels: i32 = 0;

/**
 * Breadth-first waves over padded state bytes (0 never enterable, 1 open, 2 reached; stride `stride`, one-tile
 * wall border). The host has written the `seeds` seed entries (`p << 4 | 15`) at `q` and marked their states 2.
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
  stride: i32,
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
    if (rule === 3) t = waveBothFree(st, q, wave, dp, h, end, t, cw, stride);
    else if (rule === 0) t = waveFour(st, q, wave, dp, h, end, t, cw, stride);
    else t = waveLoose(st, q, wave, dp, h, end, t, cw, stride, rule === 1 ? 2 : 0);
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

function waveBothFree(st: usize, q: usize, wave: usize, dp: usize, h: i32, end: i32, t: i32, cw: f32, s: i32): i32 {
  const s16 = s << 4;
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    const bN = <i32>load<u8>(st + <usize>(p - s)) + 1;
    t += probe(st, q, t, p - s, pe - s16 + 2, 1);
    const bE = <i32>load<u8>(st + <usize>(p + 1)) + 1;
    t += probe(st, q, t, p + 1, pe + 19, 1);
    const bS = <i32>load<u8>(st + <usize>(p + s)) + 1;
    t += probe(st, q, t, p + s, pe + s16, 1);
    const bW = <i32>load<u8>(st + <usize>(p - 1)) + 1;
    t += probe(st, q, t, p - 1, pe - 15, 1);
    t += probe(st, q, t, p - s + 1, pe - s16 + 22, (bN & bE) >> 1);
    t += probe(st, q, t, p + s + 1, pe + s16 + 23, (bS & bE) >> 1);
    t += probe(st, q, t, p + s - 1, pe + s16 - 12, (bS & bW) >> 1);
    t += probe(st, q, t, p - s - 1, pe - s16 - 11, (bN & bW) >> 1);
  }
  return t;
}

function waveFour(st: usize, q: usize, wave: usize, dp: usize, h: i32, end: i32, t: i32, cw: f32, s: i32): i32 {
  const s16 = s << 4;
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    t += probe(st, q, t, p - s, pe - s16 + 2, 1);
    t += probe(st, q, t, p + 1, pe + 19, 1);
    t += probe(st, q, t, p + s, pe + s16, 1);
    t += probe(st, q, t, p - 1, pe - 15, 1);
  }
  return t;
}

/** `any` is 2 for "diagonal always" (sets the enterable bit of every gate), 0 for "one orthogonal enterable". */
function waveLoose(
  st: usize,
  q: usize,
  wave: usize,
  dp: usize,
  h: i32,
  end: i32,
  t: i32,
  cw: f32,
  s: i32,
  any: i32,
): i32 {
  const s16 = s << 4;
  for (; h < end; h++) {
    const e = load<i32>(q + (<usize>h << 2));
    const p = e >> 4;
    store<f32>(wave + (<usize>p << 2), cw);
    store<u8>(dp + <usize>p, <u8>(e & 15));
    const pe = e & -16;
    const bN = <i32>load<u8>(st + <usize>(p - s)) + 1;
    t += probe(st, q, t, p - s, pe - s16 + 2, 1);
    const bE = <i32>load<u8>(st + <usize>(p + 1)) + 1;
    t += probe(st, q, t, p + 1, pe + 19, 1);
    const bS = <i32>load<u8>(st + <usize>(p + s)) + 1;
    t += probe(st, q, t, p + s, pe + s16, 1);
    const bW = <i32>load<u8>(st + <usize>(p - 1)) + 1;
    t += probe(st, q, t, p - 1, pe - 15, 1);
    t += probe(st, q, t, p - s + 1, pe - s16 + 22, ((bN | bE | any) >> 1) & 1);
    t += probe(st, q, t, p + s + 1, pe + s16 + 23, ((bS | bE | any) >> 1) & 1);
    t += probe(st, q, t, p + s - 1, pe + s16 - 12, ((bS | bW | any) >> 1) & 1);
    t += probe(st, q, t, p - s - 1, pe - s16 - 11, ((bN | bW | any) >> 1) & 1);
  }
  return t;
}
