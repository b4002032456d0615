import type { Flow } from '@fieldmarshal/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EditTracker, paintLinkEdits } from '../shared/edit-runs.js';
import { DropOverlay, MapFileDialogView } from '../shared/map-files/map-file-ui.js';
import type { ScenarioRow } from '../shared/map-files/scenario.js';
import { useEditsLink } from '../shared/use-edits-link.js';
import { useEditTools } from './hooks/use-edit-tools.js';
import { useFieldExport } from './hooks/use-field-export.js';
import { useFieldResult } from './hooks/use-field-result.js';
import { useFieldsFiles } from './hooks/use-fields-files.js';
import { useFieldsKeys } from './hooks/use-fields-keys.js';
import { useFieldsOverlay } from './hooks/use-fields-overlay.js';
import { useFieldsLink, useWriteFieldsPageLink } from './hooks/use-fields-url.js';
import { type ArrowKind, useFlow } from './hooks/use-flow.js';
import { useFlowCompare } from './hooks/use-flow-compare.js';
import { useFlowFollowers } from './hooks/use-flow-followers.js';
import { useHeatmapImage } from './hooks/use-heatmap-image.js';
import { useMapEngine } from './hooks/use-map-engine.js';
import { useMapSource } from './hooks/use-map-source.js';
import { useMapViewState } from './hooks/use-map-view-state.js';
import { useStrokeRepair } from './hooks/use-stroke-repair.js';
import { useWalkers } from './hooks/use-walkers.js';
import { legendModel, scaleFor, shownResult } from './model/display.js';
import { flowReadout } from './model/flow-compare.js';
import type { MapResult } from './model/map-compute.js';
import { type MapMode, type MapParams, modeInfo } from './model/map-modes.js';
import { withTerrain } from './model/map-sources.js';
import { markerKindFor } from './model/markers.js';
import { type TileReadout, tileReadout, timingRows } from './model/readout.js';
import type { Point } from './model/tools.js';
import { walkTargetOf } from './model/walker.js';
import { DisplayPanel } from './panels/display-panel.js';
import { ExportPanel } from './panels/export-panel.js';
import { FieldsFooter } from './panels/fields-footer.js';
import { FieldsMapArea } from './panels/fields-map-area.js';
import { FieldsToolbar } from './panels/fields-toolbar.js';
import { FlowPanel } from './panels/flow-panel.js';
import { MapSection } from './panels/map-section.js';
import { ModePanel } from './panels/mode-panel.js';
import { SCENARIO_RULES } from './panels/scenario-panel.js';
import { TimingPanel } from './panels/timing-panel.js';
import { UnitsPanel } from './panels/units-panel.js';

/** The readout with the flow's vector in place of the eight-arrow direction in flow mode. */
function withFlow(readout: TileReadout | null, flow: Flow | null, hover: Point | null): TileReadout | null {
  if (!readout || !flow || !hover) return readout;
  return { ...readout, direction: flowReadout(flow, hover.x, hover.y) };
}

/** The Fields page: cost fields, scent, flee and safety maps as heatmaps and arrows, on any map, with units. */
export function FieldsPage() {
  const link = useFieldsLink();
  const view = useMapViewState(link);
  const { viewRef, hover, showArrows, showNumbers } = view;
  const [mode, setMode] = useState<MapMode>(link.mode);
  const [params, setParams] = useState<MapParams>(link.params);
  const [points, setPoints] = useState<Point[]>(link.points);
  const [ranRow, setRanRow] = useState<ScenarioRow | null>(null);
  const [arrowKind, setArrowKind] = useState<ArrowKind>(link.arrowKind);
  const [flowRadius, setFlowRadius] = useState(0);
  const [flowStyle, setFlowStyle] = useState<'arrows' | 'streamlines'>('arrows');
  /** Bumped when the grid was edited in place (painting, undo, redo): the field is brought up to date. */
  const [editVersion, setEditVersion] = useState(0);
  const engineState = useMapEngine(link.engine);
  const engine = engineState.engine;
  const firstLoad = useRef(true);
  const releaseRef = useRef<(r: MapResult) => void>((r) => r.release?.());
  const tracker = useRef(new EditTracker()).current;
  const [linkNote, setLinkNote] = useState<string | null>(null);

  // A new map drops everything of the old one (result, edits, units, hover, scenario); it takes the points and
  // unit its source suggests (the first map takes those of the link, and its painted edits), or the values of a
  // saved field.
  const source = useMapSource(
    (map) => {
      const fromLink = firstLoad.current && !map.instead;
      firstLoad.current = false;
      field.clear();
      tools.resetHistory();
      tracker.clear();
      view.setHover(null);
      setRanRow(null);
      setLinkNote(null);
      const painted = fromLink && link.edits ? paintLinkEdits(map.grid, link.edits, tracker, withTerrain) : null;
      if (painted?.error) setLinkNote(painted.error);
      const grid = painted?.grid ?? map.grid;
      const ok = (p: Point) => grid.isPassable(p.x, p.y);
      setPoints(fromLink && link.points.length > 0 ? link.points.filter(ok) : map.goals);
      units.reset(fromLink && link.units.length > 0 ? link.units.filter(ok) : map.unit ? [map.unit] : []);
      const imported = files.takeImport(map.grid);
      if (imported) field.show(imported, map.grid);
      return grid;
    },
    { choice: link.choice, gen: link.gen, fileHash: link.fileHash },
  );
  const files = useFieldsFiles(source, setMode, setParams);
  const grid = source.loaded?.grid ?? null;
  const field = useFieldResult(
    {
      grid,
      mode,
      params,
      points,
      editVersion,
      engine,
      ready: engineState.ready,
      release: (r) => releaseRef.current(r),
    },
    () => units.roster.wake(),
  );
  const info = modeInfo(mode);
  const scale = useMemo(() => scaleFor(view.scaleId, mode), [view.scaleId, mode]);
  const shown = shownResult(field.result, grid, mode);
  const layer = grid?.terrain ? view.layer : 'field';
  const heat = useHeatmapImage({
    grid,
    shown,
    scaleId: scale.id,
    layer,
    fit: view.fitView ? view.visible : null,
    highlight: view.highlight,
    editVersion,
  });
  // A replaced field is recycled only once the heatmap worker no longer reads it.
  releaseRef.current = (r) => {
    const renderer = heat.renderer;
    if (renderer) renderer.afterReads(r.values.values, () => r.release?.());
    else r.release?.();
  };

  const { neighbors, diagonal } = params;
  const target = useMemo(() => walkTargetOf(shown, { neighbors, diagonal }), [shown, neighbors, diagonal]);
  // Smooth flows (issue 18): in flow mode the units follow the flow instead of stepping along the arrows.
  const flowState = useFlow(grid, shown, arrowKind, engine, flowRadius);
  const flow = arrowKind === 'flow' ? flowState.flow : null;
  const flowField = flow ? flowState.field : null;
  const units = useWalkers(grid, flow ? null : target, viewRef);
  const followers = useFlowFollowers(grid, flowField, flow, units.walkers, units.running, units.speed, viewRef);
  const newest = units.walkers[units.walkers.length - 1];
  const compare = useFlowCompare(grid, flowField, flow, newest ? { x: newest.startX, y: newest.startY } : null, {
    neighbors,
    diagonal,
  });
  const tools = useEditTools({
    grid,
    viewRef,
    liveEdits: () => engine.offThread || field.lastComputeMs() < 40,
    points,
    setPoints,
    onEdited: () => setEditVersion((v) => v + 1),
    dropUnit: units.drop,
    tracker,
  });
  const { tool, brush } = tools;
  const strokeRepair = useStrokeRepair(shown, tools.stroke);
  // Painted edits go in the link; past its size, the edited map is kept in this browser and becomes the source.
  const edits = useEditsLink(grid, editVersion, source.choice, tracker, source.keepEdited, link.edits);

  // Painted tiles the new image shows need no drawing of their own any more.
  useEffect(() => {
    if (heat.rendered) tools.pending.prune(heat.rendered.gridVersion);
  }, [heat.rendered, tools.pending]);
  // The terrain tool needs a terrain layer: the map gets one (a copy; fields are recomputed once).
  useEffect(() => {
    if (tool === 'terrain' && grid && !grid.terrain) source.replaceGrid(withTerrain(grid));
  }, [tool, grid, source.replaceGrid]);

  const markerKind = markerKindFor(mode);
  const darkArrows = scale.diverging && layer === 'field';
  const pending = tools.pending;
  const overlayState = { shown, showArrows, showNumbers, points, markerKind, tool, brush, hover, params, grid };
  const { dirAt, drawOverlay } = useFieldsOverlay(
    { ...overlayState, darkArrows, pending, flow, comparison: flow ? compare.comparison : null, flowStyle },
    units.roster,
    units.stepFraction,
    followers.list,
  );

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
    undo: tools.undo,
    redo: tools.redo,
    toggleFlow: () => setArrowKind((k) => (k === 'flow' ? 'eight' : 'flow')),
    pickCompare: () => {
      const h = viewRef.current?.hoveredTile();
      if (h && grid?.isPassable(h.x, h.y)) compare.pick(h);
    },
  });

  useWriteFieldsPageLink({
    source,
    view,
    mode,
    params,
    points,
    walkers: units.walkers,
    engine: engineState.choice,
    arrowKind,
    edits,
  });

  const legend = legendModel({
    mode,
    info,
    markerKind,
    scale,
    range: heat.range,
    shown,
    computeError: field.computeError,
    pointCount: points.length,
    terrain: layer === 'terrain',
    fitted: view.fitView,
    highlight: view.highlight,
  });
  const label = source.loaded?.label ?? 'map';
  const exporter = useFieldExport({ grid, label, shown, mode, params, points, legend, viewRef });
  const renderLabel = heat.rendered?.where === 'worker' ? 'heatmap paint (worker)' : 'heatmap paint';
  const timings = timingRows(source.loadTiming, shown, heat.renderMs, view.drawMs, renderLabel);
  const runRow = (row: ScenarioRow) => {
    setMode('cost');
    setParams((p) => ({ ...p, ...SCENARIO_RULES }));
    setPoints([{ x: row.gx, y: row.gy }]);
    units.reset([{ x: row.sx, y: row.sy }]);
    setRanRow(row);
  };

  return (
    <section className="fields-page" data-testid="fields-page" {...files.files.dropProps}>
      <aside className="sidebar fields-sidebar">
        <MapSection
          source={source}
          files={files}
          note={linkNote}
          grid={grid}
          shown={shown}
          runRow={runRow}
          ranRow={ranRow}
        />
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
        <DisplayPanel {...view} scale={scale} layer={layer} hasTerrain={grid?.terrain != null} />
        <FlowPanel
          kind={arrowKind}
          setKind={setArrowKind}
          radius={flowRadius}
          setRadius={setFlowRadius}
          flowStyle={flowStyle}
          setFlowStyle={setFlowStyle}
          flow={flowState}
          compare={compare}
          followers={followers.list.current}
          costField={shown?.mode === 'cost'}
        />
        <UnitsPanel
          units={{
            ...units,
            restart: () => {
              units.restart();
              followers.restart();
            },
          }}
          mode={mode}
        />
        <TimingPanel
          timings={timings}
          repair={shown?.repair ? strokeRepair : null}
          grid={grid}
          engineState={engineState}
          shownEngine={shown?.engine}
        />
        <ExportPanel
          tiles={grid?.size ?? 0}
          hasField={shown !== null}
          exportPng={exporter.exportPng}
          exportData={exporter.exportData}
          message={exporter.message}
        />
      </aside>

      <div className="fields-main">
        <FieldsToolbar tools={tools} />
        <FieldsMapArea
          grid={grid}
          heat={heat}
          view={view}
          field={field}
          tools={tools}
          units={units}
          shown={shown}
          fitKey={source.loaded?.id}
          drawOverlay={drawOverlay}
          points={points}
          info={info}
          engine={engine}
          redrawExtra={`${followers.tick}:${flow ? 'flow' : 'eight'}:${flowStyle}:${compare.comparison?.x ?? -1}`}
          arrowKind={flow ? 'flow' : 'eight'}
        />
        <FieldsFooter
          mode={mode}
          legend={legend}
          shown={shown}
          range={heat.range}
          readout={withFlow(tileReadout(hover, grid, shown, dirAt), flow, hover)}
        />
      </div>
      <DropOverlay files={files.files} />
      <MapFileDialogView files={files.files} />
    </section>
  );
}
