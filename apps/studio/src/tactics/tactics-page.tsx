import { type MouseEvent, useRef, useState } from 'react';
import { MapView, type MapViewHandle, type TilePointerEvent } from '../shared/map-view.js';
import { TacticsFooter } from './tactics-footer.js';
import { drawTacticsOverlay } from './tactics-overlay.js';
import { DecisionPanel, ShadingPanel, TacticsControlsPanel, TacticsMapPanel } from './tactics-panels.js';
import { type Point, tacticsTileInfo } from './tactics-routes.js';
import type { ShadeMode } from './tactics-shading.js';
import { useTacticsImage } from './use-tactics-image.js';
import { useTacticsScene } from './use-tactics-scene.js';

/**
 * The Tactics page: seed 000's flank and retreat demo. Left click places the blue player, right click the
 * red target; red arrows show the direct route into red's set, green the flank route through the chosen
 * intermediate set, orange the retreat route; A cycles through the candidates. The map is shaded by the
 * per-tile costs m (from blue) and t (from red) against the hyperbola, ellipses and circles.
 */
export function TacticsPage() {
  const state = useTacticsScene();
  const { map, sets, shown, routes, blue, red, place } = state;
  const { grid } = map;
  const [mode, setMode] = useState<ShadeMode>('flank');
  const [showSets, setShowSets] = useState(true);
  const [hover, setHover] = useState<Point | null>(null);
  const viewRef = useRef<MapViewHandle | null>(null);

  const imageKey = `${state.sceneKey}:${mode}:${shown ? 'scene' : 'none'}:${sets.count}`;
  const surface = useTacticsImage(grid, sets, mode, shown, imageKey, viewRef);

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

  return (
    <section className="fields-page tactics-page" data-testid="tactics">
      <div className="fields-sidebar sidebar">
        <TacticsMapPanel state={state} />
        <ShadingPanel mode={mode} setMode={setMode} showSets={showSets} setShowSets={setShowSets} />
        <TacticsControlsPanel />
        <DecisionPanel state={state} />
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
            redrawKey={`${imageKey}:${state.cycle}:${showSets}:${state.maxSide}:${routes ? routes.flank.length : 0}`}
            fitKey={state.sourceKey}
            drawOverlay={(o) => drawTacticsOverlay(o, { sets, showSets, mode, shown, routes, blue, red })}
            onHover={setHover}
            onTilePointer={onTilePointer}
            cursor="pointer"
            handleRef={viewRef}
            style={{ position: 'absolute', inset: 0 }}
          />
        </div>
        <TacticsFooter
          mode={mode}
          c={shown?.flank.constants ?? null}
          hover={hover}
          info={tacticsTileInfo(hover, grid, sets, shown)}
          sets={sets}
        />
      </div>
    </section>
  );
}
