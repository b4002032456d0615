import type { Grid } from '@fieldmarshal/core';
import { type RefObject, useEffect, useState } from 'react';
import type { MapOverview, OverlayContext } from '../../shared/map-paint.js';
import { MapView, type MapViewHandle, type TilePointerEvent } from '../../shared/map-view.js';
import { Minimap } from '../../shared/minimap.js';
import { ProgressBar } from '../../shared/progress-bar.js';
import { ViewControls } from '../../shared/view-controls.js';
import type { useViewEvents, ViewSubscribe } from '../../shared/view-events.js';
import { BORDER_MIN_PX, ENTRANCE_MIN_SCALE } from '../draw/draw-sectors.js';
import type { MakingState } from '../hooks/use-big-map.js';
import type { Tile } from '../hooks/use-sector-route.js';
import { SectorsHelp } from './sectors-help.js';

/** The progress of making the map, with the seconds it has taken so far (core's generators give no fraction). */
function MakingBar({ making, cancel }: { making: MakingState; cancel: () => void }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = (performance.now() - making.started) / 1000;
  return (
    <ProgressBar
      value={making.fraction}
      label={`making the map: ${making.stage}, ${seconds.toFixed(1)} s`}
      onCancel={cancel}
    />
  );
}

/**
 * What is too small to draw at this zoom (sector borders, entrances), said over the map while it is: the layers
 * fade in as the view zooms in. Follows the view's events on its own.
 */
function ZoomNote({
  subscribe,
  viewRef,
  sectorSize,
  borders,
  entrances,
}: {
  subscribe: ViewSubscribe;
  viewRef: RefObject<MapViewHandle | null>;
  sectorSize: number;
  borders: boolean;
  entrances: boolean;
}) {
  const [scale, setScale] = useState(() => viewRef.current?.view().scale ?? 1);
  useEffect(() => {
    setScale(viewRef.current?.view().scale ?? 1);
    return subscribe((v) => setScale(v.scale));
  }, [subscribe, viewRef]);
  const hidden = [
    ...(borders && sectorSize > 0 && sectorSize * scale <= BORDER_MIN_PX ? ['sector borders'] : []),
    ...(entrances && sectorSize > 0 && scale <= ENTRANCE_MIN_SCALE ? ['entrances'] : []),
  ];
  if (hidden.length === 0) return null;
  const needed = Math.max(
    borders ? BORDER_MIN_PX / Math.max(1, sectorSize) : 0,
    hidden.includes('entrances') ? ENTRANCE_MIN_SCALE : 0,
  );
  return (
    <div className="map-note small-text" data-testid="zoom-note">
      {hidden.join(' and ')} too small to draw: zoom in (they fade in from {needed.toFixed(2)} px/tile)
    </div>
  );
}

export interface SectorsMapAreaProps {
  grid: Grid | null;
  image: CanvasImageSource | null;
  overview: MapOverview | null;
  /** The minimap's picture (a small overview level). */
  minimapImage: CanvasImageSource | null;
  imageKey: number;
  redrawKey: string;
  fitKey: unknown;
  drawOverlay: (o: OverlayContext) => void;
  onHover: (tile: Tile | null) => void;
  onTilePointer: (e: TilePointerEvent) => void;
  cursor: string;
  viewRef: RefObject<MapViewHandle | null>;
  views: ReturnType<typeof useViewEvents>;
  sectorSize: number;
  showBorders: boolean;
  showEntrances: boolean;
  making: MakingState | null;
  cancelMaking: () => void;
  graphProgress: number | null;
  cancelGraph: () => void;
  corridorProgress: number | null;
  showHelp: boolean;
  setShowHelp: (open: boolean) => void;
  graphRevision: number | string;
  building: boolean;
}

/** The Big maps page's map: the view, the minimap, zoom controls, progress bars, the zoom note and the help. */
export function SectorsMapArea(p: SectorsMapAreaProps) {
  const { grid } = p;
  return (
    <div
      className="map-wrap"
      data-testid="map-wrap"
      data-graph={p.graphRevision}
      data-building={p.building ? 'true' : 'false'}
    >
      {grid && (
        <MapView
          gridWidth={grid.width}
          gridHeight={grid.height}
          image={p.image}
          overview={p.overview}
          redrawKey={p.redrawKey}
          fitKey={p.fitKey}
          drawOverlay={p.drawOverlay}
          onHover={p.onHover}
          onTilePointer={p.onTilePointer}
          onViewChange={p.views.emit}
          cursor={p.cursor}
          handleRef={p.viewRef}
        />
      )}
      {grid && (
        <Minimap
          image={p.minimapImage}
          gridWidth={grid.width}
          gridHeight={grid.height}
          viewRef={p.viewRef}
          redrawKey={p.imageKey}
          subscribe={p.views.subscribe}
        />
      )}
      {grid && <ViewControls viewRef={p.viewRef} subscribe={p.views.subscribe} />}
      {grid && (
        <ZoomNote
          subscribe={p.views.subscribe}
          viewRef={p.viewRef}
          sectorSize={p.sectorSize}
          borders={p.showBorders}
          entrances={p.showEntrances}
        />
      )}
      {(p.making || p.graphProgress !== null || p.corridorProgress !== null) && (
        <div className="map-hud sectors-hud">
          {p.making && <MakingBar making={p.making} cancel={p.cancelMaking} />}
          {p.graphProgress !== null && (
            <ProgressBar value={p.graphProgress} label="building the sector graph" onCancel={p.cancelGraph} />
          )}
          {p.corridorProgress !== null && <ProgressBar value={p.corridorProgress} label="filling the corridor field" />}
        </div>
      )}
      <SectorsHelp open={p.showHelp} setOpen={p.setShowHelp} />
    </div>
  );
}
