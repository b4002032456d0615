import { RTS_FORMATION_KINDS, type RtsFormationKind, type RtsGroup, type RtsUnit } from '@fieldmarshal/core';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend, type DemoLegendItem } from '../demo-legend.js';
import { drawRts, RTS_COLORS, RTS_TILE, renderRtsWalls } from './draw-rts.js';
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

const LEGEND: readonly DemoLegendItem[] = [
  { label: 'blue army', fill: RTS_COLORS.blue },
  { label: 'red army', fill: RTS_COLORS.red },
  { label: 'canyon guards', fill: RTS_COLORS.guard },
  { label: 'hero (fast, high priority)', fill: RTS_COLORS.hero },
  { label: 'debug: collision unsolved', fill: RTS_COLORS.unsolved },
  { label: 'debug: collision solving', fill: RTS_COLORS.solving },
  { label: 'debug: collision solved', fill: RTS_COLORS.solved },
  { label: 'debug: waypoints', fill: RTS_COLORS.route },
  { label: 'debug: group plan / formation slots', fill: RTS_COLORS.plan },
];

const HELP: readonly ReactNode[] = [
  <>
    <kbd>Left click</kbd> selects a unit (<kbd>Shift</kbd> adds)
  </>,
  <>
    <kbd>Drag</kbd> box-selects
  </>,
  <>
    <kbd>Right click</kbd> moves the selection (a group with a commander; in the chosen formation)
  </>,
  <>
    <kbd>F1</kbd> toggles debug drawing: colliders, predicted positions, waypoints, collision states
  </>,
  <>
    <kbd>Esc</kbd> clears the selection
  </>,
];

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

  // F1 toggles the debug drawing (the browser's help is suppressed); Escape clears the selection.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F1') {
        event.preventDefault();
        setDebug((d) => !d);
      } else if (event.key === 'Escape') selected.current.clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    void generation;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const scene = createRtsScene();
    sceneRef.current = scene;
    selected.current.clear();
    lastGroup.current = null;
    const walls = renderRtsWalls(scene.world.grid);
    let raf = 0;
    let last = performance.now();
    let frames = 0;
    const frame = (now: number) => {
      raf = requestAnimationFrame(frame);
      const seconds = Math.max(0, Math.min(now - last, 100)) / 1000;
      last = now;
      if (!settings.current.paused) scene.world.update(seconds);
      const d = drag.current;
      drawRts(ctx, scene.world, walls, {
        debug: settings.current.debug,
        selected: selected.current,
        team: scene.team,
        box: d && isBoxDrag(d) ? d : null,
      });
      if (++frames % 10 !== 0) return;
      setReadout(rtsReadout(scene, selected.current.size, lastGroup.current));
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [generation]);

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
    const d = drag.current;
    if (!d) return;
    const p = toTiles(event);
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
        <DemoHelp items={HELP} testId="rts-help" />
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
          {message && <div className="error">{message}</div>}
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
        </div>
        <DemoLegend items={LEGEND} testId="rts-legend" />
      </div>
      <canvas
        ref={canvasRef}
        width={CANVAS_W}
        height={CANVAS_H}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onMouseUp={onMouseUp}
        onContextMenu={(e) => e.preventDefault()}
        style={{ maxWidth: '100%', border: '1px solid #2c313c', borderRadius: 6, cursor: 'crosshair' }}
        data-testid="rts-canvas"
      />
    </div>
  );
}
