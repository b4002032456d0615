import { Grid, locateInAscii, type MapKind, parseAsciiMap, parseMovingAiMap } from '@fieldmarshal/core';
import type { GeneratedMapSettings } from '../../shared/generated-map.js';
import { generateOffThread } from '../../shared/map-files/map-file-loader.js';
import { fetchMovingAiText, MOVING_AI_MAPS } from '../../shared/moving-ai.js';

export { fetchScenarioText, MOVING_AI_MAPS } from '../../shared/moving-ai.js';

/** The 9 x 9 level of the scent-map article ("Scent Map II", thrig): `@` the hero, `S` the snake, `+` the door; all three are floor. */
export const SEED_002_LEVEL = `
.........
.#+###.#.
.#...#.#.
.#.@.#.#.
.#...#...
.#..S#..#
.######..
....#.##.
.#.##.#..
`;

/** A small hand-drawn level: rooms, doors, a dead end and a loop. `G` goal, `U` unit; both are floor. */
export const DEMO_LEVEL = `
########################################
#......#...........#.........#.........#
#......#...........#.........#....U....#
#......#....###....#.........#.........#
#..G...+....#.#....+.........+.........#
#......#....#.#....#.........#.........#
#......#....###....#####.#####.........#
#......#...........#.........#.........#
####.#####.#########.........######.####
#........#.#.......#.........#.........#
#........#.#.......#.........#..####...#
#........#.#...#...#.........#..#..#...#
#..........#...#.....................###
#........#.....#...#.........#.........#
#........#######...#######.###.........#
#........#.........#.........#.........#
#........#.........#.........#....#....#
#........#.........#.........#....#....#
#..............................#..#....#
########################################
`;

/** Where a map comes from. */
export type MapSource =
  | { kind: 'movingai'; name: string }
  | { kind: 'generated'; generator: MapKind; width: number; height: number; seed: number; density: number }
  | { kind: 'demo'; name: 'demo' | 'seed-002' }
  | { kind: 'file'; name: string };

/** A loaded map with the markers its source suggests (goals/sources, a unit's start). */
export interface LoadedMap {
  grid: Grid;
  /** Short description for the UI. */
  label: string;
  /** Suggested goals (or sources, threats) to start with. */
  goals: { x: number; y: number }[];
  /** Suggested starting tile of a unit, if any. */
  unit: { x: number; y: number } | null;
  /** Shown instead of the map a link named (not kept in this browser): the link's points and edits are not its. */
  instead?: boolean;
}

/** Legend for the demo levels: the marker characters are floor tiles. */
const DEMO_LEGEND = { '#': 0, '.': 1, '+': 1, '@': 1, S: 1, G: 1, U: 1 } as const;

/** Loads or generates a map. Moving AI maps are fetched from the studio's `/maps/` folder. */
export async function loadMapSource(source: MapSource, signal?: AbortSignal): Promise<LoadedMap> {
  switch (source.kind) {
    case 'file':
      throw new Error(`the map file ${source.name} is not kept in links or after a reload: open it again`);
    case 'movingai': {
      const grid = parseMovingAiMap(await fetchMovingAiText(source.name, signal));
      return { grid, label: `${source.name} (${grid.width} x ${grid.height})`, goals: [], unit: null };
    }
    case 'generated': {
      const grid = await generateOffThread(source, signal);
      return {
        grid,
        label: `${source.generator} ${source.width} x ${source.height}, seed ${source.seed}`,
        goals: [],
        unit: null,
      };
    }
    case 'demo': {
      const text = source.name === 'seed-002' ? SEED_002_LEVEL : DEMO_LEVEL;
      const grid = parseAsciiMap(text, DEMO_LEGEND);
      const goalChar = source.name === 'seed-002' ? '@' : 'G';
      const unitChar = source.name === 'seed-002' ? 'S' : 'U';
      return {
        grid,
        label:
          source.name === 'seed-002' ? 'scent article level (9 x 9)' : `demo level (${grid.width} x ${grid.height})`,
        goals: locateInAscii(text, goalChar),
        unit: locateInAscii(text, unitChar)[0] ?? null,
      };
    }
  }
}

/** A stable text key of a source, for effects and selects. */
export function sourceKey(source: MapSource): string {
  switch (source.kind) {
    case 'movingai':
      return `movingai:${source.name}`;
    case 'generated':
      return `gen:${source.generator}:${source.width}x${source.height}:${source.seed}:${source.density}`;
    case 'demo':
      return `demo:${source.name}`;
    case 'file':
      return `file:${source.name}`;
  }
}

/** What the Fields page's source menu holds: a built-in level, the generator, a Moving AI map or an opened file. */
export type SourceChoice = 'demo' | 'seed-002' | 'generated' | `movingai:${string}` | `file:${string}`;

/** The generator settings the Fields page starts with. */
export const DEFAULT_GENERATED: GeneratedMapSettings = {
  generator: 'rooms',
  width: 256,
  height: 256,
  seed: 1,
  density: 0.2,
};

/** The source of a menu choice (`generated` uses the settings applied by the last Generate). */
export function sourceFromChoice(choice: SourceChoice, generated: GeneratedMapSettings): MapSource {
  if (choice === 'generated') return { kind: 'generated', ...generated };
  if (choice === 'demo' || choice === 'seed-002') return { kind: 'demo', name: choice };
  if (choice.startsWith('file:')) return { kind: 'file', name: choice.slice('file:'.length) };
  return { kind: 'movingai', name: choice.slice('movingai:'.length) };
}

/** The menu choice named in a link (`src`), or the demo level. */
export function choiceFromParam(text: string | null): SourceChoice {
  if (text === 'demo' || text === 'seed-002' || text === 'generated') return text;
  if (text?.startsWith('movingai:') && MOVING_AI_MAPS.some((m) => `movingai:${m.name}` === text))
    return text as SourceChoice;
  if (text?.startsWith('file:')) return text as SourceChoice;
  return 'demo';
}

/** A copy of `grid` with a terrain layer (every tile costs 1), for painting terrain costs. */
export function withTerrain(grid: Grid): Grid {
  const copy = Grid.create(grid.width, grid.height, { terrain: true });
  copy.passable.set(grid.passable);
  return copy;
}
