import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readHelpPreference, writeHelpPreference } from '../shared/help-preference.js';
import { DropOverlay, MapFileDialogView } from '../shared/map-files/map-file-ui.js';
import { useMapFiles } from '../shared/map-files/use-map-files.js';
import type { MapOverview } from '../shared/map-paint.js';
import type { MapViewHandle } from '../shared/map-view.js';
import { useEditsLink } from '../shared/use-edits-link.js';
import { useViewEvents } from '../shared/view-events.js';
import { drawSectorsOverlay, type SectorsOverlayState } from './draw/sectors-overlay.js';
import { useBaseImage } from './hooks/use-base-image.js';
import { useBigMap } from './hooks/use-big-map.js';
import { useCorridor } from './hooks/use-corridor.js';
import { useCorridorUnits } from './hooks/use-corridor-units.js';
import { useSectorGraph } from './hooks/use-sector-graph.js';
import { type Tile, useSectorRoute } from './hooks/use-sector-route.js';
import { useSectorTools } from './hooks/use-sector-tools.js';
import { useSectorsKeys } from './hooks/use-sectors-keys.js';
import { useSectorsLink, useWriteSectorsLink } from './hooks/use-sectors-url.js';
import { nearestWalkable } from './model/big-map.js';
import { crowdStarts } from './model/crowd-starts.js';
import { HUGE_MAP_TILES, ViewportPainter } from './model/huge-map-image.js';
import { unitsWay } from './model/units-way.js';
import { BigMapPanel } from './panels/big-map-panel.js';
import { RoutePanel } from './panels/route-panel.js';
import { SectorGraphPanel } from './panels/sector-graph-panel.js';
import { SectorsFooter } from './panels/sectors-footer.js';
import { SectorsMapArea } from './panels/sectors-map-area.js';
import './sectors.css';

/** The coarsest level of an overview (the minimap's picture). */
function coarsest(o: MapOverview | null): CanvasImageSource | null {
  let level = o;
  while (level?.coarser) level = level.coarser;
  return level?.image ?? null;
}

/**
 * The Big maps page: maps up to 8192 x 8192 (made in a worker: generated, the city map scaled up, Moving AI, or
 * your own file, kept in this browser), the sector graph built across the worker pool with its borders and
 * entrances, the route and path between a picked start and goal with their costs and times, the corridor field
 * filling in for the units that follow it (their way drawn and costed beside the path), and walls painted with
 * the number of sectors each edit rebuilt (the edits go in the link).
 */
export function SectorsPage() {
  const link = useSectorsLink();
  const big = useBigMap(link.map, link.edits);
  const grid = big.map?.grid ?? null;
  const [sectorSize, setSectorSize] = useState(link.sectorSize);
  const [editVersion, setEditVersion] = useState(0);
  const [hover, setHover] = useState<Tile | null>(null);
  const [showBorders, setShowBorders] = useState(true);
  const [showEntrances, setShowEntrances] = useState(true);
  const [showCorridor, setShowCorridor] = useState(true);
  const [showHelp, setShowHelpState] = useState(() => readHelpPreference('sectors'));
  const setShowHelp = useCallback((open: boolean) => {
    setShowHelpState(open);
    writeHelpPreference(open, 'sectors');
  }, []);
  const [unitCount, setUnitCount] = useState(link.units);
  // The corridor field's full-field fallback: past this fraction of the sectors (1: never).
  const [fullAbove, setFullAbove] = useState(0.25);
  const [speed, setSpeed] = useState(60);
  const viewRef = useRef<MapViewHandle | null>(null);
  const views = useViewEvents();
  const graph = useSectorGraph(grid, sectorSize);
  const { base, key: baseKey } = useBaseImage(grid, editVersion);
  const viewport = useMemo(
    () => (grid && grid.size > HUGE_MAP_TILES ? new ViewportPainter(() => viewRef.current?.redraw()) : null),
    [grid],
  );
  if (viewport) viewport.overview = base?.overview ?? null;
  const tools = useSectorTools(
    grid,
    { start: link.start, goal: link.goal },
    () => {
      setEditVersion((v) => v + 1);
      void graph.update();
    },
    big.tracker,
  );
  const { start, goal, setStart, setGoal } = tools;
  const files = useMapFiles({ onMap: (g, name) => big.openFile(g, name), maxSide: 8192 });

  // A new map clears what belonged to the old one (hover, painted tiles); it keeps the link's start and goal on
  // the first map when they are walkable; otherwise the start goes near the top-left corner and the goal near the
  // bottom-right one.
  const firstMap = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map's id is the trigger
  useEffect(() => {
    setHover(null);
    tools.painted.current = [];
    if (!grid) return;
    const first = firstMap.current;
    firstMap.current = false;
    const keep = (t: Tile | null) => first && t !== null && grid.inBounds(t.x, t.y) && grid.isPassable(t.x, t.y);
    if (!keep(link.start))
      setStart(nearestWalkable(grid, Math.floor(grid.width / 8), Math.floor(grid.height / 8), grid.width >> 2));
    if (!keep(link.goal))
      setGoal(
        nearestWalkable(grid, Math.floor((grid.width * 7) / 8), Math.floor((grid.height * 7) / 8), grid.width >> 2),
      );
  }, [big.map?.id]);

  // The painted edits in the link (past its size, the edited map is kept in this browser instead).
  const edits = useEditsLink(grid, editVersion, big.applied.source, big.tracker, big.keepEdited, link.edits);

  const route = useSectorRoute(graph.graph, graph.revision, start, goal);
  const reachable = route.answer?.reachable === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: graph.revision: walls may have been painted over the units
  const starts = useMemo(
    () => (grid && start && reachable ? crowdStarts(grid, start.x, start.y, unitCount, sectorSize) : null),
    [grid, start, reachable, unitCount, sectorSize, graph.revision],
  );
  const corridor = useCorridor(graph.graph, graph.revision, goal, starts, fullAbove);
  const complete = corridor.field !== null && corridor.progress === null && corridor.ms !== null;
  const units = useCorridorUnits(corridor.field, complete, starts, speed, viewRef);
  const way = useMemo(
    () => (corridor.field && complete && start ? unitsWay(corridor.field, start.x, start.y) : null),
    [corridor.field, complete, start],
  );

  // Painted tiles are drawn by the overlay until a map image that holds them arrives.
  useEffect(() => {
    if (grid && base && base.gridVersion === grid.version) tools.painted.current = [];
  }, [base, grid, tools.painted]);

  const overlay: SectorsOverlayState = {
    grid,
    sectorSize: graph.graph?.sectorSize ?? 0,
    showBorders,
    showEntrances,
    entrances: graph.entrances,
    corridorField: corridor.field,
    corridorImage: corridor.image,
    showCorridor,
    answer: route.answer,
    unitsWay: way?.tiles ?? null,
    start,
    goal,
    units: { xy: units.xy.current, count: units.count },
    painted: tools.painted.current,
    brush: tools.tool === 'pick' ? 0 : tools.brush,
    hover,
    viewport,
    redraw: () => viewRef.current?.redraw(),
  };
  const overlayRef = useRef(overlay);
  overlayRef.current = overlay;
  const drawOverlay = useCallback(
    (o: Parameters<typeof drawSectorsOverlay>[0]) =>
      drawSectorsOverlay(o, {
        ...overlayRef.current,
        units: { xy: units.xy.current, count: units.count },
        painted: tools.painted.current,
      }),
    [units.xy, units.count, tools.painted],
  );

  useSectorsKeys({
    pickAtCursor: (what) => {
      const h = viewRef.current?.hoveredTile();
      if (!h || !grid?.isPassable(h.x, h.y)) return;
      if (what === 'goal') setGoal(h);
      else setStart(h);
    },
    setTool: tools.setTool,
    setBrush: tools.setBrush,
    toggleBorders: () => setShowBorders((s) => !s),
    toggleEntrances: () => setShowEntrances((s) => !s),
    toggleCorridor: () => setShowCorridor((s) => !s),
    toggleHelp: () => setShowHelp(!showHelp),
    fit: () => viewRef.current?.fit(),
  });
  useWriteSectorsLink({ map: big.applied, sectorSize, start, goal, units: unitCount, edits });

  const a = route.answer;
  const redrawKey = [
    baseKey,
    corridor.imageKey,
    graph.revision,
    showBorders,
    showEntrances,
    showCorridor,
    a?.pathCost,
    way?.cost,
    start?.x,
    start?.y,
    goal?.x,
    goal?.y,
    tools.tool,
    tools.brush,
  ].join(':');
  return (
    <section className="fields-page" data-testid="sectors-page" {...files.dropProps}>
      <aside className="sidebar fields-sidebar">
        <BigMapPanel state={big} files={files} />
        <SectorGraphPanel
          state={graph}
          sectorSize={sectorSize}
          setSectorSize={setSectorSize}
          tiles={grid?.size ?? 0}
          showBorders={showBorders}
          setShowBorders={setShowBorders}
          showEntrances={showEntrances}
          setShowEntrances={setShowEntrances}
        />
        <RoutePanel
          way={way}
          start={start}
          goal={goal}
          answer={a}
          error={route.error}
          corridor={corridor}
          showCorridor={showCorridor}
          setShowCorridor={setShowCorridor}
          unitCount={unitCount}
          setUnitCount={setUnitCount}
          fullAbove={fullAbove}
          setFullAbove={setFullAbove}
          arrived={units.arrived}
          units={units.count}
          speed={speed}
          setSpeed={setSpeed}
        />
      </aside>
      <div className="fields-main">
        <div className="toolbar" role="toolbar">
          {(['pick', 'wall', 'erase'] as const).map((t) => (
            <button
              key={t}
              type="button"
              className={tools.tool === t ? 'small active' : 'small'}
              onClick={() => tools.setTool(t)}
              data-testid={`sector-tool-${t}`}
            >
              {t === 'pick' ? 'Pick start/goal (P)' : t === 'wall' ? 'Paint walls (W)' : 'Erase walls (E)'}
            </button>
          ))}
          <span className="muted small-text">
            brush {tools.brush} x {tools.brush}
            {edits ? ' · painted edits are in the link' : ''}
          </span>
        </div>
        <SectorsMapArea
          grid={grid}
          image={base?.image ?? null}
          overview={base?.overview ?? null}
          minimapImage={coarsest(base?.overview ?? null) ?? base?.image ?? null}
          imageKey={baseKey}
          redrawKey={redrawKey}
          fitKey={big.map?.id}
          drawOverlay={drawOverlay}
          onHover={setHover}
          onTilePointer={tools.onTilePointer}
          cursor={tools.tool === 'pick' ? 'pointer' : 'crosshair'}
          viewRef={viewRef}
          views={views}
          sectorSize={graph.graph?.sectorSize ?? 0}
          showBorders={showBorders}
          showEntrances={showEntrances}
          making={big.making}
          cancelMaking={big.cancel}
          graphProgress={graph.progress}
          cancelGraph={graph.cancel}
          corridorProgress={corridor.progress}
          showHelp={showHelp}
          setShowHelp={setShowHelp}
          graphRevision={graph.graph ? graph.revision : ''}
          building={graph.building}
        />
        <SectorsFooter
          grid={grid}
          graph={graph.graph}
          field={corridor.field}
          image={corridor.image}
          hover={hover && grid?.inBounds(hover.x, hover.y) ? hover : null}
          units={units.count}
          pathCost={a?.reachable ? a.pathCost : null}
          wayCost={way?.cost ?? null}
        />
      </div>
      <DropOverlay files={files} />
      <MapFileDialogView files={files} />
    </section>
  );
}
