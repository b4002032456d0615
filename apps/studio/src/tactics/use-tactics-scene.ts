import { createFrameScheduler, type FrameScheduler } from '@fieldmarshal/core/service';
import { decomposeConvexSets } from '@fieldmarshal/core/tactics';
import { useEffect, useMemo, useRef, useState } from 'react';
import { computeTacticsScene, type TacticsScene } from './tactics-compute.js';
import { loadTacticsMap, type TacticsMapSource, tacticsSourceKey } from './tactics-maps.js';
import { type CandidatePicks, type Point, sceneRoutes, seedPicks } from './tactics-routes.js';
import { FRAME_BUDGET_MS } from './tactics-settings.js';

/** Which search a cycle step moves through. */
export type SearchKind = 'flank' | 'retreat';

/** Where the Tactics page starts: from its link, or the defaults. */
export interface TacticsStart {
  source: TacticsMapSource;
  maxSide: number;
  /** The characters' tiles, when the link gave them (else the map's suggestion). */
  blue: Point | null;
  red: Point | null;
}

/**
 * The Tactics page's state: the map and its convex sets, the two characters, the scene computed for their
 * placement (fields in the pool, searches on the frame scheduler), the picked candidates and their routes.
 * Each search has its own position in its candidates, back to the seed's random pick on every placement.
 */
export function useTacticsScene(start: TacticsStart) {
  const [source, setSource] = useState<TacticsMapSource>(start.source);
  const sourceKey = tacticsSourceKey(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the source
  const map = useMemo(() => loadTacticsMap(source), [sourceKey]);
  const [maxSide, setMaxSide] = useState(start.maxSide);
  const decomposition = useMemo(() => {
    const t0 = performance.now();
    const sets = decomposeConvexSets(map.grid, { maxSide });
    return { sets, ms: performance.now() - t0 };
  }, [map, maxSide]);
  const { grid } = map;
  const { sets } = decomposition;

  const walkable = (p: Point | null) => (p && grid.isPassable(p.x, p.y) ? p : null);
  const [blue, setBlue] = useState<Point>(() => walkable(start.blue) ?? map.blue);
  const [red, setRed] = useState<Point>(() => walkable(start.red) ?? map.red);
  const [scene, setScene] = useState<{ key: string; scene: TacticsScene } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cycles, setCycles] = useState<CandidatePicks>({ flank: 0, retreat: 0 });
  // Lazy init: `useRef(createFrameScheduler(...))` would build (and drop) a scheduler on every render.
  const schedulerRef = useRef<FrameScheduler | null>(null);
  if (schedulerRef.current === null) schedulerRef.current = createFrameScheduler({ budgetMs: FRAME_BUDGET_MS });
  const scheduler = schedulerRef.current;

  // A new map puts the characters on its suggested tiles (the first map keeps those of the link).
  const firstMap = useRef(map);
  useEffect(() => {
    if (firstMap.current === map) return;
    setBlue(map.blue);
    setRed(map.red);
  }, [map]);

  const sceneKey = `${sourceKey}:${maxSide}|${blue.x},${blue.y}|${red.x},${red.y}`;
  useEffect(() => {
    if (!grid.isPassable(blue.x, blue.y) || !grid.isPassable(red.x, red.y)) return;
    const abort = new AbortController();
    computeTacticsScene(grid, sets, blue, red, scheduler, abort.signal).then(
      (s) => {
        if (abort.signal.aborted) return;
        setScene({ key: sceneKey, scene: s });
        setError(null);
      },
      (e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(String((e as Error).message ?? e));
      },
    );
    return () => abort.abort();
  }, [grid, sets, blue, red, sceneKey, scheduler]);

  // The scene of this placement, else the last one on this map while the new one computes.
  const current = scene && scene.key === sceneKey ? scene.scene : null;
  const stillShown = scene?.key.startsWith(`${sourceKey}:${maxSide}|`) ? scene : null;
  const shown = current ?? stillShown?.scene ?? null;
  /** The placement the shown scene was computed for: the shading and the text always describe this one. */
  const shownKey = current ? sceneKey : (stillShown?.key ?? '');

  // The seed picks a candidate at random; the cycle buttons and A then move from there.
  const picks = useMemo(() => (shown ? seedPicks(shown, blue, red) : null), [shown, blue, red]);
  const routes = useMemo(
    () => (shown && picks ? sceneRoutes(shown, picks, cycles, grid, sets, blue, red) : null),
    [shown, picks, cycles, grid, sets, blue, red],
  );

  /** Places the blue player or the red target on a walkable tile; the candidates start again from the pick. */
  const place = (which: 'blue' | 'red', x: number, y: number) => {
    if (!grid.isPassable(x, y)) return;
    (which === 'blue' ? setBlue : setRed)({ x, y });
    setCycles({ flank: 0, retreat: 0 });
  };

  /** Moves one search's shown candidate by `delta` (wrapping). */
  const step = (search: SearchKind, delta: number) => setCycles((c) => ({ ...c, [search]: c[search] + delta }));

  return {
    source,
    setSource: (next: TacticsMapSource) => {
      setSource(next);
      setCycles({ flank: 0, retreat: 0 });
    },
    sourceKey,
    map,
    maxSide,
    setMaxSide,
    sets,
    decompositionMs: decomposition.ms,
    blue,
    red,
    place,
    sceneKey,
    shownKey,
    shown,
    error,
    cycles,
    step,
    picks,
    routes,
  };
}

export type TacticsState = ReturnType<typeof useTacticsScene>;
