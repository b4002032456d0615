import {
  bresenhamLine,
  DIAGONAL_RULES,
  DIRECTIONS,
  type DiagonalRule,
  type Grid,
  METRICS,
  type Metric,
  NO_DIRECTION,
} from '@fieldmarshal/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COLOR_SCALES, COOL_WARM, colorScaleById, INFERNO, VIRIDIS } from '../shared/color-scale.js';
import { GeneratedMapForm, type GeneratedMapSettings } from '../shared/generated-map-form.js';
import { formatValue, Legend, type LegendSwatch } from '../shared/legend.js';
import { MapView, type MapViewHandle, type OverlayContext, type TilePointerEvent } from '../shared/map-view.js';
import { ProgressBar } from '../shared/progress-bar.js';
import {
  drawArrows,
  drawBrush,
  drawMarkers,
  drawTileNumbers,
  drawTrail,
  MARKER_COLORS,
  type MarkerKind,
} from './draw/draw-overlays.js';
import { HeatmapSurface } from './draw/heatmap-surface.js';
import { type EngineChoice, useMapEngine } from './hooks/use-map-engine.js';
import { bestNeighbor } from './model/gradient.js';
import {
  SPECIAL_COLORS,
  scaleFraction,
  specialCss,
  styleForRange,
  type ValueRange,
  valueAt,
  valueRange,
} from './model/heatmap.js';
import type { MapResult, Timing } from './model/map-compute.js';
import { DEFAULT_MAP_PARAMS, MAP_MODES, type MapMode, type MapParams, modeInfo } from './model/map-modes.js';
import { loadMapSource, type MapSource, MOVING_AI_MAPS, sourceKey } from './model/map-sources.js';
import { createWalker, stepWalker, type Walker, type WalkerStatus, type WalkTarget } from './model/walker.js';

type Tool = 'goal' | 'wall' | 'erase' | 'unit';
const TOOLS: readonly { id: Tool; label: string; key: string; hint: string }[] = [
  { id: 'goal', label: 'Goal', key: 'G', hint: 'click: place; shift-click: add or remove; drag: move' },
  { id: 'wall', label: 'Wall', key: 'W', hint: 'drag to paint walls' },
  { id: 'erase', label: 'Erase', key: 'E', hint: 'drag to erase walls' },
  { id: 'unit', label: 'Unit', key: 'U', hint: 'click to drop a unit (or press U over the map)' },
];
const BRUSHES = [1, 3, 5, 9, 17] as const;
const SIZES = [32, 64, 128, 256, 512, 1024, 2048] as const;
const UNIT_COLORS = ['#35e0ff', '#7dff6b', '#ff7ad9', '#ffd84d', '#b18cff', '#ff9f43'];
const MAX_UNITS = 24;

type SourceChoice = 'demo' | 'seed-002' | 'generated' | `movingai:${string}`;

interface Point {
  x: number;
  y: number;
}

interface LoadedState {
  grid: Grid;
  label: string;
  /** Changes for every load, so the view fits and results of older maps are dropped. */
  id: number;
}

const STATUS_TEXT: Record<WalkerStatus, string> = {
  moving: 'moving',
  resting: 'arrived (local optimum)',
  'no-value': 'no value here: nowhere to go',
  blocked: 'blocked by a new wall',
};

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

const HELP_KEY = 'fieldmarshal.fields.help';

/** Whether the controls overlay is open (remembered per browser; open the first time). */
function readHelpPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(HELP_KEY) !== 'closed';
  } catch {
    return true;
  }
}

function writeHelpPreference(open: boolean): void {
  try {
    globalThis.localStorage?.setItem(HELP_KEY, open ? 'open' : 'closed');
  } catch {
    // storage unavailable (private mode): the overlay just opens again next time
  }
}

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function passabilityName(code: number | undefined): string {
  return code === 0 ? 'wall' : code === 2 ? 'water' : code === 1 ? 'ground' : '?';
}

/** The Fields page: cost fields, scent, flee and safety maps as heatmaps and arrows, on any map, with units. */
export function FieldsPage() {
  // --- Map source ---------------------------------------------------------------------------------------
  const [choice, setChoice] = useState<SourceChoice>('demo');
  const [gen, setGen] = useState<GeneratedMapSettings>({
    generator: 'rooms',
    width: 256,
    height: 256,
    seed: 1,
    density: 0.2,
  });
  const [genApplied, setGenApplied] = useState(gen);
  const source = useMemo<MapSource>(() => {
    if (choice === 'generated') return { kind: 'generated', ...genApplied };
    if (choice === 'demo' || choice === 'seed-002') return { kind: 'demo', name: choice };
    return { kind: 'movingai', name: choice.slice('movingai:'.length) };
  }, [choice, genApplied]);
  const [reloadCount, setReloadCount] = useState(0);
  const [loaded, setLoaded] = useState<LoadedState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadMs, setLoadMs] = useState<number | null>(null);

  // --- Map mode, parameters, points -------------------------------------------------------------------
  const [mode, setMode] = useState<MapMode>('cost');
  const [params, setParams] = useState<MapParams>(DEFAULT_MAP_PARAMS);
  const [maxCostText, setMaxCostText] = useState('');
  const [points, setPoints] = useState<Point[]>([]);
  const [editVersion, setEditVersion] = useState(0);

  // --- Tools and display ----------------------------------------------------------------------------------
  const [tool, setTool] = useState<Tool>('goal');
  const [brush, setBrush] = useState<number>(1);
  const [showArrows, setShowArrows] = useState(true);
  const [showNumbers, setShowNumbers] = useState(true);
  const [showHelp, setShowHelpState] = useState(() => readHelpPreference());
  const setShowHelp = useCallback((next: boolean | ((old: boolean) => boolean)) => {
    setShowHelpState((old) => {
      const value = typeof next === 'function' ? next(old) : next;
      writeHelpPreference(value);
      return value;
    });
  }, []);
  const [scaleId, setScaleId] = useState('auto');
  const [hover, setHover] = useState<Point | null>(null);
  const [zoom, setZoom] = useState(1);
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const drawStats = useRef({ worst: 0, last: 0 });

  // --- Results ---------------------------------------------------------------------------------------------
  const engineState = useMapEngine();
  const engine = engineState.engine;
  const [result, setResult] = useState<MapResult | null>(null);
  const [computeError, setComputeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ label: string; progress: number | null } | null>(null);
  /** Counts results shown, for the `data-result-key` end-to-end hook. */
  const [resultCount, setResultCount] = useState(0);
  /** A computation is in flight (set at once, unlike the bar, which appears only when it takes a while). */
  const [computing, setComputing] = useState(false);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const [range, setRange] = useState<ValueRange>({ min: 0, max: 0, count: 0 });
  const [imageKey, setImageKey] = useState(0);
  const lastComputeMs = useRef(0);
  const abortRef = useRef<AbortController | null>(null);

  // --- Units -----------------------------------------------------------------------------------------------
  const walkersRef = useRef<Walker[]>([]);
  const nextWalkerId = useRef(1);
  const [walkerTick, setWalkerTick] = useState(0);
  const [running, setRunning] = useState(true);
  const [speed, setSpeed] = useState(12);
  const stepFraction = useRef(0);

  const viewRef = useRef<MapViewHandle | null>(null);
  const surfaceRef = useRef<HeatmapSurface | null>(null);
  if (surfaceRef.current === null && typeof document !== 'undefined') surfaceRef.current = new HeatmapSurface();
  const paintRef = useRef<{ last: Point | null; dragGoal: boolean; changed: boolean }>({
    last: null,
    dragGoal: false,
    changed: false,
  });

  const info = modeInfo(mode);
  const grid = loaded?.grid ?? null;

  // Load (or generate) the map whenever the source changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is a trigger
  useEffect(() => {
    const controller = new AbortController();
    const t0 = performance.now();
    setLoadError(null);
    loadMapSource(source, controller.signal)
      .then((map) => {
        if (controller.signal.aborted) return;
        setLoadMs(performance.now() - t0);
        setResult(null);
        setLoaded((old) => ({ grid: map.grid, label: map.label, id: (old?.id ?? 0) + 1 }));
        setPoints(map.goals);
        walkersRef.current = map.unit
          ? [createWalker(nextWalkerId.current++, map.unit.x, map.unit.y, UNIT_COLORS[0] as string)]
          : [];
        setWalkerTick((t) => t + 1);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, [sourceKey(source), reloadCount]);

  // Compute the chosen map whenever its inputs change; a newer request cancels the one in flight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion is a trigger (the grid is edited in place)
  useEffect(() => {
    if (!grid) return;
    const valid = points.filter((p) => grid.isPassable(p.x, p.y));
    abortRef.current?.abort();
    if (valid.length === 0) {
      setResult(null);
      setBusy(null);
      setComputing(false);
      setComputeError(null);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const label = `${modeInfo(mode).label} on ${engine.name}`;
    setComputing(true);
    const run = async () => {
      const long = lastComputeMs.current > 60;
      let reveal: ReturnType<typeof setTimeout> | undefined;
      if (long) {
        setBusy({ label, progress: null });
        if (!engine.offThread) await nextPaint();
      } else reveal = setTimeout(() => setBusy({ label, progress: null }), 120);
      try {
        if (controller.signal.aborted) return;
        const r = await engine.compute(
          { mode, grid, points: valid, params },
          {
            signal: controller.signal,
            onProgress: (done, total) => {
              if (!controller.signal.aborted && total > 0) setBusy({ label, progress: done / total });
            },
          },
        );
        if (controller.signal.aborted) return;
        lastComputeMs.current = r.timings.reduce((s, t) => s + t.ms, 0);
        setComputeError(null);
        setResult(r);
        setResultCount((n) => n + 1);
        for (const w of walkersRef.current) if (w.status !== 'moving') w.status = 'moving';
      } catch (error) {
        if (controller.signal.aborted) return;
        setComputeError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        setResult(null);
      } finally {
        clearTimeout(reveal);
        // Clear the bar unless a newer request took over (it owns the bar now). Cancel aborts this same
        // controller, so testing `aborted` here would leave the bar up after Cancel.
        if (abortRef.current === controller) {
          setBusy(null);
          setComputing(false);
        }
      }
    };
    const timer = setTimeout(run, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [grid, mode, params, points, editVersion, engine]);

  // Give a replaced result's shared buffers back to the service (after the new one is on screen).
  useEffect(() => () => result?.release?.(), [result]);

  // The colour scale and value range of the shown map.
  const scale = useMemo(() => {
    if (scaleId !== 'auto') return colorScaleById(scaleId);
    return mode === 'safety' ? COOL_WARM : mode === 'cost' ? VIRIDIS : INFERNO;
  }, [scaleId, mode]);
  const shown = result && grid && result.values.values.length === grid.size && result.mode === mode ? result : null;
  const style = styleForRange(scale, range);
  const legendFrom = style.from ?? 0;
  const legendTo = style.to ?? 1;
  // Tick at zero on a two-slope diverging map, else the midpoint; placed along the shown part of the bar.
  const tickValue = style.pivot ? style.pivot.value : (range.min + range.max) / 2;
  const legendTicks = [
    { value: tickValue, at: (scaleFraction(style, tickValue) - legendFrom) / (legendTo - legendFrom || 1) },
  ];

  // Render the heatmap once per map or result change (not per frame).
  useEffect(() => {
    const surface = surfaceRef.current;
    if (!grid || !surface) return;
    const r = shown ? valueRange(shown.values) : { min: 0, max: 0, count: 0 };
    setRange(r);
    setRenderMs(surface.render(grid.width, grid.height, grid.passable, shown?.values ?? null, styleForRange(scale, r)));
    setImageKey((k) => k + 1);
  }, [grid, shown, scale]);

  // Units: step along the map at `speed` tiles per second.
  const target = useMemo<WalkTarget | null>(() => {
    if (!shown) return null;
    return {
      values: shown.values,
      dir: shown.dir,
      climb: modeInfo(shown.mode).climb,
      rule: { neighbors: params.neighbors, diagonal: params.diagonal },
    };
  }, [shown, params.neighbors, params.diagonal]);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    if (!running || !grid) return;
    let id = 0;
    let last = performance.now();
    let acc = 0;
    let lastUi = 0;
    const loop = (now: number) => {
      const t = targetRef.current;
      const walkers = walkersRef.current;
      const moving = t !== null && walkers.some((w) => w.status === 'moving');
      if (moving && t) {
        acc += ((now - last) * speed) / 1000;
        const steps = Math.min(64, Math.floor(acc));
        acc -= steps;
        for (let s = 0; s < steps; s++) {
          for (const w of walkers) if (w.status === 'moving') stepWalker(w, t, grid);
        }
        stepFraction.current = acc;
        viewRef.current?.redraw();
        if (now - lastUi > 250) {
          lastUi = now;
          setWalkerTick((k) => k + 1);
        }
      } else {
        if (stepFraction.current !== 0 || acc !== 0) {
          stepFraction.current = 0;
          acc = 0;
          for (const w of walkers) {
            w.px = w.x;
            w.py = w.y;
          }
          viewRef.current?.redraw();
          setWalkerTick((k) => k + 1);
        }
      }
      last = now;
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [running, speed, grid]);

  // --- Editing -----------------------------------------------------------------------------------------------
  const liveEdits = engine.offThread || lastComputeMs.current < 40;

  const paintTiles = useCallback(
    (from: Point, to: Point, code: number) => {
      const surface = surfaceRef.current;
      if (!grid || !surface) return false;
      const line = bresenhamLine(from.x, from.y, to.x, to.y);
      const r = (brush - 1) >> 1;
      let changed = false;
      for (let k = 0; k < line.length; k += 2) {
        const cx = line[k] as number;
        const cy = line[k + 1] as number;
        for (let y = cy - r; y <= cy + r; y++) {
          for (let x = cx - r; x <= cx + r; x++) {
            if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
            const i = y * grid.width + x;
            if (grid.passable[i] === code || (code !== 0 && grid.passable[i] !== 0)) continue;
            grid.passable[i] = code;
            surface.setTile(x, y, code === 0 ? SPECIAL_COLORS.wall : SPECIAL_COLORS.floor);
            changed = true;
          }
        }
      }
      if (changed) {
        grid.touch();
        viewRef.current?.redraw();
      }
      return changed;
    },
    [grid, brush],
  );

  const dropUnit = useCallback(
    (x: number, y: number) => {
      if (!grid?.isPassable(x, y)) return;
      const walkers = walkersRef.current;
      if (walkers.length >= MAX_UNITS) walkers.shift();
      const color = UNIT_COLORS[(nextWalkerId.current - 1) % UNIT_COLORS.length] as string;
      walkers.push(createWalker(nextWalkerId.current++, x, y, color));
      setWalkerTick((k) => k + 1);
      viewRef.current?.redraw();
    },
    [grid],
  );

  const onTilePointer = (e: TilePointerEvent) => {
    if (!grid) return;
    const paint = paintRef.current;
    const tile = { x: Math.min(grid.width - 1, Math.max(0, e.x)), y: Math.min(grid.height - 1, Math.max(0, e.y)) };
    if (tool === 'wall' || tool === 'erase') {
      if (e.phase === 'down') {
        if (!e.inside) return;
        paint.last = tile;
        paint.changed = paintTiles(tile, tile, tool === 'wall' ? 0 : 1);
      } else if (e.phase === 'move' && paint.last) {
        if (paintTiles(paint.last, tile, tool === 'wall' ? 0 : 1)) paint.changed = true;
        paint.last = tile;
      } else if (e.phase === 'up') {
        paint.last = null;
      }
      if (paint.changed && (liveEdits || e.phase === 'up')) {
        paint.changed = false;
        if (tool === 'wall') setPoints((ps) => ps.filter((p) => grid.isPassable(p.x, p.y)));
        setEditVersion((v) => v + 1);
      }
      return;
    }
    if (tool === 'unit') {
      if (e.phase === 'down' && e.inside) dropUnit(e.x, e.y);
      return;
    }
    // Goal tool.
    if (e.phase === 'down') {
      if (!e.inside || !grid.isPassable(e.x, e.y)) return;
      if (e.shiftKey) {
        paint.dragGoal = false;
        setPoints((ps) =>
          ps.some((p) => p.x === e.x && p.y === e.y)
            ? ps.filter((p) => p.x !== e.x || p.y !== e.y)
            : [...ps, { x: e.x, y: e.y }],
        );
      } else {
        paint.dragGoal = true;
        setPoints([{ x: e.x, y: e.y }]);
      }
    } else if (e.phase === 'move' && paint.dragGoal && e.inside && grid.isPassable(e.x, e.y)) {
      setPoints((ps) => (ps.length === 1 && ps[0]?.x === e.x && ps[0]?.y === e.y ? ps : [{ x: e.x, y: e.y }]));
    } else if (e.phase === 'up') paint.dragGoal = false;
  };

  // --- Keyboard ----------------------------------------------------------------------------------------------
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      const m = MAP_MODES.find((mm) => mm.key === e.key);
      if (m) setMode(m.id);
      else if (key === 'g') setTool('goal');
      else if (key === 'w') setTool('wall');
      else if (key === 'e') setTool('erase');
      else if (key === 'u') {
        const h = viewRef.current?.hoveredTile() ?? null;
        if (h) dropUnit(h.x, h.y);
        else setTool('unit');
      } else if (key === 'a') setShowArrows((s) => !s);
      else if (key === 'n') setShowNumbers((s) => !s);
      else if (key === 'h' || e.key === '?') setShowHelp((s) => !s);
      else if (key === 'f') viewRef.current?.fit();
      else if (key === 'c') setPoints([]);
      else if (key === 'x') {
        walkersRef.current = [];
        setWalkerTick((k) => k + 1);
        viewRef.current?.redraw();
      } else if (key === 'p') setRunning((r) => !r);
      else if (e.key === '[') setBrush((b) => BRUSHES[Math.max(0, BRUSHES.indexOf(b as 1) - 1)] ?? 1);
      else if (e.key === ']') setBrush((b) => BRUSHES[Math.min(BRUSHES.length - 1, BRUSHES.indexOf(b as 1) + 1)] ?? b);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dropUnit, setShowHelp]);

  // --- Overlay -----------------------------------------------------------------------------------------------
  const markerKind: MarkerKind = mode === 'cost' ? 'goal' : mode === 'scent' ? 'source' : 'threat';
  const overlayState = { shown, showArrows, showNumbers, points, markerKind, tool, brush, hover, params, grid };
  const overlayRef = useRef(overlayState);
  overlayRef.current = overlayState;
  const dirAt = useCallback((x: number, y: number): number => {
    const s = overlayRef.current;
    if (!s.shown || !s.grid) return NO_DIRECTION;
    if (s.shown.dir) return s.shown.dir[y * s.grid.width + x] ?? NO_DIRECTION;
    return bestNeighbor(s.shown.values, s.grid, x, y, modeInfo(s.shown.mode).climb, {
      neighbors: s.params.neighbors,
      diagonal: s.params.diagonal,
    });
  }, []);

  const drawOverlay = useCallback(
    (o: OverlayContext) => {
      const s = overlayRef.current;
      if (!s.grid) return;
      if (s.showArrows && s.shown) drawArrows(o, { gridWidth: s.grid.width, gridHeight: s.grid.height, dirAt });
      const shownValues = s.shown?.values;
      const width = s.grid.width;
      if (s.showNumbers && shownValues) {
        drawTileNumbers(o, {
          valueAt: (x, y) => {
            const i = y * width + x;
            // Scent and flee maps also show their -1 / -2 codes on walkable tiles, as the seed's tables do.
            if (shownValues.kind === 'scent') return s.grid?.passable[i] ? (shownValues.values[i] ?? null) : null;
            return valueAt(shownValues, i);
          },
          format: (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1)),
        });
      }
      const frac = stepFraction.current;
      for (const w of walkersRef.current) drawTrail(o, w.trailX, w.trailY, w.color);
      drawMarkers(o, s.points, s.markerKind);
      for (const w of walkersRef.current) {
        const x = w.px + (w.x - w.px) * frac;
        const y = w.py + (w.y - w.py) * frac;
        drawMarkers(o, [{ x, y }], 'unit');
        if (w.color !== MARKER_COLORS.unit) {
          const { ctx, view } = o;
          ctx.beginPath();
          ctx.arc(
            (x + 0.5) * view.scale + view.offsetX,
            (y + 0.5) * view.scale + view.offsetY,
            Math.max(2, Math.min(view.scale * 0.25, 9)),
            0,
            Math.PI * 2,
          );
          ctx.fillStyle = w.color;
          ctx.fill();
        }
      }
      if ((s.tool === 'wall' || s.tool === 'erase') && s.hover)
        drawBrush(o, s.hover.x, s.hover.y, s.brush, s.tool === 'wall' ? '#ffffff' : '#7dff6b');
    },
    [dirAt],
  );

  // --- Readouts ----------------------------------------------------------------------------------------------
  const hoverInfo = (() => {
    if (!hover || !grid?.inBounds(hover.x, hover.y)) return null;
    const i = hover.y * grid.width + hover.x;
    const code = grid.passable[i];
    let value = '—';
    let direction = '—';
    if (shown) {
      const v = valueAt(shown.values, i);
      if (v !== null) value = formatValue(v);
      else if (code === 0) value = 'wall';
      else if (shown.values.kind === 'scent' && shown.values.values[i] === -2) value = 'blocked (-2)';
      else value = shown.values.kind === 'scent' ? 'unseen (-1)' : 'unreachable (∞)';
      const d = dirAt(hover.x, hover.y);
      direction = d === NO_DIRECTION ? (v !== null ? 'none (optimum)' : 'none') : (DIRECTIONS[d]?.name ?? '?');
    }
    return { x: hover.x, y: hover.y, passability: passabilityName(code), value, direction };
  })();

  const legendSwatches: LegendSwatch[] = [
    { label: 'wall', background: specialCss('wall') },
    {
      label: mode === 'cost' || mode === 'safety' ? 'unreachable' : 'unseen (-1)',
      background: `repeating-conic-gradient(${specialCss('unreachable')} 0 25%, ${specialCss('unreachableAlt')} 0 50%) 0 0 / 6px 6px`,
    },
    ...(mode === 'flee' ? [{ label: 'hero tile (-2)', background: specialCss('blocked') }] : []),
    { label: info.point, background: MARKER_COLORS[markerKind], round: true },
    { label: 'unit', background: MARKER_COLORS.unit, round: true },
  ];

  const timings: Timing[] = [
    ...(loadMs !== null ? [{ label: choice === 'generated' ? 'generate map' : 'load map', ms: loadMs }] : []),
    ...(shown?.timings ?? []),
    ...(renderMs !== null ? [{ label: 'heatmap render', ms: renderMs }] : []),
    ...(drawMs !== null ? [{ label: 'map frame draw (worst)', ms: drawMs }] : []),
  ];
  const stale = shown !== null && grid !== null && shown.gridVersion !== grid.version;
  const walkers = walkersRef.current;
  void walkerTick;

  const setParam = <K extends keyof MapParams>(key: K, value: MapParams[K]) =>
    setParams((p) => ({ ...p, [key]: value }));
  const usesMetric = mode === 'cost' || mode === 'safety';
  const usesStrength = mode === 'scent' || mode === 'flee';

  return (
    <section className="fields-page" data-testid="fields-page">
      <aside className="sidebar fields-sidebar">
        <div className="panel">
          <h2>Map</h2>
          <label className="row">
            <span>Source</span>
            <select value={choice} onChange={(e) => setChoice(e.target.value as SourceChoice)} data-testid="map-source">
              <optgroup label="Built-in">
                <option value="demo">Demo level (40 x 20)</option>
                <option value="seed-002">Seed 002 level (9 x 9)</option>
              </optgroup>
              <optgroup label="Moving AI">
                {MOVING_AI_MAPS.map((m) => (
                  <option key={m.name} value={`movingai:${m.name}`}>
                    {m.name} ({m.size})
                  </option>
                ))}
              </optgroup>
              <option value="generated">Generated…</option>
            </select>
          </label>
          {choice === 'generated' && (
            <GeneratedMapForm
              value={gen}
              onChange={setGen}
              onGenerate={() => setGenApplied({ ...gen })}
              sizes={SIZES}
            />
          )}
          <div className="row">
            <span className="muted grow">{loaded ? loaded.label : 'loading…'}</span>
            <button type="button" className="small" onClick={() => setReloadCount((c) => c + 1)} title="Discard edits">
              Reload
            </button>
          </div>
          {loadError && <div className="error">{loadError}</div>}
        </div>

        <div className="panel">
          <h2>Map mode</h2>
          <div className="segmented" role="tablist">
            {MAP_MODES.map((m) => (
              <button
                key={m.id}
                type="button"
                role="tab"
                aria-selected={mode === m.id}
                className={mode === m.id ? 'active' : undefined}
                onClick={() => setMode(m.id)}
                title={`${m.label} (key ${m.key})`}
                data-mode={m.id}
              >
                {m.label.split(' ')[0]}
              </button>
            ))}
          </div>
          {usesMetric && (
            <label className="row">
              <span>Metric</span>
              <select
                value={params.metric}
                data-testid="metric"
                onChange={(e) => setParam('metric', e.target.value as Metric)}
              >
                {METRICS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="row">
            <span>Neighbours</span>
            <select
              value={params.neighbors}
              data-testid="neighbors"
              onChange={(e) => setParam('neighbors', Number(e.target.value) as 4 | 8)}
            >
              <option value={4}>4</option>
              <option value={8}>8</option>
            </select>
          </label>
          <label className="row">
            <span>Diagonals</span>
            <select
              value={params.diagonal}
              disabled={params.neighbors === 4}
              onChange={(e) => setParam('diagonal', e.target.value as DiagonalRule)}
            >
              {DIAGONAL_RULES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          {usesMetric && (
            <label
              className="row"
              title={
                mode === 'safety'
                  ? 'Tiles farther than this from every threat are not seeded'
                  : 'Range limit: tiles costing more stay unreachable'
              }
            >
              <span>{mode === 'safety' ? 'Threat range' : 'Max cost'}</span>
              <input
                type="number"
                min={0}
                placeholder="∞"
                value={maxCostText}
                onChange={(e) => {
                  setMaxCostText(e.target.value);
                  const v = Number(e.target.value);
                  setParam('maxCost', e.target.value === '' || !(v >= 0) ? Number.POSITIVE_INFINITY : v);
                }}
              />
            </label>
          )}
          {usesStrength && (
            <label className="row">
              <span>Strength</span>
              <input
                type="range"
                min={1}
                max={300}
                step={1}
                value={params.strength}
                onChange={(e) => setParam('strength', Number(e.target.value))}
                data-testid="strength"
              />
              <span className="num">{params.strength}</span>
            </label>
          )}
          {mode === 'safety' && (
            <label className="row">
              <span>Coefficient</span>
              <input
                type="range"
                min={-3}
                max={-0.1}
                step={0.1}
                value={params.coefficient}
                onChange={(e) => setParam('coefficient', Number(e.target.value))}
                data-testid="coefficient"
              />
              <span className="num">{params.coefficient.toFixed(1)}</span>
            </label>
          )}
          <div className="row">
            <span className="grow">
              {points.length} {points.length === 1 ? info.point : info.points}
            </span>
            <button type="button" className="small" onClick={() => setPoints([])} disabled={points.length === 0}>
              Clear {info.points}
            </button>
          </div>
          {computeError && <div className="error">{computeError}</div>}
          {shown?.warning && <div className="warning">{shown.warning}</div>}
        </div>

        <div className="panel">
          <h2>Display</h2>
          <label className="row">
            <span>Colours</span>
            <select value={scaleId} onChange={(e) => setScaleId(e.target.value)}>
              <option value="auto">auto: {scale.id}</option>
              {COLOR_SCALES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label className="row check">
            <input type="checkbox" checked={showArrows} onChange={(e) => setShowArrows(e.target.checked)} />
            <span>Arrows (vector field)</span>
          </label>
          <label className="row check" title="Shown from about 34 px per tile">
            <input type="checkbox" checked={showNumbers} onChange={(e) => setShowNumbers(e.target.checked)} />
            <span>Values on tiles (when zoomed in)</span>
          </label>
        </div>

        <div className="panel">
          <h2>Units</h2>
          <label className="row">
            <span>Speed</span>
            <input type="range" min={1} max={60} value={speed} onChange={(e) => setSpeed(Number(e.target.value))} />
            <span className="num">{speed}/s</span>
          </label>
          <div className="row">
            <button type="button" className="small" onClick={() => setRunning((r) => !r)}>
              {running ? 'Pause' : 'Run'}
            </button>
            <button
              type="button"
              className="small"
              onClick={() => {
                for (const w of walkersRef.current) {
                  const x0 = w.trailX[0] ?? w.x;
                  const y0 = w.trailY[0] ?? w.y;
                  Object.assign(w, createWalker(w.id, x0, y0, w.color));
                }
                setWalkerTick((k) => k + 1);
              }}
              disabled={walkers.length === 0}
            >
              Restart
            </button>
            <button
              type="button"
              className="small"
              onClick={() => {
                walkersRef.current = [];
                setWalkerTick((k) => k + 1);
                viewRef.current?.redraw();
              }}
              disabled={walkers.length === 0}
            >
              Clear units
            </button>
          </div>
          {walkers.length === 0 ? (
            <div className="muted small-text">Press U over the map (or use the Unit tool) to drop a unit.</div>
          ) : (
            <ul className="unit-list" data-testid="units">
              {walkers.slice(-6).map((w) => (
                <li
                  key={w.id}
                  data-status={w.status}
                  data-trail={
                    w.trailX.length <= 256 ? w.trailX.map((x, i) => `${x},${w.trailY[i]}`).join(' ') : undefined
                  }
                >
                  <span className="swatch round" style={{ background: w.color }} /> ({w.x}, {w.y}) · {w.steps} steps ·{' '}
                  <span className={w.status === 'moving' ? undefined : 'muted'}>{STATUS_TEXT[w.status]}</span>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="panel">
          <h2>Timing</h2>
          <table className="timings" data-testid="timings">
            <tbody>
              {timings.map((t) => (
                <tr key={t.label}>
                  <th>{t.label}</th>
                  <td>{t.ms < 10 ? t.ms.toFixed(2) : t.ms.toFixed(1)} ms</td>
                </tr>
              ))}
              {grid && (
                <tr>
                  <th>tiles</th>
                  <td>{grid.size.toLocaleString('en-US')}</td>
                </tr>
              )}
            </tbody>
          </table>
          <label className="row">
            <span>Compute on</span>
            <select
              value={engineState.choice}
              onChange={(e) => engineState.setChoice(e.target.value as EngineChoice)}
              data-testid="engine"
            >
              <option value="workers">
                worker service
                {engineState.workers === 'starting'
                  ? ' (starting…)'
                  : engineState.workers === 'unavailable'
                    ? ' (unavailable)'
                    : ''}
              </option>
              <option value="main">main thread</option>
            </select>
          </label>
          <div className="muted small-text" data-testid="engine-used">
            last computed on: {shown?.engine ?? engine.name}
          </div>
          {engineState.error && <div className="warning">{engineState.error}</div>}
        </div>
      </aside>

      <div className="fields-main">
        <div className="toolbar">
          <div className="segmented" role="toolbar" aria-label="tools">
            {TOOLS.map((t) => (
              <button
                key={t.id}
                type="button"
                className={tool === t.id ? 'active' : undefined}
                aria-pressed={tool === t.id}
                onClick={() => setTool(t.id)}
                title={`${t.hint} (key ${t.key})`}
                data-tool={t.id}
              >
                {t.label} <kbd>{t.key}</kbd>
              </button>
            ))}
          </div>
          {(tool === 'wall' || tool === 'erase') && (
            <label className="row inline">
              <span>Brush</span>
              <select value={brush} onChange={(e) => setBrush(Number(e.target.value))}>
                {BRUSHES.map((b) => (
                  <option key={b} value={b}>
                    {b} x {b}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span className="muted tool-hint">{TOOLS.find((t) => t.id === tool)?.hint}</span>
          <span className="grow" />
          <span className="muted">zoom {zoom >= 1 ? zoom.toFixed(zoom >= 10 ? 0 : 1) : zoom.toFixed(2)} px/tile</span>
          <button type="button" onClick={() => viewRef.current?.zoomBy(0.8)} title="Zoom out (-)">
            −
          </button>
          <button type="button" onClick={() => viewRef.current?.zoomBy(1.25)} title="Zoom in (+)">
            +
          </button>
          <button type="button" onClick={() => viewRef.current?.fit()} title="Fit the map (F)" data-testid="fit">
            Fit
          </button>
        </div>
        <div
          className="map-wrap"
          data-testid="map-wrap"
          data-busy={computing ? 'true' : 'false'}
          data-result-key={shown ? `${shown.mode}:${shown.gridVersion}:${resultCount}` : ''}
        >
          {grid && (
            <MapView
              gridWidth={grid.width}
              gridHeight={grid.height}
              image={surfaceRef.current?.canvas ?? null}
              redrawKey={`${imageKey}:${showArrows}:${showNumbers}:${points.length}:${walkerTick}:${tool}:${brush}`}
              fitKey={loaded?.id}
              drawOverlay={drawOverlay}
              onHover={setHover}
              onTilePointer={onTilePointer}
              onViewChange={(v) => setZoom(v.scale)}
              onDrawn={(ms) => {
                // Report the slowest frame of each half second, not every frame.
                const st = drawStats.current;
                st.worst = Math.max(st.worst, ms);
                const now = performance.now();
                if (now - st.last > 500) {
                  setDrawMs(st.worst);
                  st.worst = 0;
                  st.last = now;
                }
              }}
              cursor={tool === 'goal' || tool === 'unit' ? 'pointer' : 'crosshair'}
              handleRef={viewRef}
            />
          )}
          {busy && (
            <div className="map-hud">
              <ProgressBar
                value={busy.progress}
                label={`computing ${busy.label}`}
                onCancel={engine.offThread ? () => abortRef.current?.abort() : undefined}
              />
            </div>
          )}
          {showHelp ? (
            <div className="map-help" data-testid="help">
              <div className="map-help-head">
                <b>Controls</b>
                <button type="button" className="small" onClick={() => setShowHelp(false)} title="Hide (H)">
                  ×
                </button>
              </div>
              <ul>
                <li>
                  <b>Left</b> click/drag: use the tool · <kbd>Shift</kbd>+click: add/remove a {info.point}
                </li>
                <li>
                  <b>Right</b>/<b>middle</b> drag or <kbd>Space</kbd>+drag: pan · <b>wheel</b>: zoom at cursor
                </li>
                <li>
                  <kbd>G</kbd> goal · <kbd>W</kbd> wall · <kbd>E</kbd> erase · <kbd>U</kbd> drop unit at cursor ·{' '}
                  <kbd>[</kbd>
                  <kbd>]</kbd> brush
                </li>
                <li>
                  <kbd>1</kbd>–<kbd>4</kbd> map mode · <kbd>A</kbd> arrows · <kbd>N</kbd> numbers · <kbd>C</kbd> clear{' '}
                  {info.points} · <kbd>X</kbd> clear units · <kbd>P</kbd> pause units
                </li>
                <li>
                  <kbd>F</kbd>/<kbd>0</kbd> fit · <kbd>+</kbd>/<kbd>-</kbd> zoom · <kbd>H</kbd> this help
                </li>
              </ul>
            </div>
          ) : (
            <button
              type="button"
              className="map-help-pill small"
              onClick={() => setShowHelp(true)}
              title="Show controls (H)"
            >
              ? Controls
            </button>
          )}
          {stale && <div className="map-badge warning">map edited: recomputing…</div>}
          {points.length === 0 && grid && (
            <div className="map-hint">Click the map to place a {info.point} (shift-click adds more).</div>
          )}
        </div>
        <div className="fields-footer">
          <Legend
            title={info.legend}
            scale={scale}
            from={legendFrom}
            to={legendTo}
            min={range.min}
            max={range.max}
            lowLabel={info.low}
            highLabel={info.high}
            ticks={legendTicks}
            swatches={legendSwatches}
            empty={
              shown
                ? undefined
                : computeError
                  ? 'no map: see the error in the Map mode panel'
                  : points.length > 0
                    ? `computing the ${info.label.toLowerCase()}…`
                    : `place a ${info.point} to compute the ${info.label.toLowerCase()}`
            }
          />
          <div className="readout" data-testid="readout">
            {hoverInfo ? (
              <>
                <div>
                  <span className="muted">tile</span>{' '}
                  <span data-testid="readout-tile">
                    {hoverInfo.x}, {hoverInfo.y}
                  </span>
                </div>
                <div>
                  <span className="muted">passability</span> {hoverInfo.passability}
                </div>
                <div>
                  <span className="muted">{mode === 'cost' ? 'cost' : 'value'}</span>{' '}
                  <span data-testid="readout-value">{hoverInfo.value}</span>
                </div>
                <div>
                  <span className="muted">direction</span> <span data-testid="readout-dir">{hoverInfo.direction}</span>
                </div>
              </>
            ) : (
              <div className="muted">hover the map for a tile readout</div>
            )}
            {shown && range.count > 0 && (
              <div className="muted small-text">
                {range.count.toLocaleString('en-US')} tiles with a value, {formatValue(range.min)} to{' '}
                {formatValue(range.max)}
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
