import {
  type ConvexSets,
  createFrameScheduler,
  createRandom,
  createTacticRoute,
  decomposeConvexSets,
  type FrameScheduler,
  type Grid,
  pickCandidate,
  routePath,
  type TacticSearchResult,
} from '@fieldmarshal/core';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GeneratedMapForm, type GeneratedMapSettings } from '../shared/generated-map-form.js';
import { MapView, type MapViewHandle, type OverlayContext, type TilePointerEvent } from '../shared/map-view.js';
import { computeTacticsScene, SETS_PER_SLICE, type TacticsScene } from './tactics-compute.js';
import { DEFAULT_TACTICS_SOURCE, loadTacticsMap, type TacticsMapSource, tacticsSourceKey } from './tactics-maps.js';
import { BLUE, drawCharacter, drawRoute, outlineAllSets, outlineSet, RED, ROUTE_COLORS } from './tactics-overlay.js';
import {
  CLASSES,
  cssColor,
  flankClass,
  legendClasses,
  paintTactics,
  retreatClass,
  SHADE_MODES,
  type ShadeMode,
} from './tactics-shading.js';

type Point = { x: number; y: number };

/** Sides offered for generated maps on this page (small: the page shades every tile per placement). */
const TACTICS_SIZES = [48, 96, 160, 256];

function generatedSource(gen: GeneratedMapSettings): TacticsMapSource {
  return { kind: 'generated', generator: gen.generator, size: gen.width, seed: gen.seed, density: gen.density };
}

/**
 * Largest side of a convex set on this page. Smaller sets make set costs closer to tile costs and give the
 * searches more to choose from on a small map (the library's default has no limit).
 */
const DEFAULT_MAX_SIDE = 8;
const MAX_SIDES = [Number.POSITIVE_INFINITY, 16, 8, 6, 4, 2];

/** Frame budget of the main-thread set searches, in milliseconds. */
const FRAME_BUDGET_MS = 1;

/** The chosen set of a search: the candidate at `index` (cycled with A), or the player's own set. */
function chosenSet(result: TacticSearchResult, index: number): number {
  const n = result.candidates.length;
  return n === 0 ? result.mySet : (result.candidates[index % n] as number);
}

function safeRoute(grid: Grid, sets: ConvexSets, from: Point, to: Point, via: number, approach: boolean) {
  try {
    return routePath(createTacticRoute(grid, sets, via, to, { approach }), sets, from);
  } catch {
    return new Int32Array(0);
  }
}

function fmt(v: number | undefined): string {
  if (v === undefined || v < 0 || !Number.isFinite(v)) return '∞';
  return String(v);
}

/**
 * The Tactics page: seed 000's flank and retreat demo. Left click places the blue player, right click the
 * red target; red arrows show the direct route into red's set, green the flank route through the chosen
 * intermediate set, orange the retreat route; A cycles through the candidates. The map is shaded by the
 * per-tile costs m (from blue) and t (from red) against the hyperbola, ellipses and circles.
 */
export function TacticsPage() {
  const [source, setSource] = useState<TacticsMapSource>(DEFAULT_TACTICS_SOURCE);
  const [gen, setGen] = useState<GeneratedMapSettings>({
    generator: 'random',
    width: 96,
    height: 96,
    seed: 1,
    density: 0.12,
  });
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
  const [mode, setMode] = useState<ShadeMode>('flank');
  const [showSets, setShowSets] = useState(true);
  const [hover, setHover] = useState<Point | null>(null);
  const [scene, setScene] = useState<{ key: string; scene: TacticsScene } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cycle, setCycle] = useState(0);
  const viewRef = useRef<MapViewHandle | null>(null);
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

  const current = scene && scene.key === sceneKey ? scene.scene : null;
  const shown = current ?? (scene?.key.startsWith(`${sourceKey}:${maxSide}|`) ? scene.scene : null);

  // The seed picks a candidate at random; A then cycles from there.
  const picks = useMemo(() => {
    if (!shown) return null;
    const random = createRandom(blue.x * 73856093 + blue.y * 19349663 + red.x * 83492791 + red.y);
    const f = pickCandidate(shown.flank, random);
    const r = pickCandidate(shown.retreat, random);
    return {
      flank: Math.max(0, shown.flank.candidates.indexOf(f)),
      retreat: Math.max(0, shown.retreat.candidates.indexOf(r)),
    };
  }, [shown, blue, red]);

  const routes = useMemo(() => {
    if (!shown || !picks) return null;
    const flankVia = chosenSet(shown.flank, picks.flank + cycle);
    const retreatVia = chosenSet(shown.retreat, picks.retreat + cycle);
    const targetSet = shown.flank.targetSet;
    return {
      flankVia,
      retreatVia,
      targetSet,
      direct: safeRoute(grid, sets, blue, red, targetSet, true),
      flank: safeRoute(grid, sets, blue, red, flankVia, true),
      retreat: safeRoute(grid, sets, blue, red, retreatVia, false),
    };
  }, [shown, picks, cycle, grid, sets, blue, red]);

  // The map image at one pixel per tile, shaded in cost space.
  const surface = useMemo(() => (typeof document === 'undefined' ? null : document.createElement('canvas')), []);
  const imageKey = `${sceneKey}:${mode}:${shown ? 'scene' : 'none'}:${sets.count}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: imageKey captures the inputs
  useEffect(() => {
    if (!surface) return;
    surface.width = grid.width;
    surface.height = grid.height;
    const ctx = surface.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(grid.width, grid.height);
    paintTactics(
      image,
      grid,
      sets,
      mode,
      shown?.fromBlue ?? null,
      shown?.fromRed ?? null,
      shown?.flank.constants ?? null,
    );
    ctx.putImageData(image, 0, 0);
    viewRef.current?.redraw();
  }, [imageKey, surface, grid, sets]);

  // A cycles through the candidates (both searches).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return;
      // Leave Ctrl+A / Cmd+A (select all) and other shortcuts alone.
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'a' || e.key === 'A') setCycle((c) => c + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const place = useCallback(
    (which: 'blue' | 'red', x: number, y: number) => {
      if (!grid.isPassable(x, y)) return;
      (which === 'blue' ? setBlue : setRed)({ x, y });
    },
    [grid],
  );

  const onTilePointer = (e: TilePointerEvent) => {
    if (e.phase !== 'down' || !e.inside || e.button !== 0) return;
    place(e.shiftKey ? 'red' : 'blue', e.x, e.y);
  };

  // MapView pans with the right button; a right click (no drag) places the red target.
  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    e.preventDefault();
    const canvas = e.currentTarget.querySelector('canvas');
    const view = viewRef.current?.view();
    if (!canvas || !view) return;
    const rect = canvas.getBoundingClientRect();
    const x = Math.floor((e.clientX - rect.left - view.offsetX) / view.scale);
    const y = Math.floor((e.clientY - rect.top - view.offsetY) / view.scale);
    place('red', x, y);
  };

  const drawOverlay = (o: OverlayContext) => {
    if (showSets) outlineAllSets(o, sets);
    if (shown && routes) {
      const candidates = mode === 'retreat' ? shown.retreat.candidates : shown.flank.candidates;
      const faint = mode === 'retreat' ? 'rgba(255, 162, 58, 0.55)' : 'rgba(55, 224, 122, 0.55)';
      if (mode === 'flank' || mode === 'retreat') for (const s of candidates) outlineSet(o, sets, s, faint, 1, [3, 3]);
      outlineSet(o, sets, routes.targetSet, ROUTE_COLORS.direct, 2.5);
      if (routes.flankVia !== shown.flank.mySet) outlineSet(o, sets, routes.flankVia, ROUTE_COLORS.flank, 2.5);
      if (routes.retreatVia !== shown.retreat.mySet) outlineSet(o, sets, routes.retreatVia, ROUTE_COLORS.retreat, 2.5);
      drawRoute(o, routes.direct, ROUTE_COLORS.direct);
      // A fallback to the player's own set is the direct route (flank) or standing still (retreat).
      if (routes.retreatVia !== shown.retreat.mySet) drawRoute(o, routes.retreat, ROUTE_COLORS.retreat);
      if (routes.flankVia !== shown.flank.mySet) drawRoute(o, routes.flank, ROUTE_COLORS.flank);
    }
    drawCharacter(o, red.x, red.y, RED);
    drawCharacter(o, blue.x, blue.y, BLUE);
  };

  const c = shown?.flank.constants ?? null;
  const hoverInfo = (() => {
    if (!hover || !grid.inBounds(hover.x, hover.y)) return null;
    const i = hover.y * grid.width + hover.x;
    const set = sets.setOf[i] as number;
    const m = shown?.fromBlue[i];
    const t = shown?.fromRed[i];
    const sm = set >= 0 ? shown?.pair.me[set] : undefined;
    const st = set >= 0 ? shown?.pair.target[set] : undefined;
    return { i, set, m, t, sm, st };
  })();

  return (
    <section className="fields-page tactics-page" data-testid="tactics">
      <div className="fields-sidebar sidebar">
        <div className="panel">
          <h2>Map</h2>
          <label className="row">
            <span>Map</span>
            <select
              data-testid="tactics-map"
              value={source.kind}
              onChange={(e) => setSource(e.target.value === 'open-plan' ? { kind: 'open-plan' } : generatedSource(gen))}
            >
              <option value="open-plan">open plan (built in)</option>
              <option value="generated">generated…</option>
            </select>
          </label>
          {source.kind === 'generated' && (
            <GeneratedMapForm
              value={gen}
              onChange={setGen}
              onGenerate={() => setSource(generatedSource(gen))}
              sizes={TACTICS_SIZES}
              square
              maxDensity={0.4}
              densityStep={0.02}
            />
          )}
          <label className="row">
            <span>Set side</span>
            <select
              data-testid="tactics-max-side"
              value={String(maxSide)}
              onChange={(e) => setMaxSide(Number(e.target.value))}
            >
              {MAX_SIDES.map((m) => (
                <option key={m} value={String(m)}>
                  {Number.isFinite(m) ? `at most ${m} tiles` : 'no limit'}
                </option>
              ))}
            </select>
          </label>
          <div className="small-text muted">
            {map.label}: {sets.count} convex sets (decomposed in {decomposition.ms.toFixed(1)} ms)
          </div>
        </div>

        <div className="panel">
          <h2>Shading</h2>
          <label className="row">
            <span>Shade</span>
            <select data-testid="tactics-shade" value={mode} onChange={(e) => setMode(e.target.value as ShadeMode)}>
              {SHADE_MODES.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <label className="row check">
            <input type="checkbox" checked={showSets} onChange={(e) => setShowSets(e.target.checked)} />
            <span>outline all sets (when zoomed in)</span>
          </label>
        </div>

        <div className="panel" data-testid="tactics-controls">
          <h2>Controls</h2>
          <div className="small-text">
            <div>
              <kbd>Left click</kbd> place the blue player
            </div>
            <div>
              <kbd>Right click</kbd> (or <kbd>Shift</kbd>+click) place the red target
            </div>
            <div>
              <kbd>A</kbd> cycle through the flank and retreat candidates
            </div>
            <div>
              <kbd>Wheel</kbd> zoom, <kbd>Middle drag</kbd> or <kbd>Space</kbd>+drag pan
            </div>
          </div>
        </div>

        <div className="panel" data-testid="tactics-decision">
          <h2>Decision</h2>
          {error && <div className="error">{error}</div>}
          {!shown && !error && <div className="muted">computing…</div>}
          {shown && (
            <div className="small-text">
              <div>
                sets: blue in <b>{shown.flank.mySet}</b>, red in <b>{shown.flank.targetSet}</b>
              </div>
              {c ? (
                <>
                  <div>
                    cost(blue → red's set) = {c.myCost}, cost(red → blue's set) = {c.targetCost}
                  </div>
                  <div>
                    c = floor(({c.myCost} + {c.targetCost}) / 2) = <b>{c.average}</b>; hyperbola {c.hyperbola}, small
                    ellipse {c.smallEllipse}, large ellipse {c.largeEllipse}, circle {c.circle}
                  </div>
                </>
              ) : (
                <div className="muted">
                  {shown.flank.mySet === shown.flank.targetSet
                    ? 'both in one set: no candidates, the answer is that set'
                    : 'they cannot reach each other: no candidates'}
                </div>
              )}
              <div style={{ color: ROUTE_COLORS.flank }} data-testid="tactics-flank">
                flank: {shown.flank.candidates.length} candidates
                {routes && shown.flank.candidates.length > 0
                  ? `, showing set ${routes.flankVia} (${(((picks?.flank ?? 0) + cycle) % shown.flank.candidates.length) + 1}/${shown.flank.candidates.length})`
                  : ', falls back to own set'}
              </div>
              <div style={{ color: ROUTE_COLORS.retreat }} data-testid="tactics-retreat">
                retreat: {shown.retreat.candidates.length} candidates
                {routes && shown.retreat.candidates.length > 0
                  ? `, showing set ${routes.retreatVia} (${(((picks?.retreat ?? 0) + cycle) % shown.retreat.candidates.length) + 1}/${shown.retreat.candidates.length})`
                  : ', falls back to own set'}
              </div>
              <div className="muted" data-testid="tactics-engine">
                fields: {shown.engine} ({shown.fieldsMs.toFixed(1)} ms)
                {shown.engineNote ? ` (pool unavailable: ${shown.engineNote})` : ''}; searches: main thread,{' '}
                {shown.searchSlices} slices of ≤{SETS_PER_SLICE} sets, ≤{FRAME_BUDGET_MS} ms/frame, longest{' '}
                {shown.longestSliceMs.toFixed(2)} ms
              </div>
            </div>
          )}
        </div>
      </div>

      <div className="fields-main">
        <div
          className="grow"
          role="application"
          aria-label="tactics map: left click places blue, right click places red, A cycles candidates"
          style={{ position: 'relative', minHeight: 360 }}
          onContextMenu={onContextMenu}
        >
          <MapView
            gridWidth={grid.width}
            gridHeight={grid.height}
            image={surface}
            redrawKey={`${imageKey}:${cycle}:${showSets}:${maxSide}:${routes ? routes.flank.length : 0}`}
            fitKey={sourceKey}
            drawOverlay={drawOverlay}
            onHover={setHover}
            onTilePointer={onTilePointer}
            cursor="pointer"
            handleRef={viewRef}
            style={{ position: 'absolute', inset: 0 }}
          />
        </div>
        <div className="fields-footer">
          <div className="legend" data-testid="tactics-legend">
            <div className="legend-title">
              {mode === 'flank' || mode === 'retreat'
                ? `Per tile in cost space: m = moves from blue, t = moves from red (c = ${c?.average ?? '–'})`
                : mode === 'sets'
                  ? 'Each convex set (rectangle) in its own colour'
                  : 'Map'}
            </div>
            <div className="legend-swatches">
              {legendClasses(mode).map((cls) => (
                <span key={cls} className="legend-swatch">
                  <span className="swatch" style={{ background: cssColor(cls) }} />
                  {CLASSES[cls].label}
                </span>
              ))}
            </div>
            <div className="legend-swatches">
              <span className="legend-swatch">
                <span className="swatch" style={{ background: BLUE }} /> blue player
              </span>
              <span className="legend-swatch">
                <span className="swatch" style={{ background: RED }} /> red target
              </span>
              <span className="legend-swatch" style={{ color: ROUTE_COLORS.direct }}>
                → direct route into red's set (outlined red)
              </span>
              <span className="legend-swatch" style={{ color: ROUTE_COLORS.flank }}>
                → flank route via the chosen set (outlined green)
              </span>
              <span className="legend-swatch" style={{ color: ROUTE_COLORS.retreat }}>
                → retreat route into the chosen set (outlined orange)
              </span>
              <span className="legend-swatch muted">dashed: every candidate set of the shaded search</span>
            </div>
            <div className="small-text muted">
              Sets are kept by their own costs (the nearest tile's m and t), so a set can be kept while some of its
              tiles are shaded otherwise.
            </div>
          </div>
          <div className="readout" data-testid="tactics-readout">
            {hoverInfo ? (
              <>
                <div>
                  <span className="muted">tile</span> {hover?.x}, {hover?.y}
                </div>
                <div>
                  <span className="muted">set</span>{' '}
                  {hoverInfo.set >= 0
                    ? `${hoverInfo.set} [${[...sets.rects.subarray(hoverInfo.set * 4, hoverInfo.set * 4 + 4)].join(', ')}]`
                    : 'wall'}
                </div>
                <div>
                  <span className="muted">tile m, t</span> {fmt(hoverInfo.m)}, {fmt(hoverInfo.t)}
                </div>
                <div>
                  <span className="muted">set m, t</span> {fmt(hoverInfo.sm)}, {fmt(hoverInfo.st)}
                </div>
                {c && hoverInfo.set >= 0 && hoverInfo.sm !== undefined && hoverInfo.st !== undefined && (
                  <>
                    <div>
                      <span className="muted">set flank</span>{' '}
                      {CLASSES[flankClass(hoverInfo.sm, hoverInfo.st, c)].short}
                    </div>
                    <div>
                      <span className="muted">set retreat</span>{' '}
                      {CLASSES[retreatClass(hoverInfo.sm, hoverInfo.st, c)].short}
                    </div>
                  </>
                )}
              </>
            ) : (
              <span className="muted">hover the map for tile, set, m and t</span>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
