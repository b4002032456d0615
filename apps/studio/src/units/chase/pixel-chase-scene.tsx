import { useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel } from './scene-layout.js';

/** Canvas size in pixels: the continuous world is the canvas itself, one unit per pixel. */
const W = 640;
const H = 400;
const START = { ox: 40, oy: 360, px: 520, py: 80 };
/** The player walks a circle at half a pixel per tick (the orc moves up to one pixel per axis per tick). */
const PLAYER_SPEED = 0.5;

interface PixelWorld {
  ox: number;
  oy: number;
  px: number;
  py: number;
  /** Player's walking angle (radians) around the centre of the canvas; null when standing. */
  angle: number | null;
  tick: number;
  catches: number;
  /** Tick of the last catch (the player then jumps away). */
  caughtAt: number;
  trail: number[];
}

function createWorld(): PixelWorld {
  return { ...START, angle: null, tick: 0, catches: 0, caughtAt: -1, trail: [] };
}

/**
 * One tick of the book's continuous basic chase: `if (orcX > playerX) orcX--; else if (orcX < playerX) orcX++;`
 * and the same for y, one pixel per axis. A caught player is placed again away from the orc.
 */
function tick(w: PixelWorld, speedPx: number): void {
  w.tick++;
  if (w.angle !== null) {
    w.angle += PLAYER_SPEED / 120;
    w.px = W / 2 + Math.cos(w.angle) * 120;
    w.py = H / 2 + Math.sin(w.angle) * 120;
  }
  const px = Math.round(w.px);
  const py = Math.round(w.py);
  for (let k = 0; k < speedPx; k++) {
    if (w.ox > px) w.ox--;
    else if (w.ox < px) w.ox++;
    if (w.oy > py) w.oy--;
    else if (w.oy < py) w.oy++;
  }
  if (w.tick % 4 === 0 && w.trail.length < 8000) w.trail.push(w.ox, w.oy);
  if (w.ox === px && w.oy === py) {
    w.catches++;
    w.caughtAt = w.tick;
    // Jump to the far side of the canvas and let the orc come again.
    w.px = w.ox < W / 2 ? W - 60 : 60;
    w.py = w.oy < H / 2 ? H - 60 : 60;
    if (w.angle !== null) w.angle = Math.atan2(w.py - H / 2, w.px - W / 2);
  }
}

/** The book's continuous basic chase: the orc closes one pixel per axis per tick, so it runs diagonals first. */
export function PixelChaseScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const world = useRef<PixelWorld>(createWorld());
  const clock = useRef(0);
  const [playing, setPlaying] = useState(true);
  const [ticksPerSecond, setTicksPerSecond] = useState(120);
  const [orcSpeed, setOrcSpeed] = useState(1);
  const [hud, setHud] = useState({ tick: 0, catches: 0, distance: 0, walking: false });

  const reset = () => {
    world.current = createWorld();
  };
  const toggleWalk = () => {
    const w = world.current;
    w.angle = w.angle === null ? Math.atan2(w.py - H / 2, w.px - W / 2) : null;
  };
  useSceneKeys({
    keys: {
      ' ': () => setPlaying((p) => !p),
      r: reset,
      w: toggleWalk,
      '.': () => tick(world.current, orcSpeed),
    },
  });

  useFrameLoop((dt) => {
    const w = world.current;
    if (playing) {
      clock.current += dt * ticksPerSecond;
      let n = 0;
      while (clock.current >= 1 && n++ < 200) {
        clock.current -= 1;
        tick(w, orcSpeed);
      }
    }
    const distance = Math.round(Math.hypot(w.px - w.ox, w.py - w.oy));
    const walking = w.angle !== null;
    if (hud.tick !== w.tick || hud.catches !== w.catches || hud.distance !== distance || hud.walking !== walking)
      setHud({ tick: w.tick, catches: w.catches, distance, walking });
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#0b1a4a';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = 'rgba(255,107,107,0.6)';
    for (let i = 0; i + 1 < w.trail.length; i += 2) ctx.fillRect(w.trail[i] as number, w.trail[i + 1] as number, 1, 1);
    if (walking) {
      ctx.strokeStyle = 'rgba(255,255,255,0.15)';
      ctx.beginPath();
      ctx.arc(W / 2, H / 2, 120, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = '#ff4d4d';
    ctx.fillRect(w.ox - 3, w.oy - 3, 7, 7);
    ctx.fillStyle = '#ffe94d';
    ctx.beginPath();
    ctx.arc(w.px, w.py, 4, 0, Math.PI * 2);
    ctx.fill();
    if (w.caughtAt >= 0 && w.tick - w.caughtAt < 60) {
      ctx.fillStyle = '#7dff6b';
      ctx.font = 'bold 16px sans-serif';
      ctx.fillText('caught!', 12, 24);
    }
  });

  const onMouseDown = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const r = canvas.getBoundingClientRect();
    const w = world.current;
    const x = Math.round(((e.clientX - r.left) * canvas.width) / r.width);
    const y = Math.round(((e.clientY - r.top) * canvas.height) / r.height);
    if (e.shiftKey) {
      w.ox = x;
      w.oy = y;
    } else {
      w.px = x;
      w.py = y;
      if (w.angle !== null) w.angle = Math.atan2(y - H / 2, x - W / 2);
    }
  };

  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={W}
      height={H}
      testId="pixel-canvas"
      crosshair
      onMouseDown={onMouseDown}
      help={
        <>
          <kbd>click</kbd> place the player (yellow) · <kbd>shift</kbd>+<kbd>click</kbd> place the orc (red) ·{' '}
          <kbd>W</kbd> the player walks a circle / stands · <kbd>space</kbd> play/pause · <kbd>.</kbd> one tick ·{' '}
          <kbd>R</kbd> reset. Each tick the orc moves one pixel along x and one along y towards the player, so it runs a
          45 degree diagonal until one axis lines up, then straight: the trail shows the bend.
        </>
      }
    >
      <ScenePanel title="Continuous chase (pixels)">
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="pixel-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={toggleWalk} data-testid="pixel-walk">
            {hud.walking ? 'Player stands' : 'Player walks'}
          </button>
          <button type="button" onClick={reset}>
            Reset
          </button>
        </div>
        <label className="controls">
          Ticks per second {ticksPerSecond}
          <input
            type="range"
            min={10}
            max={600}
            step={10}
            value={ticksPerSecond}
            onChange={(e) => setTicksPerSecond(Number(e.target.value))}
          />
        </label>
        <label className="controls">
          Orc pixels per tick {orcSpeed}
          <input type="range" min={1} max={4} value={orcSpeed} onChange={(e) => setOrcSpeed(Number(e.target.value))} />
        </label>
      </ScenePanel>
      <ScenePanel title="Status" testId="pixel-hud">
        <div>tick {hud.tick}</div>
        <div data-testid="pixel-distance" data-value={hud.distance}>
          distance {hud.distance} px
        </div>
        <div data-testid="pixel-catches" data-value={hud.catches}>
          catches {hud.catches}
        </div>
        <div>player {hud.walking ? 'walks' : 'stands'}</div>
      </ScenePanel>
    </SceneLayout>
  );
}
