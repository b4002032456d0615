import { Grid, generateMap, type MapKind, parseMovingAiMap } from '@fieldmarshal/core';
import { MAP_KINDS } from '@fieldmarshal/core/grid';
import { fetchMovingAiText, MOVING_AI_MAPS } from '../../shared/moving-ai.js';

/**
 * Where a big map comes from: `city` (the Moving AI city map Berlin_0_256 scaled up, each tile becoming k x k
 * tiles: the game-like map of the sector benchmark), a generator of core (`random`, `rooms`, `maze`, `open`), a
 * shipped Moving AI map at its own size (`movingai:<name>`), or a map opened from a file and kept in this browser
 * (`kept:<hash>`, the first 16 characters of its content's hash).
 */
export type BigMapSource = 'city' | MapKind | `movingai:${string}` | `kept:${string}`;

export interface BigMapSettings {
  source: BigMapSource;
  /** Side in tiles (generated and city maps). */
  size: number;
  /** Integer >= 0. */
  seed: number;
  /** Share of walls of `random`, 0..1. */
  density: number;
}

/** Sides offered, in tiles. */
export const BIG_MAP_SIZES = [256, 512, 1024, 2048, 4096, 8192] as const;

export const DEFAULT_BIG_MAP: BigMapSettings = { source: 'city', size: 2048, seed: 1, density: 0.2 };

/** Every source, with its label, for the map form. */
export const BIG_MAP_SOURCES: readonly { id: BigMapSource; label: string }[] = [
  { id: 'city', label: 'city (Berlin_0_256 scaled up)' },
  ...MAP_KINDS.map((k) => ({ id: k as BigMapSource, label: `generated: ${k}` })),
  ...MOVING_AI_MAPS.map((m) => ({
    id: `movingai:${m.name}` as BigMapSource,
    label: `Moving AI: ${m.name} (${m.size})`,
  })),
];

/** True when the source takes the size, seed and density settings. */
export function isGenerated(source: BigMapSource): boolean {
  return !source.startsWith('movingai:') && !source.startsWith('kept:');
}

/** Progress of making a map: the stage and the fraction done (null while unknown). */
export type MakeProgress = (stage: string, fraction: number | null) => void;

/**
 * `base` scaled up `k` times: every tile becomes k x k tiles of the same passability, in a new shared grid;
 * `onRow` hears every row of `base` done. PERF: one row is expanded, then copied to the k - 1 rows under it
 * (typed-array copies, no per-tile calls).
 */
export function scaleUp(base: Grid, k: number, onRow?: (row: number) => void): Grid {
  const w = base.width * k;
  const grid = Grid.create(w, base.height * k);
  const src = base.passable;
  const dst = grid.passable;
  for (let y = 0; y < base.height; y++) {
    const row = y * k * w;
    for (let x = 0; x < base.width; x++) dst.fill(src[y * base.width + x] as number, row + x * k, row + x * k + k);
    for (let r = 1; r < k; r++) dst.copyWithin(row + r * w, row, row + w);
    onRow?.(y);
  }
  return grid;
}

/**
 * Makes the map of `s` (run it in a worker: a generated 8192 x 8192 map takes seconds). `base` is the studio's
 * address, for the shipped maps. Kept maps are opened by the page, not here.
 */
export async function makeBigMap(
  s: BigMapSettings,
  signal?: AbortSignal,
  onProgress?: MakeProgress,
  base?: string,
): Promise<{ grid: Grid; label: string }> {
  if (s.source.startsWith('kept:')) throw new Error('a kept map is opened from the browser, not made');
  if (s.source.startsWith('movingai:')) {
    const name = s.source.slice(9);
    onProgress?.(`loading ${name}`, null);
    const grid = parseMovingAiMap(await fetchMovingAiText(name, signal, base));
    return { grid, label: name };
  }
  if (s.source === 'city') {
    onProgress?.('loading Berlin_0_256', 0);
    const map = parseMovingAiMap(await fetchMovingAiText('Berlin_0_256', signal, base));
    const k = Math.max(1, Math.round(s.size / map.width));
    const grid = scaleUp(map, k, (row) => {
      if (row % 16 === 15) onProgress?.(`scaling up ${k} times`, 0.05 + (0.95 * row) / map.height);
    });
    return { grid, label: `Berlin_0_256 x ${k} (${map.width * k} x ${map.height * k})` };
  }
  const kind = s.source as MapKind;
  // core's generators report no progress: the stage is shown without a fraction (and with the time it takes).
  onProgress?.(`generating ${s.size} x ${s.size} ${kind}`, null);
  const grid = generateMap(kind, s.size, s.size, { seed: s.seed, density: s.density });
  const what = kind === 'random' ? `random, ${Math.round(s.density * 100)}% walls` : kind;
  return { grid, label: `${what} ${s.size} x ${s.size}, seed ${s.seed}` };
}

/** A walkable tile near (x, y) (searched in growing squares), or null when there is none nearby. */
export function nearestWalkable(grid: Grid, x: number, y: number, reach = 64): { x: number; y: number } | null {
  for (let r = 0; r <= reach; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const tx = x + dx;
        const ty = y + dy;
        if (grid.inBounds(tx, ty) && grid.isPassable(tx, ty)) return { x: tx, y: ty };
      }
    }
  }
  return null;
}
