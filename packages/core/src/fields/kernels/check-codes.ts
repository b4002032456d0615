import { OutOfRangeError } from '../../errors.js';
import { codesCheckedVersion } from '../../grid/codes-checked.js';
import type { Grid } from '../../grid/grid.js';

/**
 * The grid versions whose passability codes are known to be valid, per grid buffer (per thread). Edits made
 * through the grid's setters are checked when made; only `touch()` (after direct writes into `passable`) and a
 * buffer never seen before need a scan (grids made by the generators and parsers are known already), so an
 * unchanged grid, or one edited only through its setters, is not scanned again.
 */
const checkedVersion = codesCheckedVersion;

/**
 * Throws OutOfRangeError naming the first tile whose passability code is not 0, 1 or 2 (written directly into
 * `grid.passable`): the kernels keep flags in the upper bits of a copy of each code, so another code would make
 * them read outside their memory or disagree between metrics. Scans the grid only when it has unknown edits
 * (`touch()`) since the last check of its buffer on this thread, or on the first look at the buffer. PERF: the
 * scan reads four codes per load.
 */
export function checkPassableCodes(grid: Grid): void {
  const version = grid.version;
  const seen = checkedVersion.get(grid.buffer);
  if (seen !== undefined && grid.edits.unknownVersion <= seen) {
    if (version > seen) checkedVersion.set(grid.buffer, version);
    return;
  }
  const passable = grid.passable;
  const n = passable.length;
  let start = 0;
  if ((passable.byteOffset & 3) === 0) {
    const words = new Uint32Array(passable.buffer, passable.byteOffset, n >> 2);
    for (let w = 0; w < words.length; w++) {
      const v = words[w] as number;
      // A byte above 3 has a bit in 0xfc; a byte of 3 has both low bits set.
      if ((v & 0xfcfcfcfc) !== 0 || (v & (v >>> 1) & 0x01010101) !== 0) {
        start = w << 2;
        break;
      }
      start = (w + 1) << 2;
    }
  }
  for (let i = start; i < n; i++) {
    const code = passable[i] as number;
    if (code > 2) {
      const x = i % grid.width;
      throw new OutOfRangeError(
        `passability code at (${x}, ${(i - x) / grid.width})`,
        code,
        '0, 1 or 2 (set codes with setPassable, or write valid codes before touch())',
      );
    }
  }
  checkedVersion.set(grid.buffer, version);
}
