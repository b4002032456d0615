import { DEFAULT_SECTOR_SIZE } from '@fieldmarshal/core/sectors';
import { useEffect, useState } from 'react';
import { formatPoints, numberParam, parsePoints, readPageQuery, writePageQuery } from '../../shared/url-state.js';
import { BIG_MAP_SIZES, BIG_MAP_SOURCES, type BigMapSettings, DEFAULT_BIG_MAP, isGenerated } from '../model/big-map.js';
import type { Tile } from './use-sector-route.js';

/** What a Big maps link holds. */
export interface SectorsLinkState {
  map: BigMapSettings;
  sectorSize: number;
  start: Tile | null;
  goal: Tile | null;
  units: number;
  /** Painted edits (edit-runs.ts), or null. */
  edits: string | null;
}

/** The page's state as its link (or the last visit) gave it, read once when the page mounts. */
export function useSectorsLink(): SectorsLinkState {
  const [state] = useState<SectorsLinkState>(() => {
    const q = readPageQuery('sectors');
    const src = q.get('src');
    const size = numberParam(q, 'size', DEFAULT_BIG_MAP.size);
    const sector = numberParam(q, 'sector', DEFAULT_SECTOR_SIZE);
    return {
      map: {
        source:
          BIG_MAP_SOURCES.some((s) => s.id === src) || /^kept:[0-9a-f]{16}$/.test(src ?? '')
            ? (src as BigMapSettings['source'])
            : DEFAULT_BIG_MAP.source,
        size: (BIG_MAP_SIZES as readonly number[]).includes(size) ? size : DEFAULT_BIG_MAP.size,
        seed: Math.max(0, Math.floor(numberParam(q, 'seed', DEFAULT_BIG_MAP.seed))),
        density: Math.min(0.45, Math.max(0, numberParam(q, 'dens', DEFAULT_BIG_MAP.density))),
      },
      sectorSize: [8, 16, 32, 64, 128, 256].includes(sector) ? sector : DEFAULT_SECTOR_SIZE,
      start: parsePoints(q.get('s'), 1)[0] ?? null,
      goal: parsePoints(q.get('g'), 1)[0] ?? null,
      units: [1, 10, 100, 1000].includes(numberParam(q, 'units', 1)) ? numberParam(q, 'units', 1) : 1,
      edits: q.get('ed'),
    };
  });
  return state;
}

/** Writes the page's shareable state into its link whenever it changes. */
export function useWriteSectorsLink(s: SectorsLinkState): void {
  const { map, sectorSize, start, goal, units, edits } = s;
  useEffect(() => {
    const generated = isGenerated(map.source);
    writePageQuery('sectors', {
      src: map.source,
      size: generated ? map.size : undefined,
      seed: generated && map.source !== 'city' ? map.seed : undefined,
      dens: map.source === 'random' ? map.density : undefined,
      sector: sectorSize,
      s: start ? formatPoints([start]) : undefined,
      g: goal ? formatPoints([goal]) : undefined,
      units: units === 1 ? undefined : units,
      ed: edits ?? undefined,
    });
  }, [map, sectorSize, start, goal, units, edits]);
}
