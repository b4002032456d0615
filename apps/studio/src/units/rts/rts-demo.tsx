import { RTS_FORMATION_KINDS, type RtsFormationKind, type RtsGroup, type RtsUnit } from '@fieldmarshal/core';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isTyping } from '../../shared/is-typing.js';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { demoCanvasStyle } from '../demo-canvas.js';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend } from '../demo-legend.js';
import { drawRts, RTS_TILE, renderRtsMap, renderRtsWalls } from './draw-rts.js';
import {
  BUILDING_SIZE,
  type Building,
  buildingCorner,
  liftBuilding,
  routeCrosses,
  stampBuilding,
} from './rts-build.js';
import { RTS_HELP, RTS_LEGEND } from './rts-help.js';
import { createRtsScene, RTS_MAP_HEIGHT, RTS_MAP_WIDTH, type RtsScene } from './rts-map.js';
import {
  finishSelection,
  isBoxDrag,
  orderSelection,
  type RtsReadout,
  rtsReadout,
  type SelectionDrag,
} from './rts-select.js';

const CANVAS_W = RTS_MAP_WIDTH * RTS_TILE;
const CANVAS_H = RTS_MAP_HEIGHT * RTS_TILE;

type FormationChoice = 'none' | RtsFormationKind;

/** Units whose way still to go crosses building `b` (0 once all were re-routed). */
function unitsCrossing(scene: RtsScene, b: Building): number {
  return scene.world.units.filter((u) => routeCrosses(u, b.x, b.y, b.size)).length;
}

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
  /** Walls drawn behind the units; redrawn when a building goes up or down. */
  const wallsRef = useRef<HTMLCanvasElement | null>(null);

  const build = useCallback((lift: boolean) => {
    const scene = sceneRef.current;
    const at = cursor.current;
    if (!scene) return;
    if (lift) {
      const b = buildings.current.pop();
      if (!b) return setMessage('no building to take down');
      liftBuilding(scene.world, b);
      setMessage(`building at (${b.x}, ${b.y}) taken down`);
    } else {
      if (!at) return setMessage('point at the map to build there (B)');
      const corner = buildingCorner(scene.world, at.x, at.y);
      const result = stampBuilding(scene.world, corner.x, corner.y);
      if ('refused' in result) return setMessage(`no building: ${result.refused}`);
      buildings.current.push(result.building);
      // The readout follows the last order's group, now ordered again round the building.
      const last = lastGroup.current;
      if (last && result.regrouped.has(last)) lastGroup.current = result.regrouped.get(last) ?? null;
      setMessage(`building at (${corner.x}, ${corner.y}): ${result.rerouted} units re-routed`);
    }
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
    const scene = createRtsScene();
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
      x: ((event.clientX - rect.left) / rect.width) * RTS_MAP_WIDTH,
      y: ((event.clientY - rect.top) / rect.height) * RTS_MAP_HEIGHT,
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
    <div className="layout" data-testid="rts-demo">
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
          </div>
          {message && (
            <div className="note" data-testid="rts-message">
              {message}
            </div>
          )}
        </div>
        <div className="panel small-text" data-testid="rts-readout">
          <div>
            <span className="muted">units</span> {readout.units} <span className="muted">selected</span>{' '}
            <span data-testid="rts-selected">{readout.selected}</span>
          </div>
          <div>
            <span className="muted">busy (moving, pushed or returning)</span> {readout.moving}
          </div>
          <div>
            <span className="muted">dodges / pushes / hard pushes</span> {readout.avoids} / {readout.pushes} /{' '}
            {readout.hardPushes}
          </div>
          <div>
            <span className="muted">last group</span> <span data-testid="rts-phase">{readout.phase}</span>
          </div>
          <div>
            <span className="muted">buildings</span> <span data-testid="rts-buildings">{built.count}</span>{' '}
            <span className="muted">routes through them</span> <span data-testid="rts-blocked">{built.blocked}</span>
          </div>
        </div>
        <DemoLegend items={RTS_LEGEND} testId="rts-legend" />
      </div>
      <div className="layout-main">
        <canvas
          ref={canvasRef}
          width={CANVAS_W}
          height={CANVAS_H}
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseUp={onMouseUp}
          onMouseLeave={() => {
            cursor.current = null;
          }}
          onContextMenu={(e) => e.preventDefault()}
          className="demo-canvas"
          style={demoCanvasStyle(CANVAS_W, CANVAS_H)}
          data-testid="rts-canvas"
        />
      </div>
    </div>
  );
}
