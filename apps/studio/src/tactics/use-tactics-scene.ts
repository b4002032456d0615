import { createFrameScheduler, decomposeConvexSets, type FrameScheduler } from '@fieldmarshal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isTyping } from '../shared/is-typing.js';
import { computeTacticsScene, type TacticsScene } from './tactics-compute.js';
import { DEFAULT_TACTICS_SOURCE, loadTacticsMap, type TacticsMapSource, tacticsSourceKey } from './tactics-maps.js';
import { type Point, sceneRoutes, seedPicks } from './tactics-routes.js';
import { DEFAULT_MAX_SIDE, FRAME_BUDGET_MS } from './tactics-settings.js';

/**
 * The Tactics page's state: the map and its convex sets, the two characters, the scene computed for their
 * placement (fields in the pool, searches on the frame scheduler), the picked candidates and their routes.
 * A cycles through the candidates of both searches.
 */
export function useTacticsScene() {
  const [source, setSource] = useState<TacticsMapSource>(DEFAULT_TACTICS_SOURCE);
  const sourceKey = tacticsSourceKey(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the source
  const map = useMemo(() => loadTacticsMap(source), [sourceKey]);
  const [maxSide, setMaxSide] = useState(DEFAULT_MAX_SIDE);
  const decomposition = useMemo(() => {
    const t0 = performance.now();
    const sets = decomposeConvexSets(map.grid, { maxSide });
    return { sets, ms: performance.now() - t0 };
  }, [map, maxSide]);
  const { grid } = map;
  const { sets } = decomposition;

  const [blue, setBlue] = useState<Point>(map.blue);
  const [red, setRed] = useState<Point>(map.red);
  const [scene, setScene] = useState<{ key: string; scene: TacticsScene } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cycle, setCycle] = useState(0);
  // Lazy init: `useRef(createFrameScheduler(...))` would build (and drop) a scheduler on every render.
  const schedulerRef = useRef<FrameScheduler | null>(null);
  if (schedulerRef.current === null) schedulerRef.current = createFrameScheduler({ budgetMs: FRAME_BUDGET_MS });
  const scheduler = schedulerRef.current;

  useEffect(() => {
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
        setCycle(0);
      },
      (e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(String((e as Error).message ?? e));
      },
    );
    return () => abort.abort();
  }, [grid, sets, blue, red, sceneKey, scheduler]);

  // The scene of this placement, else the last one on this map while the new one computes.
  const current = scene && scene.key === sceneKey ? scene.scene : null;
  const shown = current ?? (scene?.key.startsWith(`${sourceKey}:${maxSide}|`) ? scene.scene : null);

  // The seed picks a candidate at random; A then cycles from there.
  const picks = useMemo(() => (shown ? seedPicks(shown, blue, red) : null), [shown, blue, red]);
  const routes = useMemo(
    () => (shown && picks ? sceneRoutes(shown, picks, cycle, grid, sets, blue, red) : null),
    [shown, picks, cycle, grid, sets, blue, red],
  );

  // A cycles through the candidates (both searches).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      // Leave Ctrl+A / Cmd+A (select all) and other shortcuts alone.
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'a' || e.key === 'A') setCycle((c) => c + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** Places the blue player or the red target on a walkable tile. */
  const place = (which: 'blue' | 'red', x: number, y: number) => {
    if (!grid.isPassable(x, y)) return;
    (which === 'blue' ? setBlue : setRed)({ x, y });
  };

  return {
    source,
    setSource,
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
    shown,
    error,
    cycle,
    picks,
    routes,
  };
}

export type TacticsState = ReturnType<typeof useTacticsScene>;
