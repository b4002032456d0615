import { createRandom, type Grid } from '@fieldmarshal/core';
import {
  type ConvexSets,
  createTacticRoute,
  pickCandidate,
  routePath,
  type TacticSearchResult,
} from '@fieldmarshal/core/tactics';
import type { TacticsScene } from './tactics-compute.js';

/** A tile position. */
export interface Point {
  x: number;
  y: number;
}

/** The candidate index each search starts from (the seed's random pick; A then cycles from there). */
export interface CandidatePicks {
  flank: number;
  retreat: number;
}

/** The routes drawn for one placement: into red's set, through the chosen flank set, into the retreat set. */
export interface SceneRoutes {
  flankVia: number;
  retreatVia: number;
  targetSet: number;
  direct: Int32Array;
  flank: Int32Array;
  retreat: Int32Array;
}

/** The chosen set of a search: the candidate at `index` (cycled with A), or the player's own set. */
export function chosenSet(result: TacticSearchResult, index: number): number {
  const n = result.candidates.length;
  return n === 0 ? result.mySet : (result.candidates[index % n] as number);
}

/** The tile path from `from` through set `via` towards `to` (empty when there is no route). */
export function safeRoute(grid: Grid, sets: ConvexSets, from: Point, to: Point, via: number, approach: boolean) {
  try {
    // No route (the set cannot be reached): the start alone, as before API 1.0.
    return (
      routePath(createTacticRoute(grid, sets, via, to, { approach }), sets, from)?.points ??
      Int32Array.of(from.x, from.y)
    );
  } catch {
    return new Int32Array(0);
  }
}

/** The seed's random pick of a candidate in each search, seeded by the two positions (stable per placement). */
export function seedPicks(scene: TacticsScene, blue: Point, red: Point): CandidatePicks {
  const random = createRandom(blue.x * 73856093 + blue.y * 19349663 + red.x * 83492791 + red.y);
  const f = pickCandidate(scene.flank, random);
  const r = pickCandidate(scene.retreat, random);
  return {
    flank: Math.max(0, scene.flank.candidates.indexOf(f)),
    retreat: Math.max(0, scene.retreat.candidates.indexOf(r)),
  };
}

/** The index shown of `n` candidates: the pick moved by `cycle` (either way), wrapped into 0..n-1. */
export function cycledIndex(pick: number, cycle: number, n: number): number {
  return n === 0 ? 0 : (((pick + cycle) % n) + n) % n;
}

/** The routes of a placement with each search's pick moved by its own cycle. */
export function sceneRoutes(
  scene: TacticsScene,
  picks: CandidatePicks,
  cycles: CandidatePicks,
  grid: Grid,
  sets: ConvexSets,
  blue: Point,
  red: Point,
): SceneRoutes {
  const flankVia = chosenSet(scene.flank, cycledIndex(picks.flank, cycles.flank, scene.flank.candidates.length));
  const retreatVia = chosenSet(
    scene.retreat,
    cycledIndex(picks.retreat, cycles.retreat, scene.retreat.candidates.length),
  );
  const targetSet = scene.flank.targetSet;
  return {
    flankVia,
    retreatVia,
    targetSet,
    direct: safeRoute(grid, sets, blue, red, targetSet, true),
    flank: safeRoute(grid, sets, blue, red, flankVia, true),
    retreat: safeRoute(grid, sets, blue, red, retreatVia, false),
  };
}

/** The Decision panel's line for one search: its candidate count and which one is shown. */
export function candidateText(
  name: string,
  result: TacticSearchResult,
  routes: SceneRoutes | null,
  via: number,
  pick: number,
  cycle: number,
): string {
  const n = result.candidates.length;
  if (!routes || n === 0) return `${name}: ${n} candidates, falls back to own set`;
  const which = cycle === 0 ? "the seed's random pick" : `candidate ${cycledIndex(pick, cycle, n) + 1} of ${n}`;
  return `${name}: ${n} candidates, showing set ${via} (${which})`;
}

/** Moves as the plain summary words them. */
function moves(v: number | undefined): string {
  if (v === undefined || v < 0 || !Number.isFinite(v)) return 'no way';
  return `${v} move${v === 1 ? '' : 's'}`;
}

/**
 * The decision in plain words: where blue flanks through and retreats to, and how far each is, from the set
 * costs (m from blue, t from red) of the chosen sets.
 */
export function plainSummary(scene: TacticsScene, routes: SceneRoutes | null): string[] {
  const c = scene.flank.constants;
  if (!c || !routes) {
    return scene.flank.mySet === scene.flank.targetSet
      ? ['Blue and red stand in the same open area: blue simply walks up to red; there is nothing to flank.']
      : ['Blue cannot reach red: there is no way round and nothing to retreat from.'];
  }
  const m = scene.pair.me;
  const t = scene.pair.target;
  const lines = [`Walking straight at red takes about ${moves(c.myCost)}.`];
  if (scene.flank.candidates.length === 0 || routes.flankVia === scene.flank.mySet)
    lines.push('No area qualifies for a flank here: blue goes straight at red (red route).');
  else
    lines.push(
      `Flank (green): blue first goes to set ${routes.flankVia}, ${moves(m[routes.flankVia])} from blue and ${moves(t[routes.flankVia])} from red, so it comes at red from another side instead of head-on.`,
    );
  if (scene.retreat.candidates.length === 0 || routes.retreatVia === scene.retreat.mySet)
    lines.push('No area qualifies for a retreat: blue stays where it is.');
  else
    lines.push(
      `Retreat (orange): blue falls back to set ${routes.retreatVia}, ${moves(m[routes.retreatVia])} away, where red needs ${moves(t[routes.retreatVia])} to follow: farther from red than from blue.`,
    );
  return lines;
}

/** A move count for the readout: ∞ for unreachable. */
export function formatMoves(v: number | undefined): string {
  if (v === undefined || v < 0 || !Number.isFinite(v)) return '∞';
  return String(v);
}

/** What the readout shows of a tile: its set and the tile's and the set's moves from blue (m) and red (t). */
export interface TacticsTileInfo {
  set: number;
  m: number | undefined;
  t: number | undefined;
  sm: number | undefined;
  st: number | undefined;
}

/** The readout of the hovered tile, or null. */
export function tacticsTileInfo(
  hover: Point | null,
  grid: Grid,
  sets: ConvexSets,
  scene: TacticsScene | null,
): TacticsTileInfo | null {
  if (!hover || !grid.inBounds(hover.x, hover.y)) return null;
  const i = hover.y * grid.width + hover.x;
  const set = sets.setOf[i] as number;
  const m = scene?.fromBlue[i];
  const t = scene?.fromRed[i];
  const sm = set >= 0 ? scene?.pair.me[set] : undefined;
  const st = set >= 0 ? scene?.pair.target[set] : undefined;
  return { set, m, t, sm, st };
}
