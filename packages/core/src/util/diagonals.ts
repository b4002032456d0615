/**
 * The diagonal steps a tile may take, from whether its N, E, S and W neighbours are enterable (`both`: both side
 * tiles of a diagonal must be, `always`: none need be, else one of them): bit 0 NE, 1 SE, 2 SW, 3 NW.
 */
export function diagonalsAllowed(
  both: boolean,
  always: boolean,
  fN: boolean,
  fE: boolean,
  fS: boolean,
  fW: boolean,
): number {
  if (both) return (fN && fE ? 1 : 0) | (fS && fE ? 2 : 0) | (fS && fW ? 4 : 0) | (fN && fW ? 8 : 0);
  if (always) return 15;
  return (fN || fE ? 1 : 0) | (fS || fE ? 2 : 0) | (fS || fW ? 4 : 0) | (fN || fW ? 8 : 0);
}
