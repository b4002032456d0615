import { useEffect } from 'react';
import { formatGenerated, type GeneratedMapSettings, parseGenerated } from '../shared/generated-map.js';
import {
  choiceParam,
  flagParam,
  formatPoints,
  numberParam,
  parsePoints,
  readPageQuery,
  writePageQuery,
} from '../shared/url-state.js';
import type { TacticsMapSource } from './tactics-maps.js';
import type { Point } from './tactics-routes.js';
import { DEFAULT_MAX_SIDE, DEFAULT_TACTICS_GEN, generatedSource, MAX_SIDES } from './tactics-settings.js';
import { SHADE_MODES, type ShadeMode } from './tactics-shading.js';
import type { TacticsStart } from './use-tactics-scene.js';

/** The Tactics page's start: from its link (map, set side, characters, shading), else the defaults. */
export function tacticsLinkStart(): TacticsStart & { gen: GeneratedMapSettings; shade: ShadeMode; showSets: boolean } {
  const q = readPageQuery('tactics');
  const gen = parseGenerated(q.get('gen'), DEFAULT_TACTICS_GEN);
  const source: TacticsMapSource = q.get('src') === 'generated' ? generatedSource(gen) : { kind: 'open-plan' };
  const side = numberParam(q, 'side', DEFAULT_MAX_SIDE);
  return {
    source,
    gen,
    maxSide: MAX_SIDES.includes(side) ? side : DEFAULT_MAX_SIDE,
    blue: parsePoints(q.get('blue'), 1)[0] ?? null,
    red: parsePoints(q.get('red'), 1)[0] ?? null,
    shade: choiceParam(
      q,
      'shade',
      SHADE_MODES.map((m) => m.id),
      'flank',
    ),
    showSets: flagParam(q, 'sets', true),
  };
}

/** Writes the Tactics page's shareable state into its link (a map from a file is named but not kept). */
export function useWriteTacticsLink(s: {
  source: TacticsMapSource;
  gen: GeneratedMapSettings;
  maxSide: number;
  blue: Point;
  red: Point;
  mode: ShadeMode;
  showSets: boolean;
}): void {
  const { source, gen, maxSide, blue, red, mode, showSets } = s;
  useEffect(() => {
    const src = source.kind === 'file' ? `file:${source.name}` : source.kind;
    writePageQuery('tactics', {
      src,
      gen:
        source.kind === 'generated'
          ? formatGenerated({
              ...gen,
              width: source.size,
              height: source.size,
              seed: source.seed,
              density: source.density,
              generator: source.generator,
            })
          : undefined,
      side: Number.isFinite(maxSide) ? maxSide : 'inf',
      blue: formatPoints([blue]),
      red: formatPoints([red]),
      shade: mode,
      sets: showSets ? undefined : '0',
    });
  }, [source, gen, maxSide, blue, red, mode, showSets]);
}
