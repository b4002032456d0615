import { type RefObject, useEffect, useState } from 'react';
import type { MapViewHandle } from './map-view.js';
import type { ViewSubscribe } from './view-events.js';

/** Zoom as the map pages print it, in CSS pixels per tile. */
export function formatZoom(zoom: number): string {
  return zoom >= 1 ? zoom.toFixed(zoom >= 10 ? 0 : 1) : zoom.toFixed(zoom >= 0.1 ? 2 : 3);
}

/**
 * Zoom readout, zoom buttons and Fit, floating in the map's top-right corner. The readout follows the view's
 * events (`subscribe`) on its own, without the page rendering again.
 */
export function ViewControls({
  viewRef,
  subscribe,
}: {
  viewRef: RefObject<MapViewHandle | null>;
  subscribe: ViewSubscribe;
}) {
  const [zoom, setZoom] = useState(() => viewRef.current?.view().scale ?? 1);
  useEffect(() => {
    let frame = 0;
    let latest = viewRef.current?.view().scale ?? 1;
    setZoom(latest);
    const off = subscribe((v) => {
      latest = v.scale;
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          setZoom(latest);
        });
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [subscribe, viewRef]);
  return (
    <div className="view-controls">
      <span className="muted" data-testid="zoom-readout" data-zoom={zoom}>
        zoom {formatZoom(zoom)} px/tile
      </span>
      <button type="button" className="small" onClick={() => viewRef.current?.zoomBy(0.8)} title="Zoom out (-)">
        −
      </button>
      <button type="button" className="small" onClick={() => viewRef.current?.zoomBy(1.25)} title="Zoom in (+)">
        +
      </button>
      <button
        type="button"
        className="small"
        onClick={() => viewRef.current?.fit()}
        title="Fit the map (F)"
        data-testid="fit"
      >
        Fit
      </button>
    </div>
  );
}
