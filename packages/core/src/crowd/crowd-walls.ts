// The wall tests of the crowd step: is a column (or row) of tiles, between two rows (columns), blocked or off the
// map? Used by crowd-step.ts when a unit's square enters a new column or row.

/** True when column c, rows r0 to r1, has a blocked tile or lies (partly) outside the map. */
export function columnBlocked(passable: Uint8Array, W: number, H: number, c: number, r0: number, r1: number): boolean {
  if (c < 0 || c >= W || r0 < 0 || r1 >= H) return true;
  for (let r = r0; r <= r1; r++) if (passable[r * W + c] === 0) return true;
  return false;
}

/** True when row r, columns c0 to c1, has a blocked tile or lies (partly) outside the map. */
export function rowBlocked(passable: Uint8Array, W: number, H: number, r: number, c0: number, c1: number): boolean {
  if (r < 0 || r >= H || c0 < 0 || c1 >= W) return true;
  const base = r * W;
  for (let c = c0; c <= c1; c++) if (passable[base + c] === 0) return true;
  return false;
}
