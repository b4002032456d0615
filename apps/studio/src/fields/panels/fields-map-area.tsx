import type { Grid } from '@fieldmarshal/core';
import type { OverlayContext } from '../../shared/map-paint.js';
import { MapView } from '../../shared/map-view.js';
import { Minimap } from '../../shared/minimap.js';
import { ProgressBar } from '../../shared/progress-bar.js';
import { ViewControls } from '../../shared/view-controls.js';
import type { EditTools } from '../hooks/use-edit-tools.js';
import type { FieldResultState } from '../hooks/use-field-result.js';
import type { HeatmapImage } from '../hooks/use-heatmap-image.js';
import type { useMapViewState } from '../hooks/use-map-view-state.js';
import type { WalkersState } from '../hooks/use-walkers.js';
import type { MapEngine, MapResult } from '../model/map-compute.js';
import type { MapModeInfo } from '../model/map-modes.js';
import type { Point } from '../model/tools.js';
import { ControlsHelp } from './controls-help.js';

export interface FieldsMapAreaProps {
  grid: Grid | null;
  heat: HeatmapImage;
  view: ReturnType<typeof useMapViewState>;
  field: FieldResultState;
  tools: EditTools;
  units: WalkersState;
  shown: MapResult | null;
  /** Changes when a new map is loaded (the view fits it). */
  fitKey: unknown;
  drawOverlay: (o: OverlayContext) => void;
  points: readonly Point[];
  info: MapModeInfo;
  engine: MapEngine;
  /** More redraw triggers (flow followers, the flow mode). */
  redrawExtra?: string;
  /** What the arrows show now (the `data-arrows` end-to-end hook). */
  arrowKind?: 'eight' | 'flow';
}

/**
 * The map of the Fields page: the view (heatmap, overlay, tools), the minimap, the progress bar with Cancel,
 * the controls help, and the badges for a map edited since its field.
 */
export function FieldsMapArea(props: FieldsMapAreaProps) {
  const { grid, heat, view, field, tools, units, shown, points, info, engine } = props;
  const { viewRef, showArrows, showNumbers } = view;
  const { tool, brush } = tools;
  const overview = heat.rendered?.overview ?? null;
  const stale = shown !== null && grid !== null && shown.gridVersion !== grid.version;
  return (
    <div
      className="map-wrap"
      data-testid="map-wrap"
      data-busy={field.computing ? 'true' : 'false'}
      data-result-key={shown ? `${shown.mode}:${shown.gridVersion}:${field.resultCount}` : ''}
      data-image-key={heat.imageKey}
      data-arrows={props.arrowKind ?? 'eight'}
    >
      {grid && (
        <MapView
          gridWidth={grid.width}
          gridHeight={grid.height}
          image={heat.rendered?.image ?? null}
          overview={overview}
          redrawKey={`${heat.imageKey}:${showArrows}:${showNumbers}:${points.length}:${units.tick}:${tool}:${brush}:${props.redrawExtra ?? ''}`}
          fitKey={props.fitKey}
          drawOverlay={props.drawOverlay}
          onHover={view.setHover}
          onTilePointer={tools.onTilePointer}
          onViewChange={view.onViewChange}
          onDrawn={view.onDrawn}
          cursor={tool === 'goal' || tool === 'unit' ? 'pointer' : 'crosshair'}
          handleRef={viewRef}
        />
      )}
      {grid && view.showMinimap && Math.max(grid.width, grid.height) > 64 && (
        <Minimap
          image={overview?.image ?? heat.rendered?.image ?? null}
          gridWidth={grid.width}
          gridHeight={grid.height}
          viewRef={viewRef}
          redrawKey={heat.imageKey}
          subscribe={view.views.subscribe}
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
      <ViewControls viewRef={viewRef} subscribe={view.views.subscribe} />
      {stale && field.computing && <div className="map-badge warning">map edited: recomputing…</div>}
      {stale && !field.computing && (
        <div className="map-badge warning" data-testid="stale-badge">
          map edited: field out of date{' '}
          <button type="button" className="small" onClick={field.recompute}>
            Recompute
          </button>
        </div>
      )}
      {points.length === 0 && grid && (
        <div className="map-hint">Click the map to place a {info.point} (shift-click adds more).</div>
      )}
    </div>
  );
}
