import { useCallback, useRef, useState } from 'react';
import type { MapViewHandle } from '../../shared/map-view.js';
import { readHelpPreference, writeHelpPreference } from '../model/help-preference.js';
import type { Point } from '../model/tools.js';

/** The Fields page's view state: the map view handle, hover, zoom, layers, the help overlay and frame times. */
export function useMapViewState() {
  const viewRef = useRef<MapViewHandle | null>(null);
  const [hover, setHover] = useState<Point | null>(null);
  const [zoom, setZoom] = useState(1);
  const [showArrows, setShowArrows] = useState(true);
  const [showNumbers, setShowNumbers] = useState(true);
  const [scaleId, setScaleId] = useState('auto');
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
    zoom,
    setZoom,
    showArrows,
    setShowArrows,
    showNumbers,
    setShowNumbers,
    scaleId,
    setScaleId,
    showHelp,
    setShowHelp,
    drawMs,
    onDrawn,
  };
}
