import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { studioService } from '../../shared/studio-service.js';
import { demoCanvasStyle } from '../demo-canvas.js';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend, type DemoLegendItem } from '../demo-legend.js';
import { BLUE, CROWD_MAP_HEIGHT, CROWD_MAP_WIDTH, RED } from './crowd-map.js';
import {
  CANVAS_H,
  CANVAS_W,
  type CrowdCommand,
  type CrowdReadout,
  MAX_UNITS,
  startCrowdRunner,
} from './crowd-runner.js';
import { CROWD_COLORS } from './draw-crowd.js';

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
  const commands = useRef<CrowdCommand[]>([]);
  const [count, setCount] = useState(400);
  const [showAvoid, setShowAvoid] = useState(false);
  const [useField, setUseField] = useState(true);
  const [useWorkers, setUseWorkers] = useState(false);
  const [paused, setPaused] = useState(false);
  const [readout, setReadout] = useState<CrowdReadout>({ units: 0, moving: 0, bumped: 0, stepMs: 0, where: 'page' });
  const [message, setMessage] = useState<string | null>(null);
  // The loop reads the latest settings through this ref, so it never restarts when they change.
  const settings = useRef({ showAvoid, useField, useWorkers, paused });
  settings.current = { showAvoid, useField, useWorkers, paused };
  const initialCount = useRef(count);
  const active = usePageActiveRef();

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    return startCrowdRunner({
      ctx,
      initialCount: initialCount.current,
      commands: commands.current,
      // A hidden page's crowd stands still.
      settings: () => (active.current ? settings.current : { ...settings.current, paused: true }),
      service: studioService,
      onReadout: setReadout,
      onMessage: setMessage,
    });
  }, [active]);

  const onMouse = useCallback((event: MouseEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    if (event.type === 'mousedown' && event.button !== 0 && event.button !== 2) return;
    if (event.type === 'contextmenu') return;
    const rect = event.currentTarget.getBoundingClientRect();
    // The click in tiles (the crowd's unit).
    const x = ((event.clientX - rect.left) / rect.width) * CROWD_MAP_WIDTH;
    const y = ((event.clientY - rect.top) / rect.height) * CROWD_MAP_HEIGHT;
    commands.current.push({ kind: 'send', group: event.button === 2 ? BLUE : RED, x, y });
  }, []);

  const onCount = (value: number) => {
    setCount(value);
    commands.current.push({ kind: 'spawn', count: value });
  };

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
              onChange={(e) => setUseWorkers(e.target.checked)}
              data-testid="crowd-workers"
            />
            <span>step in workers</span>
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
            <span className="muted">step</span> {readout.stepMs.toFixed(2)} ms{' '}
            <span className="muted" data-testid="crowd-where">
              ({readout.where})
            </span>
          </div>
        </div>
        <DemoLegend items={LEGEND} testId="crowd-legend" />
      </div>
      <div className="layout-main">
        <canvas
          ref={canvasRef}
          width={CANVAS_W}
          height={CANVAS_H}
          onMouseDown={onMouse}
          onContextMenu={onMouse}
          className="demo-canvas"
          style={{ ...demoCanvasStyle(CANVAS_W, CANVAS_H), cursor: 'crosshair' }}
          data-testid="crowd-canvas"
        />
      </div>
    </div>
  );
}
