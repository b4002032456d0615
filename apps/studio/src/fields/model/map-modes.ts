import type { DiagonalRule, Metric } from '@fieldmarshal/core';
import { DEFAULT_SAFETY_COEFFICIENT } from '@fieldmarshal/core/scent';
import type { Climb } from './gradient.js';

/** The maps the Fields page can show. */
export type MapMode = 'cost' | 'scent' | 'flee' | 'safety';

/** What each mode is called, how its points are called, and which way units follow it. */
export interface MapModeInfo {
  id: MapMode;
  label: string;
  /** Name of the placed points in this mode (goals, sources, threats). */
  point: string;
  points: string;
  /** Units descend cost fields and safety maps, ascend scent and flee maps. */
  climb: Climb;
  /** Legend title. */
  legend: string;
  /** Words under the two ends of the legend bar. */
  low: string;
  high: string;
  /** Keyboard shortcut. */
  key: string;
}

export const MAP_MODES: readonly MapModeInfo[] = [
  {
    id: 'cost',
    label: 'Cost field',
    point: 'goal',
    points: 'goals',
    climb: 'descend',
    legend: 'Cost to the nearest goal',
    low: 'at a goal',
    high: 'far',
    key: '1',
  },
  {
    id: 'scent',
    label: 'Scent map',
    point: 'source',
    points: 'sources',
    climb: 'ascend',
    legend: 'Scent (strength minus moves)',
    low: 'faint',
    high: 'at a source',
    key: '2',
  },
  {
    id: 'flee',
    label: 'Flee map',
    point: 'hero',
    points: 'heroes',
    climb: 'ascend',
    legend: 'Flee value (climb to flee)',
    low: 'near the hero',
    high: 'away',
    key: '3',
  },
  {
    id: 'safety',
    label: 'Safety map',
    point: 'threat',
    points: 'threats',
    climb: 'descend',
    legend: 'Safety (descend to flee: lower is safer)',
    low: 'safer (negative)',
    high: 'exposed',
    key: '4',
  },
];

/** The info of a mode. */
export function modeInfo(mode: MapMode): MapModeInfo {
  return MAP_MODES.find((m) => m.id === mode) ?? (MAP_MODES[0] as MapModeInfo);
}

/** Everything the page's controls set that a computation depends on. */
export interface MapParams {
  metric: Metric;
  neighbors: 4 | 8;
  diagonal: DiagonalRule;
  /** Range limit of cost fields in cost units; Infinity for none. */
  maxCost: number;
  /** Strength of scent sources and of the hero of a flee map (integer >= 1). */
  strength: number;
  /** Safety map coefficient (negative; the library's default -2, Brogue -3, the Dijkstra-maps write-up -1.2). */
  coefficient: number;
}

/** The page's starting parameters. */
export const DEFAULT_MAP_PARAMS: MapParams = {
  metric: 'octile',
  neighbors: 8,
  diagonal: 'if-both-free',
  maxCost: Number.POSITIVE_INFINITY,
  strength: 20,
  coefficient: DEFAULT_SAFETY_COEFFICIENT,
};
