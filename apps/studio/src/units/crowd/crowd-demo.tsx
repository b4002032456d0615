import {
  CROWD_BUMPED,
  CROWD_MOVING,
  type Crowd,
  commandCrowdGroup,
  createCrowd,
  crowdCount,
  crowdFrame,
  type FieldService,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { studioService } from '../../shared/studio-service.js';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend, type DemoLegendItem } from '../demo-legend.js';
import { BLUE, CROWD_MAP_HEIGHT, CROWD_MAP_WIDTH, createCrowdMap, RED, spawnArmies } from './crowd-map.js';
import { CROWD_COLORS, drawCrowd, renderWalls } from './draw-crowd.js';

/** Most units the slider allows. */
const MAX_UNITS = 4000;
/** Fixed simulation step in seconds (several per frame at most, so a slow frame never explodes the step). */
const DT = 1 / 60;
const MAX_STEPS_PER_FRAME = 3;
/** World pixels to canvas pixels. */
const SCALE = 0.5;
const TILE = 30;
const CANVAS_W = CROWD_MAP_WIDTH * TILE * SCALE;
const CANVAS_H = CROWD_MAP_HEIGHT * TILE * SCALE;

type Command = { kind: 'send'; group: number; x: number; y: number } | { kind: 'spawn'; count: number };

interface Readout {
  units: number;
  moving: number;
  bumped: number;
  stepMs: number;
}

const LEGEND: readonly DemoLegendItem[] = [
  { label: 'red moving', fill: CROWD_COLORS.redMoving },
  { label: 'red stopped', fill: CROWD_COLORS.redStopped },
  { label: 'blue moving', fill: CROWD_COLORS.blueMoving },
  { label: 'blue stopped', fill: CROWD_COLORS.blueStopped },
  { label: 'bumped (stopped, moving out of the way)', fill: CROWD_COLORS.redStopped, rim: CROWD_COLORS.bumped },
  { label: 'wall', fill: CROWD_COLORS.wall },
  { label: 'avoidance vector (line)', fill: 'transparent', rim: CROWD_COLORS.avoid, rimWidth: 1 },
];

const HELP: readonly ReactNode[] = [
  <>
    <kbd>Left click</kbd> sends the red group there
  </>,
  <>
    <kbd>Right click</kbd> sends the blue group there
  </>,
  'Units stop when they arrive, or when they keep bumping into stopped units for longer than the straight-line time to their goal.',
];

/**
 * Units page: seed 001's crowd demo. Red and blue armies of squares avoid each other by following the
 * clockwise wall of whatever square they hit, and stop by the seed's timers. Left click sends red, right click
 * sends blue, each down a vector field around the walls.
 */
export function CrowdDemo() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const commands = useRef<Command[]>([]);
  const [count, setCount] = useState(400);
  const [showAvoid, setShowAvoid] = useState(false);
  const [useField, setUseField] = useState(true);
  const [useWorkers, setUseWorkers] = useState(false);
  const [paused, setPaused] = useState(false);
  const [readout, setReadout] = useState<Readout>({ units: 0, moving: 0, bumped: 0, stepMs: 0 });
  const [message, setMessage] = useState<string | null>(null);
  // The loop reads the latest settings through this ref, so it never restarts when they change.
  const settings = useRef({ showAvoid, useField, useWorkers, paused });
  settings.current = { showAvoid, useField, useWorkers, paused };
  const initialCount = useRef(count);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const grid = createCrowdMap();
    const crowd: Crowd = createCrowd({ grid, capacity: MAX_UNITS });
    spawnArmies(crowd, initialCount.current);
    const walls = renderWalls(grid);
    const targets: ({ x: number; y: number } | null)[] = [null, null];
    let service: FieldService | null = null;
    let serviceError = false;
    let raf = 0;
    let last = performance.now();
    let acc = 0;
    let busy = false;
    let disposed = false;
    let frames = 0;
    let stepMs = 0;

    const applyCommands = () => {
      for (const c of commands.current.splice(0)) {
        if (c.kind === 'spawn') {
          spawnArmies(crowd, c.count);
          targets[RED] = null;
          targets[BLUE] = null;
          continue;
        }
        try {
          commandCrowdGroup(crowd, c.group, c.x, c.y, { useField: settings.current.useField });
          targets[c.group] = { x: c.x, y: c.y };
          setMessage(null);
        } catch (error) {
          setMessage(error instanceof Error ? error.message : String(error));
        }
      }
    };

    const draw = () => {
      drawCrowd(ctx, crowd, walls, SCALE, { avoid: settings.current.showAvoid, targets });
      if (++frames % 6 !== 0) return;
      const n = crowdCount(crowd);
      const state = crowdFrame(crowd).state;
      let moving = 0;
      let bumped = 0;
      for (let i = 0; i < n; i++) {
        if (state[i] === CROWD_MOVING) moving++;
        else if (state[i] === CROWD_BUMPED) bumped++;
      }
      setReadout({ units: n, moving, bumped, stepMs });
    };

    const frame = (now: number) => {
      raf = requestAnimationFrame(frame);
      if (busy) return; // a worker step is still running: leave the crowd alone
      applyCommands();
      acc += Math.min(now - last, 100) / 1000;
      last = now;
      if (settings.current.paused) acc = 0;
      const steps = Math.min(MAX_STEPS_PER_FRAME, Math.floor(acc / DT));
      acc = steps === MAX_STEPS_PER_FRAME ? 0 : acc - steps * DT;
      const started = performance.now();
      if (settings.current.useWorkers && steps > 0 && !serviceError) {
        busy = true;
        const run = async () => {
          if (!service) service = await studioService();
          for (let s = 0; s < steps; s++) await stepCrowdParallel(service, crowd, DT);
        };
        // stepCrowdParallel settles only once EVERY range job settled (even after a failure), so when this
        // chain ends no worker writes the crowd any more and stepping on the page below is safe.
        run()
          .catch((error: unknown) => {
            serviceError = true;
            if (!disposed) setMessage(`workers unavailable, stepping on the page: ${String(error)}`);
          })
          .finally(() => {
            busy = false;
            if (disposed) return;
            stepMs = (performance.now() - started) / steps;
            draw();
          });
        return;
      }
      for (let s = 0; s < steps; s++) stepCrowd(crowd, DT);
      if (steps > 0) stepMs = (performance.now() - started) / steps;
      draw();
    };
    raf = requestAnimationFrame(frame);
    return () => {
      disposed = true;
      cancelAnimationFrame(raf);
    };
  }, []);

  const onMouse = useCallback((event: MouseEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    if (event.type === 'mousedown' && event.button !== 0 && event.button !== 2) return;
    if (event.type === 'contextmenu') return;
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * CROWD_MAP_WIDTH * TILE;
    const y = ((event.clientY - rect.top) / rect.height) * CROWD_MAP_HEIGHT * TILE;
    commands.current.push({ kind: 'send', group: event.button === 2 ? BLUE : RED, x, y });
  }, []);

  const onCount = (value: number) => {
    setCount(value);
    commands.current.push({ kind: 'spawn', count: value });
  };

  const isolated = globalThis.crossOriginIsolated === true;
  return (
    <div className="layout" data-testid="crowd-demo">
      <div className="sidebar">
        <DemoHelp items={HELP} testId="crowd-help" />
        <div className="panel">
          <h2>Crowd</h2>
          <label className="row">
            <span>Units</span>
            <input
              type="range"
              min={20}
              max={MAX_UNITS}
              step={20}
              value={count}
              onChange={(e) => onCount(Number(e.target.value))}
              data-testid="crowd-count"
            />
            <span className="num">{count}</span>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={showAvoid}
              onChange={(e) => setShowAvoid(e.target.checked)}
              data-testid="crowd-avoid"
            />
            <span>show avoidance vectors</span>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={useField}
              onChange={(e) => setUseField(e.target.checked)}
              data-testid="crowd-field"
            />
            <span>move down a vector field (else straight)</span>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={useWorkers}
              disabled={!isolated}
              onChange={(e) => setUseWorkers(e.target.checked)}
              data-testid="crowd-workers"
            />
            <span>step in workers{isolated ? '' : ' (needs cross-origin isolation)'}</span>
          </label>
          <div className="row">
            <button type="button" onClick={() => setPaused((p) => !p)} data-testid="crowd-pause">
              {paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" onClick={() => onCount(count)} data-testid="crowd-reset">
              Reset armies
            </button>
          </div>
          {message && <div className="error">{message}</div>}
        </div>
        <div className="panel small-text" data-testid="crowd-readout">
          <div>
            <span className="muted">units</span> <span data-testid="crowd-units">{readout.units}</span>
          </div>
          <div>
            <span className="muted">still moving</span> <span data-testid="crowd-moving">{readout.moving}</span>
          </div>
          <div>
            <span className="muted">bumped</span> {readout.bumped}
          </div>
          <div>
            <span className="muted">step</span> {readout.stepMs.toFixed(2)} ms
          </div>
        </div>
        <DemoLegend items={LEGEND} testId="crowd-legend" />
      </div>
      <canvas
        ref={canvasRef}
        width={CANVAS_W}
        height={CANVAS_H}
        onMouseDown={onMouse}
        onContextMenu={onMouse}
        style={{ maxWidth: '100%', border: '1px solid #2c313c', borderRadius: 6, cursor: 'crosshair' }}
        data-testid="crowd-canvas"
      />
    </div>
  );
}
