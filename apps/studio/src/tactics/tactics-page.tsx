import { type MouseEvent, useEffect, useRef, useState } from 'react';
import type { GeneratedMapSettings } from '../shared/generated-map.js';
import { isTyping } from '../shared/is-typing.js';
import { DropOverlay, MapFileDialogView } from '../shared/map-files/map-file-ui.js';
import { useMapFiles } from '../shared/map-files/use-map-files.js';
import { MapView, type MapViewHandle, type TilePointerEvent } from '../shared/map-view.js';
import { usePageActiveRef } from '../shared/page-activity.js';
import { TacticsFooter } from './tactics-footer.js';
import { tacticsLinkStart, useWriteTacticsLink } from './tactics-link.js';
import { drawTacticsOverlay } from './tactics-overlay.js';
import { DecisionPanel, ShadingPanel, TacticsControlsPanel, TacticsMapPanel } from './tactics-panels.js';
import { type Point, tacticsTileInfo } from './tactics-routes.js';
import { TACTICS_MAX_SIDE } from './tactics-settings.js';
import type { ShadeMode } from './tactics-shading.js';
import { useTacticsImage } from './use-tactics-image.js';
import { type SearchKind, useTacticsScene } from './use-tactics-scene.js';

/** A / Shift+A step through the candidates of the shaded search (flank unless retreat is shaded). */
function useCandidateKeys(mode: ShadeMode, step: (search: SearchKind, delta: number) => void) {
  const active = usePageActiveRef();
  const latest = useRef({ mode, step });
  latest.current = { mode, step };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Leave Ctrl+A / Cmd+A (select all), typing, and keys meant for another page alone.
      if (!active.current || isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key !== 'a' && e.key !== 'A') return;
      e.preventDefault();
      latest.current.step(latest.current.mode === 'retreat' ? 'retreat' : 'flank', e.shiftKey ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

/**
 * The Tactics page: seed 000's flank and retreat demo. Left click places the blue player, right click the
 * red target; red arrows show the direct route into red's set, green the flank route through the chosen
 * intermediate set, orange the retreat route; A cycles through the candidates. The map is shaded by the
 * per-tile costs m (from blue) and t (from red) against the hyperbola, ellipses and circles.
 */
export function TacticsPage() {
  const [start] = useState(tacticsLinkStart);
  const state = useTacticsScene(start);
  const { map, sets, shown, routes, blue, red, place } = state;
  const { grid } = map;
  const [mode, setMode] = useState<ShadeMode>(start.shade);
  const [showSets, setShowSets] = useState(start.showSets);
  const [gen, setGen] = useState<GeneratedMapSettings>(start.gen);
  const [hover, setHover] = useState<Point | null>(null);
  const viewRef = useRef<MapViewHandle | null>(null);
  const fileId = useRef(0);
  const files = useMapFiles({
    onMap: (g, name) => state.setSource({ kind: 'file', name, grid: g, id: ++fileId.current }),
    maxSide: TACTICS_MAX_SIDE,
  });
  useCandidateKeys(mode, state.step);
  useWriteTacticsLink({ source: state.source, gen, maxSide: state.maxSide, blue, red, mode, showSets });

  // The image shows the scene on screen: its own placement (not the one being computed), so the shading,
  // the routes and the text always describe the same decision.
  const imageKey = `${state.shownKey}:${mode}:${shown ? 'scene' : 'none'}:${sets.count}`;
  const { surface, paintedKey } = useTacticsImage(grid, sets, mode, shown, imageKey, viewRef);

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
    <section className="fields-page tactics-page" data-testid="tactics" {...files.dropProps}>
      <div className="fields-sidebar sidebar">
        <TacticsMapPanel state={state} files={files} gen={gen} setGen={setGen} />
        <ShadingPanel mode={mode} setMode={setMode} showSets={showSets} setShowSets={setShowSets} />
        <DecisionPanel state={state} />
        <TacticsControlsPanel />
      </div>

      <div className="fields-main">
        <div
          className="map-wrap"
          role="application"
          aria-label="tactics map: left click places blue, right click places red, A cycles candidates"
          onContextMenu={onContextMenu}
          data-scene-key={state.sceneKey}
          data-painted-key={paintedKey}
        >
          <MapView
            gridWidth={grid.width}
            gridHeight={grid.height}
            image={surface}
            redrawKey={`${imageKey}:${state.cycles.flank}:${state.cycles.retreat}:${showSets}:${state.maxSide}:${routes ? routes.flank.length : 0}`}
            fitKey={state.sourceKey}
            drawOverlay={(o) => drawTacticsOverlay(o, { sets, showSets, mode, shown, routes, blue, red })}
            onHover={setHover}
            onTilePointer={onTilePointer}
            cursor="pointer"
            handleRef={viewRef}
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
      <DropOverlay files={files} />
      <MapFileDialogView files={files} />
    </section>
  );
}
