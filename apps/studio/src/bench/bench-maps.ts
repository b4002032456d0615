import { withBenchTerrain } from '@fieldmarshal/bench/scenarios';
import { type Grid, generateMap, type MapKind, parseMovingAiMap } from '@fieldmarshal/core';
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

/**
 * Loads (or generates) a benchmark map; `terrain` adds the weighted kernel's terrain layer (costs 1 to 4, the
 * CLI's). `base` is the studio's address, for the shipped Moving AI maps (a worker's own address is its script's).
 */
export async function loadBenchMap(
  spec: BenchMapSpec,
  terrain: boolean,
  signal?: AbortSignal,
  base?: string,
): Promise<BenchMap> {
  let grid: Grid;
  let name: string;
  let scenario: ScenarioRow[] | null = null;
  if (spec.kind === 'generated') {
    grid = generateMap(spec.generator, spec.size, spec.size, { density: 0.2, seed: 1 });
    name = spec.generator === 'random' ? 'random (20% walls)' : spec.generator;
  } else if (spec.kind === 'movingai') {
    grid = parseMovingAiMap(await fetchMovingAiText(spec.name, signal, base));
    name = spec.name;
    scenario = parseScenario(await fetchScenarioText(spec.name, signal, base));
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
