import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
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

/** The folders of the Moving AI maps: the shipped ones, then the 1024-wide ones (`large/`, gzipped). */
function movingAiDirs(): string[] {
  return [movingAiDir, join(movingAiDir, 'large')];
}

/** The names of the maps in the Moving AI folders (`NAME.map` or `NAME.map.gz`). */
export function movingAiNames(): string[] {
  const names: string[] = [];
  for (const base of movingAiDirs()) {
    const dir = join(base, 'maps');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      const match = /^(.*)\.map(\.gz)?$/.exec(f);
      if (match) names.push(match[1] as string);
    }
  }
  return names.sort();
}

/** The text of `folder/file` in the Moving AI folders, plain or gzipped; null when there is none. */
function readMovingAi(folder: string, file: string): string | null {
  for (const base of movingAiDirs()) {
    const path = join(base, folder, file);
    if (existsSync(path)) return readFileSync(path, 'utf8');
    if (existsSync(`${path}.gz`)) return gunzipSync(readFileSync(`${path}.gz`)).toString('utf8');
  }
  return null;
}

export function loadMovingAi(name: string): BenchMap {
  const text = readMovingAi('maps', `${name}.map`);
  if (text === null) throw new Error(`no Moving AI map ${name} in ${movingAiDir}`);
  const grid = parseMovingAiMap(text);
  const scen = readMovingAi('scenarios', `${name}.map.scen`);
  const scenarios = scen
    ? scen
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
