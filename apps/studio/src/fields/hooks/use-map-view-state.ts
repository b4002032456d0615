import { useCallback, useEffect, useRef, useState } from 'react';
import { readHelpPreference, writeHelpPreference } from '../../shared/help-preference.js';
import type { ViewTransform } from '../../shared/map-paint.js';
import type { MapViewHandle } from '../../shared/map-view.js';
import { useViewEvents } from '../../shared/view-events.js';
import type { Point } from '../model/tools.js';
import type { MapLayer } from './use-heatmap-image.js';

/** The visible tiles of a view (rounded outwards to whole tiles), for fitting the colour range to the view. */
function visibleTiles(v: ViewTransform, width: number, height: number) {
  return {
    x0: Math.max(0, Math.floor(-v.offsetX / v.scale)),
    y0: Math.max(0, Math.floor(-v.offsetY / v.scale)),
    x1: Math.ceil((width - v.offsetX) / v.scale),
    y1: Math.ceil((height - v.offsetY) / v.scale),
  };
}

/**
 * The Fields page's view state: the map view handle, hover, zoom, layers and display options, the help
 * overlay, the visible tiles (for a colour range fitted to the view) and frame times.
 */
export function useMapViewState(initial: {
  showArrows: boolean;
  showNumbers: boolean;
  scaleId: string;
  fitView: boolean;
}) {
  const viewRef = useRef<MapViewHandle | null>(null);
  const [hover, setHover] = useState<Point | null>(null);
  const [showArrows, setShowArrows] = useState(initial.showArrows);
  const [showNumbers, setShowNumbers] = useState(initial.showNumbers);
  const [scaleId, setScaleId] = useState(initial.scaleId);
  const [fitView, setFitView] = useState(initial.fitView);
  const [highlight, setHighlight] = useState(false);
  const [showMinimap, setShowMinimap] = useState(true);
  const [layer, setLayer] = useState<MapLayer>('field');
  const [visible, setVisible] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  /** Pans and zooms as events (the minimap and the zoom readout follow them without a render of the page). */
  const views = useViewEvents();
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;
  /** The map view's `onViewChange`: tells the followers; the visible tiles matter only to a fitted colour range. */
  const { emit } = views;
  const onViewChange = useCallback(
    (v: ViewTransform) => {
      emit(v);
      const size = viewRef.current?.size();
      if (!size || !fitViewRef.current) return;
      const next = visibleTiles(v, size.width, size.height);
      setVisible((old) =>
        old && old.x0 === next.x0 && old.y0 === next.y0 && old.x1 === next.x1 && old.y1 === next.y1 ? old : next,
      );
    },
    [emit],
  );
  // Turning the fitted range on reads the view as it is (the visible tiles are not followed while it is off).
  useEffect(() => {
    const handle = viewRef.current;
    if (fitView && handle) onViewChange(handle.view());
  }, [fitView, onViewChange]);
  const [showHelp, setShowHelpState] = useState(() => readHelpPreference());
  const setShowHelp = useCallback((next: boolean | ((old: boolean) => boolean)) => {
    setShowHelpState((old) => {
      const value = typeof next === 'function' ? next(old) : next;
      writeHelpPreference(value);
      return value;
    });
  }, []);
  const [drawMs, setDrawMs] = useState<number | null>(null);
  const drawStats = useRef({ worst: 0, last: 0 });
  /** The map view's `onDrawn`: reports the slowest frame of each half second, not every frame. */
  const onDrawn = useCallback((ms: number) => {
    const st = drawStats.current;
    st.worst = Math.max(st.worst, ms);
    const now = performance.now();
    if (now - st.last > 500) {
      setDrawMs(st.worst);
      st.worst = 0;
      st.last = now;
    }
  }, []);
  return {
    viewRef,
    hover,
    setHover,
    showArrows,
    setShowArrows,
    showNumbers,
    setShowNumbers,
    scaleId,
    setScaleId,
    fitView,
    setFitView,
    highlight,
    setHighlight,
    showMinimap,
    setShowMinimap,
    layer,
    setLayer,
    visible,
    views,
    onViewChange,
    showHelp,
    setShowHelp,
    drawMs,
    onDrawn,
  };
}
