import { useMemo, useState } from 'react';
import { MapView } from '../shared/map-view.js';
import { ProgressBar } from '../shared/progress-bar.js';
import { useEditTools } from './hooks/use-edit-tools.js';
import { useFieldResult } from './hooks/use-field-result.js';
import { useFieldsKeys } from './hooks/use-fields-keys.js';
import { useFieldsOverlay } from './hooks/use-fields-overlay.js';
import { useHeatmapImage } from './hooks/use-heatmap-image.js';
import { useMapEngine } from './hooks/use-map-engine.js';
import { useMapSource } from './hooks/use-map-source.js';
import { useMapViewState } from './hooks/use-map-view-state.js';
import { useWalkers } from './hooks/use-walkers.js';
import { scaleFor, shownResult } from './model/display.js';
import { DEFAULT_MAP_PARAMS, type MapMode, type MapParams, modeInfo } from './model/map-modes.js';
import { markerKindFor } from './model/markers.js';
import { tileReadout, timingRows } from './model/readout.js';
import type { Point } from './model/tools.js';
import { walkTargetOf } from './model/walker.js';
import { ControlsHelp } from './panels/controls-help.js';
import { DisplayPanel } from './panels/display-panel.js';
import { FieldsFooter } from './panels/fields-footer.js';
import { FieldsToolbar } from './panels/fields-toolbar.js';
import { MapPanel } from './panels/map-panel.js';
import { ModePanel } from './panels/mode-panel.js';
import { TimingPanel } from './panels/timing-panel.js';
import { UnitsPanel } from './panels/units-panel.js';

/** The Fields page: cost fields, scent, flee and safety maps as heatmaps and arrows, on any map, with units. */
export function FieldsPage() {
  const view = useMapViewState();
  const { viewRef, hover, scaleId, showArrows, showNumbers } = view;
  const [mode, setMode] = useState<MapMode>('cost');
  const [params, setParams] = useState<MapParams>(DEFAULT_MAP_PARAMS);
  const [points, setPoints] = useState<Point[]>([]);
  /** Bumped when painted walls should be recomputed (the grid is edited in place). */
  const [editVersion, setEditVersion] = useState(0);
  const engineState = useMapEngine();
  const engine = engineState.engine;

  // A new map drops the old result and takes the points and unit its source suggests.
  const source = useMapSource((map) => {
    field.clear();
    setPoints(map.goals);
    units.reset(map.unit);
  });
  const grid = source.loaded?.grid ?? null;
  const field = useFieldResult({ grid, mode, params, points, editVersion, engine }, () => units.roster.wake());
  const info = modeInfo(mode);
  const scale = useMemo(() => scaleFor(scaleId, mode), [scaleId, mode]);
  const shown = shownResult(field.result, grid, mode);
  const image = useHeatmapImage(grid, shown, scale);

  const { neighbors, diagonal } = params;
  const target = useMemo(() => walkTargetOf(shown, { neighbors, diagonal }), [shown, neighbors, diagonal]);
  const units = useWalkers(grid, target, viewRef);
  const tools = useEditTools({
    grid,
    surface: image.surface,
    viewRef,
    liveEdits: engine.offThread || field.lastComputeMs.current < 40,
    setPoints,
    onEdited: () => setEditVersion((v) => v + 1),
    dropUnit: units.drop,
  });
  const { tool, brush } = tools;
  const markerKind = markerKindFor(mode);
  const overlayState = { shown, showArrows, showNumbers, points, markerKind, tool, brush, hover, params, grid };
  const { dirAt, drawOverlay } = useFieldsOverlay(overlayState, units.roster, units.stepFraction);

  useFieldsKeys({
    setMode,
    setTool: tools.setTool,
    hoveredTile: () => viewRef.current?.hoveredTile() ?? null,
    dropUnit: units.drop,
    toggleArrows: () => view.setShowArrows((s) => !s),
    toggleNumbers: () => view.setShowNumbers((s) => !s),
    toggleHelp: () => view.setShowHelp((s) => !s),
    fit: () => viewRef.current?.fit(),
    clearPoints: () => setPoints([]),
    clearUnits: units.clear,
    toggleRunning: () => units.setRunning((r) => !r),
    setBrush: tools.setBrush,
  });

  const timings = timingRows(source.loadTiming, shown, image.renderMs, view.drawMs);
  const stale = shown !== null && grid !== null && shown.gridVersion !== grid.version;

  return (
    <section className="fields-page" data-testid="fields-page">
      <aside className="sidebar fields-sidebar">
        <MapPanel source={source} />
        <ModePanel
          mode={mode}
          setMode={setMode}
          params={params}
          setParams={setParams}
          info={info}
          pointCount={points.length}
          clearPoints={() => setPoints([])}
          computeError={field.computeError}
          warning={shown?.warning ?? null}
        />
        <DisplayPanel
          scaleId={scaleId}
          setScaleId={view.setScaleId}
          scale={scale}
          showArrows={showArrows}
          setShowArrows={view.setShowArrows}
          showNumbers={showNumbers}
          setShowNumbers={view.setShowNumbers}
        />
        <UnitsPanel units={units} />
        <TimingPanel timings={timings} grid={grid} engineState={engineState} shownEngine={shown?.engine} />
      </aside>

      <div className="fields-main">
        <FieldsToolbar tools={tools} zoom={view.zoom} viewRef={viewRef} />
        <div
          className="map-wrap"
          data-testid="map-wrap"
          data-busy={field.computing ? 'true' : 'false'}
          data-result-key={shown ? `${shown.mode}:${shown.gridVersion}:${field.resultCount}` : ''}
        >
          {grid && (
            <MapView
              gridWidth={grid.width}
              gridHeight={grid.height}
              image={image.surface?.canvas ?? null}
              redrawKey={`${image.imageKey}:${showArrows}:${showNumbers}:${points.length}:${units.tick}:${tool}:${brush}`}
              fitKey={source.loaded?.id}
              drawOverlay={drawOverlay}
              onHover={view.setHover}
              onTilePointer={tools.onTilePointer}
              onViewChange={(v) => view.setZoom(v.scale)}
              onDrawn={view.onDrawn}
              cursor={tool === 'goal' || tool === 'unit' ? 'pointer' : 'crosshair'}
              handleRef={viewRef}
            />
          )}
          {field.busy && (
            <div className="map-hud">
              <ProgressBar
                value={field.busy.progress}
                label={`computing ${field.busy.label}`}
                onCancel={engine.offThread ? field.cancel : undefined}
              />
            </div>
          )}
          <ControlsHelp open={view.showHelp} setOpen={view.setShowHelp} info={info} />
          {stale && <div className="map-badge warning">map edited: recomputing…</div>}
          {points.length === 0 && grid && (
            <div className="map-hint">Click the map to place a {info.point} (shift-click adds more).</div>
          )}
        </div>
        <FieldsFooter
          mode={mode}
          info={info}
          markerKind={markerKind}
          scale={scale}
          range={image.range}
          shown={shown}
          computeError={field.computeError}
          pointCount={points.length}
          readout={tileReadout(hover, grid, shown, dirAt)}
        />
      </div>
    </section>
  );
}
