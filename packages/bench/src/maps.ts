import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Grid, generateMap, type MapKind, parseMovingAiMap } from '@fieldmarshal/core';

/** The repository's copy of the Moving AI maps (override with FM_MOVINGAI_DIR). */
export const movingAiDir: string =
  process.env.FM_MOVINGAI_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'data', 'movingai');

export interface BenchMap {
  name: string;
  grid: Grid;
  /** Moving AI scenario rows [sx, sy, gx, gy, optimal], when the map has them. */
  scenarios: number[][];
}

export function movingAiNames(): string[] {
  const dir = join(movingAiDir, 'maps');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.map'))
        .map((f) => f.slice(0, -4))
        .sort()
    : [];
}

export function loadMovingAi(name: string): BenchMap {
  const grid = parseMovingAiMap(readFileSync(join(movingAiDir, 'maps', `${name}.map`), 'utf8'));
  const scenPath = join(movingAiDir, 'scenarios', `${name}.map.scen`);
  const scenarios = existsSync(scenPath)
    ? readFileSync(scenPath, 'utf8')
        .split(/\r?\n/)
        .slice(1)
        .filter((l) => l.trim() !== '')
        .map((l) => l.split('\t').slice(4, 9).map(Number))
    : [];
  return { name, grid, scenarios };
}

/** A generated map, e.g. `random-1024` (20% walls), `rooms-2048`, `maze-512`, `open-4096`. */
export function generatedMap(spec: string): BenchMap {
  const match = /^(open|random|rooms|maze)-(\d+)$/.exec(spec);
  if (!match)
    throw new Error(`unknown map ${JSON.stringify(spec)}: use a Moving AI name or KIND-SIZE, e.g. random-1024`);
  const kind = match[1] as MapKind;
  const size = Number(match[2]);
  return { name: spec, grid: generateMap(kind, size, size, { density: 0.2, seed: 1 }), scenarios: [] };
}

export function loadMap(spec: string): BenchMap {
  return movingAiNames().includes(spec) ? loadMovingAi(spec) : generatedMap(spec);
}

export { walkableTiles } from './scenarios/random.js';
