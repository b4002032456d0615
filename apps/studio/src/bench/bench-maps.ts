import { Grid, generateMap, type MapKind, parseMovingAiMap } from '@fieldmarshal/core';
import { parseScenario, type ScenarioRow } from '../shared/map-files/scenario.js';
import { fetchMovingAiText, fetchScenarioText } from '../shared/moving-ai.js';

/** A map the benchmark runs on: generated (seeded, 20% walls for `random`), shipped Moving AI, or a dropped file. */
export type BenchMapSpec =
  | { kind: 'generated'; generator: MapKind; size: number }
  | { kind: 'movingai'; name: string }
  | { kind: 'file'; name: string; grid: Grid; scenario: ScenarioRow[] | null };

/** A loaded benchmark map. */
export interface BenchMap {
  /** Size as the results show it, e.g. `512x512`. */
  size: string;
  /** What map it is, e.g. `random (20% walls)`, `den520d`. */
  name: string;
  grid: Grid;
  /** Moving AI scenario rows (start, goal, optimal length), when the map has them. */
  scenario: ScenarioRow[] | null;
}

/** A stable key of a spec (selection lists). */
export function benchMapKey(spec: BenchMapSpec): string {
  return spec.kind === 'generated' ? `gen:${spec.generator}:${spec.size}` : `${spec.kind}:${spec.name}`;
}

/** A copy of `grid` with terrain costs 1-4 (seeded), for the weighted kernel. */
export function withBenchTerrain(base: Grid): Grid {
  const grid = Grid.create(base.width, base.height, { terrain: true });
  grid.passable.set(base.passable);
  const t = grid.terrain as Float32Array;
  let s = 12345;
  for (let i = 0; i < t.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    t[i] = 1 + (s >>> 30);
  }
  return grid;
}

/** Loads (or generates) a benchmark map; `terrain` adds the weighted kernel's terrain layer. */
export async function loadBenchMap(spec: BenchMapSpec, terrain: boolean, signal?: AbortSignal): Promise<BenchMap> {
  let grid: Grid;
  let name: string;
  let scenario: ScenarioRow[] | null = null;
  if (spec.kind === 'generated') {
    grid = generateMap(spec.generator, spec.size, spec.size, { density: 0.2, seed: 1 });
    name = spec.generator === 'random' ? 'random (20% walls)' : spec.generator;
  } else if (spec.kind === 'movingai') {
    grid = parseMovingAiMap(await fetchMovingAiText(spec.name, signal));
    name = spec.name;
    scenario = parseScenario(await fetchScenarioText(spec.name, signal));
  } else {
    grid = spec.grid;
    name = spec.name;
    scenario = spec.scenario;
  }
  return {
    size: `${grid.width}x${grid.height}`,
    name,
    grid: terrain ? withBenchTerrain(grid) : grid,
    scenario,
  };
}

/** `count` distinct walkable goal tiles spread over the map (deterministic). */
export function benchGoals(grid: Grid, count: number): { x: number; y: number }[] {
  const goals: { x: number; y: number }[] = [];
  const n = grid.width * grid.height;
  for (
    let k = 0, i = Math.floor(n / 2) + Math.floor(grid.width / 2);
    goals.length < count && k < n;
    k++, i = (i + 7919 * 131) % n
  ) {
    if (grid.passable[i] === 1) goals.push({ x: i % grid.width, y: Math.floor(i / grid.width) });
  }
  return goals;
}

/** A deterministic random generator in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
