import { stepFollowers } from '@fieldmarshal/core/flow';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { usePageActiveRef } from '../../shared/page-activity.js';
import { demoCanvasStyle } from '../demo-canvas.js';
import { DemoHelp } from '../demo-help.js';
import { DemoLegend, type DemoLegendItem } from '../demo-legend.js';
import { drawFollowers, FOLLOWER_COLORS, FOLLOWER_SCALE, followerWalls } from './draw-followers.js';
import {
  createFollowersScene,
  FOLLOWERS_COUNT,
  FOLLOWERS_MAP_HEIGHT,
  FOLLOWERS_MAP_WIDTH,
  type FollowersScene,
  type FollowMode,
  followerTally,
  sendFollowers,
} from './followers-model.js';

const CANVAS_W = FOLLOWERS_MAP_WIDTH * FOLLOWER_SCALE;
const CANVAS_H = FOLLOWERS_MAP_HEIGHT * FOLLOWER_SCALE;
/** Fixed step, seconds, and most steps per animation frame (a slow frame never explodes the step). */
const DT = 1 / 60;
const MAX_STEPS_PER_FRAME = 3;

const LEGEND: readonly DemoLegendItem[] = [
  { label: 'moving', fill: FOLLOWER_COLORS.moving },
  { label: 'arrived', fill: FOLLOWER_COLORS.arrived },
  { label: 'goal', fill: 'transparent', rim: FOLLOWER_COLORS.goal },
  { label: 'wall', fill: FOLLOWER_COLORS.wall },
];

const HELP: readonly ReactNode[] = [
  <>
    <kbd>Click</kbd> sends every follower to that tile
  </>,
  'Each frame every follower samples its flow (or field) where it stands and moves along the safe direction: no follower ever overlaps a wall.',
];

interface Readout {
  followers: number;
  moving: number;
  arrived: number;
  stuck: number;
  /** Milliseconds per step (the median of the last 30). */
  stepMs: number;
}

/**
 * Units page: ten thousand followers in typed arrays (`createFollowers`), stepped by one call a frame
 * (`stepFollowers`) along a smooth flow of radius 0.25 (or the field's arrows) on a rooms map.
 */
export function FollowersDemo() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const sceneRef = useRef<FollowersScene | null>(null);
  const [mode, setMode] = useState<FollowMode>('flow');
  const [paused, setPaused] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [readout, setReadout] = useState<Readout>({ followers: 0, moving: 0, arrived: 0, stuck: 0, stepMs: 0 });
  const settings = useRef({ paused, mode });
  settings.current = { paused, mode };
  const active = usePageActiveRef();

  useEffect(() => {
    void generation;
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const scene = createFollowersScene(FOLLOWERS_COUNT, settings.current.mode);
    sceneRef.current = scene;
    const base = followerWalls(ctx, scene.grid);
    const image = ctx.createImageData(base.width, base.height);
    const times: number[] = [];
    let raf = 0;
    let last = performance.now();
    let acc = 0;
    let frames = 0;
    const frame = (now: number) => {
      raf = requestAnimationFrame(frame);
      acc += Math.min(now - last, 100) / 1000;
      last = now;
      if (settings.current.paused || !active.current) acc = 0;
      const steps = Math.min(MAX_STEPS_PER_FRAME, Math.floor(acc / DT));
      acc = steps === MAX_STEPS_PER_FRAME ? 0 : acc - steps * DT;
      for (let s = 0; s < steps; s++) {
        const t0 = performance.now();
        stepFollowers(scene.followers, DT);
        times.push(performance.now() - t0);
        if (times.length > 30) times.shift();
      }
      drawFollowers(ctx, base, image, scene.followers, scene.goal);
      if (++frames % 10 !== 0) return;
      const sorted = [...times].sort((a, b) => a - b);
      setReadout({
        followers: scene.followers.header[2] as number,
        ...followerTally(scene.followers),
        stepMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      });
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [generation, active]);

  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const scene = sceneRef.current;
    if (!scene) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * FOLLOWERS_MAP_WIDTH;
    const y = ((event.clientY - rect.top) / rect.height) * FOLLOWERS_MAP_HEIGHT;
    sendFollowers(scene, x, y, settings.current.mode);
  };

  return (
    <div className="layout" data-testid="followers-demo">
      <div className="sidebar">
        <DemoHelp items={HELP} testId="followers-help" />
        <div className="panel">
          <h2>Followers</h2>
          <label className="row">
            <span>Follow</span>
            <select
              value={mode}
              onChange={(e) => {
                setMode(e.target.value as FollowMode);
                setGeneration((g) => g + 1);
              }}
              data-testid="followers-mode"
            >
              <option value="flow">the smooth flow (radius 0.25)</option>
              <option value="field">the field's eight arrows</option>
            </select>
          </label>
          <div className="row">
            <button type="button" onClick={() => setPaused((p) => !p)} data-testid="followers-pause">
              {paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" onClick={() => setGeneration((g) => g + 1)} data-testid="followers-reset">
              Scatter again
            </button>
          </div>
        </div>
        <div className="panel small-text" data-testid="followers-readout">
          <div>
            <span className="muted">followers</span> <span data-testid="followers-count">{readout.followers}</span>
          </div>
          <div>
            <span className="muted">moving</span> <span data-testid="followers-moving">{readout.moving}</span>
          </div>
          <div>
            <span className="muted">arrived</span> <span data-testid="followers-arrived">{readout.arrived}</span>
          </div>
          <div>
            <span className="muted">stuck</span> <span data-testid="followers-stuck">{readout.stuck}</span>
          </div>
          <div>
            <span className="muted">step</span> {readout.stepMs.toFixed(2)} ms
          </div>
        </div>
        <DemoLegend items={LEGEND} testId="followers-legend" />
      </div>
      <div className="layout-main">
        <canvas
          ref={canvasRef}
          width={CANVAS_W}
          height={CANVAS_H}
          onClick={onClick}
          className="demo-canvas"
          style={{ ...demoCanvasStyle(CANVAS_W, CANVAS_H), cursor: 'crosshair' }}
          data-testid="followers-canvas"
        />
      </div>
    </div>
  );
}
