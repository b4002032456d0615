// The flanking tutorial's flank and retreat tests without argument checks, for the search's loop over every set (the public
// flankKeeps and retreatKeeps check their arguments and call these). Internal to src/tactics.

/** The constants the tests read (a TacticConstants). */
interface Shape {
  hyperbola: number;
  smallEllipse: number;
  largeEllipse: number;
  circle: number;
}

/** `flankKeeps` without the checks, for the search's loop. */
export function flankTest(m: number, t: number, c: Shape): boolean {
  if (m < 0 || t < 0) return false;
  const sum = m + t;
  return Math.abs(m - t) <= c.hyperbola && sum >= c.smallEllipse && sum <= c.largeEllipse;
}

/** `retreatKeeps` without the checks, for the search's loop. */
export function retreatTest(m: number, t: number, c: Shape): boolean {
  if (m < 0 || t < 0) return false;
  return m <= t && t - m >= c.hyperbola && t >= c.circle && m <= c.circle;
}
