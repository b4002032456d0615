/**
 * Local regions of a sector: its walkable tiles grouped by what they reach without leaving the sector (a flood
 * fill under the move rules: same code, and diagonal moves only where the diagonal rule allows them). Labels
 * are 1, 2, ... in the order the first tile of each region appears in a row-major scan, so they depend only
 * on the sector's own tiles. Only the labels of the border tiles are kept (`borderLabel`, 4 * size per
 * sector: north row, south row, west column, east column): entrance placement and the intra searches need
 * nothing else.
 */
import type { LocalSearch } from './local-search.js';
import { R_ALWAYS, R_ONE_FREE } from './sector-options.js';

/** Per-thread scratch: labels per padded tile and the flood queue. */
let labels = new Uint16Array(0);
let queue = new Int32Array(0);

/**
 * Labels the regions of the sector loaded in `search`, writes the labels of its border tiles at
 * `borderLabel[at .. at + 4 * size)`, and returns the number of regions. Labels beyond the sector's real
 * width or height are 0.
 */
export function labelRegions(search: LocalSearch, rule: number, size: number, borderLabel: Uint16Array, at: number) {
  const { st, stride, w, h, off } = search;
  const padded = stride * (h + 2);
  if (labels.length < padded) {
    labels = new Uint16Array(padded);
    queue = new Int32Array(padded);
  }
  labels.fill(0, 0, padded);
  let count = 0;
  const diagonals = rule === R_ALWAYS || rule === R_ONE_FREE;
  for (let y = 1; y <= h; y++) {
    for (let p = y * stride + 1, end = p + w; p < end; p++) {
      const code = st[p] as number;
      if (code === 0 || labels[p] !== 0) continue;
      const label = ++count;
      labels[p] = label;
      let head = 0;
      let tail = 0;
      queue[tail++] = p;
      while (head < tail) {
        const q = queue[head++] as number;
        for (let d = 0; d < 4; d++) {
          const t = q + (off[d] as number);
          if (st[t] === code && labels[t] === 0) {
            labels[t] = label;
            queue[tail++] = t;
          }
        }
        if (!diagonals) continue;
        for (let d = 4; d < 8; d++) {
          const t = q + (off[d] as number);
          if (st[t] !== code || labels[t] !== 0) continue;
          if (rule !== R_ALWAYS) {
            const a = st[q + (off[d === 4 || d === 7 ? 0 : 2] as number)] === code;
            const b = st[q + (off[d === 4 || d === 5 ? 1 : 3] as number)] === code;
            if (!(a || b)) continue;
          }
          labels[t] = label;
          queue[tail++] = t;
        }
      }
    }
  }
  borderLabel.fill(0, at, at + 4 * size);
  for (let x = 0; x < w; x++) {
    borderLabel[at + x] = labels[stride + 1 + x] as number;
    borderLabel[at + size + x] = labels[h * stride + 1 + x] as number;
  }
  for (let y = 0; y < h; y++) {
    borderLabel[at + 2 * size + y] = labels[(y + 1) * stride + 1] as number;
    borderLabel[at + 3 * size + y] = labels[(y + 1) * stride + w] as number;
  }
  return count;
}
