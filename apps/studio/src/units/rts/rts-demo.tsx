import type { Grid } from '@fieldmarshal/core';
import { RTS_FORMATION_KINDS, type RtsFormationKind, type RtsGroup, type RtsUnit } from '@fieldmarshal/core/rts';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isTyping } from '../../shared/is-typing.js';
import { DropOverlay, MapFileControls, MapFileDialogView } from '../../shared/map-files/map-file-ui.js';
import { useMapFiles } from '../../shared/map-files/use-map-files.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { demoCanvasStyle } from '../demo-canvas.js';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend } from '../demo-legend.js';
import { drawRts, RTS_TILE, renderRtsMap, renderRtsWalls } from './draw-rts.js';
import { BUILDING_SIZE, type Building, buildingCorner, buildOrLift, unitsCrossing } from './rts-build.js';
import { RTS_HELP, RTS_LEGEND } from './rts-help.js';
import {
  createRtsScene,
  createRtsSceneOn,
  RTS_MAP_HEIGHT,
  RTS_MAP_WIDTH,
  RTS_MAX_SIDE,
  type RtsScene,
} from './rts-map.js';
import { RtsReadoutPanel } from './rts-readout-panel.js';
import {
  finishSelection,
  isBoxDrag,
  orderSelection,
  type RtsReadout,
  rtsReadout,
  type SelectionDrag,
} from './rts-select.js';

type FormationChoice = 'none' | RtsFormationKind;

/**
 * Units page: seed 004's RTS movement. Units predict their positions a few fixed steps ahead, dodge to the
 * nearest free tile, push idle units aside (hard push in the canyon), and move in groups or formations led by a
 * commander. Left click selects, drag box-selects, right click moves, F1 toggles the debug drawing.
 */
export function RtsDemo() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const sceneRef = useRef<RtsScene | null>(null);
  const selected = useRef(new Set<RtsUnit>());
  const drag = useRef<SelectionDrag | null>(null);
  const lastGroup = useRef<RtsGroup | null>(null);
  const [debug, setDebug] = useState(false);
  // Smooth routes (RtsWorld's useFlow): a world option, so a change starts the scene again.
  const [smooth, setSmooth] = useState(false);
  const smoothRef = useRef(false);
  const [formation, setFormation] = useState<FormationChoice>('box');
  const [paused, setPaused] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [readout, setReadout] = useState<RtsReadout>({
    units: 0,
    selected: 0,
    moving: 0,
    avoids: 0,
    pushes: 0,
    hardPushes: 0,
    phase: '-',
  });
  const settings = useRef({ debug, paused });
  settings.current = { debug, paused };
  const active = usePageActiveRef();
  /** The cursor over the map, in tiles (null when off the map): where B builds. */
  const cursor = useRef<{ x: number; y: number } | null>(null);
  const buildings = useRef<Building[]>([]);
  const [built, setBuilt] = useState({ count: 0, blocked: 0 });
  /** A map of your own (null: the built-in battlefield). */
  const [ownMap, setOwnMap] = useState<{ grid: Grid; name: string } | null>(null);
  const files = useMapFiles({
    onMap: (grid, name) => {
      setOwnMap({ grid, name });
      setGeneration((g) => g + 1);
    },
    maxSide: RTS_MAX_SIDE,
  });
  const mapWidth = ownMap?.grid.width ?? RTS_MAP_WIDTH;
  const mapHeight = ownMap?.grid.height ?? RTS_MAP_HEIGHT;
  const canvasW = mapWidth * RTS_TILE;
  const canvasH = mapHeight * RTS_TILE;
  const ownMapRef = useRef(ownMap);
  ownMapRef.current = ownMap;
  /** Walls drawn behind the units; redrawn when a building goes up or down. */
  const wallsRef = useRef<HTMLCanvasElement | null>(null);

  const build = useCallback((lift: boolean) => {
    const scene = sceneRef.current;
    if (!scene) return;
    const said = buildOrLift(scene, buildings.current, cursor.current, lastGroup, lift);
    setMessage(said);
    wallsRef.current = renderRtsMap(scene.world.grid, buildings.current);
    setBuilt((b) => ({ ...b, count: buildings.current.length }));
  }, []);

  // F1 toggles the debug drawing (the browser's help is suppressed); B builds, Shift+B takes a building down;
  // Escape clears the selection. Only while this page is on screen.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!active.current || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'F1') {
        event.preventDefault();
        setDebug((d) => !d);
      } else if (event.key === 'b' || event.key === 'B') {
        event.preventDefault();
        build(event.shiftKey);
      } else if (event.key === 'Escape') selected.current.clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, build]);

  useEffect(() => {
    void generation;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const own = ownMapRef.current;
    const scene = own ? createRtsSceneOn(own.grid, smoothRef.current) : createRtsScene(smoothRef.current);
    sceneRef.current = scene;
    selected.current.clear();
    lastGroup.current = null;
    buildings.current = [];
    setBuilt({ count: 0, blocked: 0 });
    wallsRef.current = renderRtsWalls(scene.world.grid);
    let raf = 0;
    let last = performance.now();
    let frames = 0;
    const frame = (now: number) => {
      raf = requestAnimationFrame(frame);
      const seconds = Math.max(0, Math.min(now - last, 100)) / 1000;
      last = now;
      // A hidden page's battle waits.
      if (!active.current) return;
      if (!settings.current.paused) scene.world.update(seconds);
      const d = drag.current;
      const at = cursor.current;
      drawRts(ctx, scene.world, wallsRef.current as HTMLCanvasElement, {
        debug: settings.current.debug,
        selected: selected.current,
        team: scene.team,
        box: d && isBoxDrag(d) ? d : null,
        ghost: at ? { ...buildingCorner(scene.world, at.x, at.y), size: BUILDING_SIZE } : null,
      });
      if (++frames % 10 !== 0) return;
      setReadout(rtsReadout(scene, selected.current.size, lastGroup.current));
      const blocked = buildings.current.reduce((n, b) => n + unitsCrossing(scene, b), 0);
      setBuilt((old) => (old.blocked === blocked ? old : { ...old, blocked }));
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [generation, active]);

  const toTiles = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * mapWidth,
      y: ((event.clientY - rect.top) / rect.height) * mapHeight,
    };
  };

  const order = useCallback(
    (x: number, y: number) => {
      const scene = sceneRef.current;
      if (!scene) return;
      try {
        const group = orderSelection(scene.world, selected.current, x, y, formation === 'none' ? null : formation);
        if (group === undefined) {
          setMessage('select units first (left click or drag)');
          return;
        }
        lastGroup.current = group;
        setMessage(null);
      } catch (error) {
        setMessage(error instanceof Error ? error.message : String(error));
      }
    },
    [formation],
  );

  const onMouseDown = (event: MouseEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    const p = toTiles(event);
    if (event.button === 2) order(p.x, p.y);
    else if (event.button === 0) drag.current = { x0: p.x, y0: p.y, x1: p.x, y1: p.y, add: event.shiftKey };
  };

  const onMouseMove = (event: MouseEvent<HTMLCanvasElement>) => {
    const p = toTiles(event);
    cursor.current = p;
    const d = drag.current;
    if (!d) return;
    d.x1 = p.x;
    d.y1 = p.y;
  };

  const onMouseUp = (event: MouseEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    const scene = sceneRef.current;
    drag.current = null;
    if (event.button !== 0 || !d || !scene) return;
    const p = toTiles(event);
    finishSelection(scene.world, d, p.x, p.y, selected.current);
  };

  return (
    <div className="layout" data-testid="rts-demo" {...files.dropProps}>
      <DropOverlay files={files} />
      <MapFileDialogView files={files} />
      <div className="sidebar">
        <DemoHelp items={RTS_HELP} testId="rts-help" />
        <div className="panel">
          <h2>Orders</h2>
          <label className="row">
            <span>Formation</span>
            <select
              value={formation}
              onChange={(e) => setFormation(e.target.value as FormationChoice)}
              data-testid="rts-formation"
            >
              <option value="none">none (group)</option>
              {RTS_FORMATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={smooth}
              onChange={(e) => {
                smoothRef.current = e.target.checked;
                setSmooth(e.target.checked);
                setGeneration((g) => g + 1);
              }}
              data-testid="rts-smooth"
            />
            <span>smooth routes (flow; restarts the scene)</span>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={debug}
              onChange={(e) => setDebug(e.target.checked)}
              data-testid="rts-debug"
            />
            <span>debug drawing (F1)</span>
          </label>
          <div className="row">
            <button type="button" onClick={() => setPaused((p) => !p)} data-testid="rts-pause">
              {paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" onClick={() => setGeneration((g) => g + 1)} data-testid="rts-reset">
              Reset scene
            </button>
            {ownMap && (
              <button
                type="button"
                onClick={() => {
                  setOwnMap(null);
                  setGeneration((g) => g + 1);
                }}
              >
                Built-in map
              </button>
            )}
          </div>
          <div className="muted small-text">
            map: {ownMap ? `${ownMap.name} (${mapWidth} x ${mapHeight})` : 'the canyon (built in)'}
          </div>
          <MapFileControls
            files={files}
            what={`your own map (up to ${RTS_MAX_SIDE} a side): two armies are placed on it`}
          />
          {message && (
            <div className="note" data-testid="rts-message">
              {message}
            </div>
          )}
        </div>
        <RtsReadoutPanel readout={readout} built={built} />
        <DemoLegend items={RTS_LEGEND} testId="rts-legend" />
      </div>
      <div className="layout-main">
        <canvas
          ref={canvasRef}
          width={canvasW}
          height={canvasH}
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseUp={onMouseUp}
          onMouseLeave={() => {
            cursor.current = null;
          }}
          onContextMenu={(e) => e.preventDefault()}
          className="demo-canvas"
          style={demoCanvasStyle(canvasW, canvasH)}
          data-testid="rts-canvas"
        />
      </div>
    </div>
  );
}
