import { Grid } from '@fieldmarshal/core';
import { RtsWorld } from '@fieldmarshal/core/rts';
import { useRef, useState } from 'react';
import { useFrameLoop } from '../chase/frame-loop.js';
import { useSceneKeys } from '../chase/scene-keys.js';
import { SceneLayout, ScenePanel } from '../chase/scene-layout.js';

/** The map is larger than the view: the arrow keys move the camera over it, as in the RTS tutorial's demo. */
export const PATROL_MAP_W = 96;
export const PATROL_MAP_H = 64;
const TILE = 16;
/** The view, in tiles. */
export const VIEW_W = 40;
export const VIEW_H = 25;
/** Tiles the camera moves per arrow key press. */
export const CAMERA_STEP = 2;
const MINI = 1.5;

/** Patrol routes (tiles), visited in a loop: the tutorial's `ispatrolling` units. */
export const PATROLS: readonly { name: string; color: string; points: readonly (readonly [number, number])[] }[] = [
  {
    name: 'sentry',
    color: '#4f8cff',
    points: [
      [6, 5],
      [14, 5],
      [14, 11],
      [6, 11],
    ],
  },
  {
    name: 'runner',
    color: '#f0b429',
    points: [
      [20, 16],
      [52, 16],
      [52, 40],
    ],
  },
  {
    name: 'far scout',
    color: '#3ddc84',
    points: [
      [60, 44],
      [88, 44],
      [88, 58],
      [60, 58],
    ],
  },
];

function createPatrolMap(): Grid {
  const grid = Grid.open(PATROL_MAP_W, PATROL_MAP_H, { shared: false });
  const block = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.passable[y * PATROL_MAP_W + x] = 0;
  };
  block(9, 7, 11, 9); // inside the sentry's square
  block(30, 12, 33, 20); // across the runner's first leg: it walks round
  block(40, 24, 46, 30);
  block(70, 48, 78, 53); // the far scout's yard
  block(24, 40, 34, 42);
  block(64, 8, 66, 30);
  grid.touch();
  return grid;
}

interface PatrolScene {
  world: RtsWorld;
  grid: Grid;
  /** Per patrol: the unit's id and the waypoint indices it reached, in order. */
  units: { id: number; last: number; visits: number[] }[];
}

function createScene(): PatrolScene {
  const grid = createPatrolMap();
  const world = new RtsWorld(grid);
  const units = PATROLS.map((p) => {
    const [sx, sy] = p.points[0] as readonly [number, number];
    const u = world.addUnit(sx, sy, { speed: 3 });
    world.patrolUnit(
      u,
      p.points.map(([x, y]) => ({ x, y })),
    );
    return { id: u.id, last: u.patrolIndex, visits: [] as number[] };
  });
  return { world, grid, units };
}

/** Records a waypoint as reached when the unit's patrol index moves on (it then heads for the next one). */
function recordVisits(s: PatrolScene): void {
  for (const r of s.units) {
    const u = s.world.unit(r.id);
    if (!u || u.patrolIndex === r.last) continue;
    const n = u.patrol.length / 2;
    // The index advanced from `last`: point `last` (and any skipped over) was reached.
    for (let k = r.last; k !== u.patrolIndex; k = (k + 1) % n) r.visits.push(k);
    if (r.visits.length > 64) r.visits.splice(0, r.visits.length - 64);
    r.last = u.patrolIndex;
  }
}

function clampCamera(x: number, y: number): { x: number; y: number } {
  return {
    x: Math.max(0, Math.min(PATROL_MAP_W - VIEW_W, x)),
    y: Math.max(0, Math.min(PATROL_MAP_H - VIEW_H, y)),
  };
}

function draw(ctx: CanvasRenderingContext2D, s: PatrolScene, cam: { x: number; y: number }): void {
  const { grid, world } = s;
  ctx.fillStyle = '#1b1f27';
  ctx.fillRect(0, 0, VIEW_W * TILE, VIEW_H * TILE);
  ctx.save();
  ctx.translate(-cam.x * TILE, -cam.y * TILE);
  ctx.fillStyle = '#59627a';
  for (let y = cam.y; y < cam.y + VIEW_H; y++)
    for (let x = cam.x; x < cam.x + VIEW_W; x++)
      if (grid.passable[y * grid.width + x] === 0) ctx.fillRect(x * TILE, y * TILE, TILE, TILE);
  ctx.font = 'bold 10px "Liberation Sans", sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  PATROLS.forEach((p, i) => {
    ctx.strokeStyle = p.color;
    ctx.globalAlpha = 0.5;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    p.points.forEach(([x, y], k) => {
      if (k === 0) ctx.moveTo((x + 0.5) * TILE, (y + 0.5) * TILE);
      else ctx.lineTo((x + 0.5) * TILE, (y + 0.5) * TILE);
    });
    ctx.closePath();
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    const u = world.unit(s.units[i]?.id ?? -1);
    p.points.forEach(([x, y], k) => {
      ctx.fillStyle = u && u.patrolIndex === k ? p.color : '#2a2f3a';
      ctx.beginPath();
      ctx.arc((x + 0.5) * TILE, (y + 0.5) * TILE, 6, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.fillText(String(k + 1), (x + 0.5) * TILE, (y + 0.5) * TILE);
    });
  });
  const at = { x: 0, y: 0 };
  PATROLS.forEach((p, i) => {
    const u = world.unit(s.units[i]?.id ?? -1);
    if (!u) return;
    world.renderPosition(u, at);
    ctx.fillStyle = p.color;
    ctx.strokeStyle = '#000';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(at.x * TILE, at.y * TILE, u.hardRadius * TILE, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  });
  ctx.restore();
  // Minimap in the top-right corner: the whole map, the units and the camera's rectangle.
  const mx = VIEW_W * TILE - PATROL_MAP_W * MINI - 6;
  const my = 6;
  ctx.fillStyle = 'rgba(0,0,0,0.7)';
  ctx.fillRect(mx - 2, my - 2, PATROL_MAP_W * MINI + 4, PATROL_MAP_H * MINI + 4);
  ctx.fillStyle = '#59627a';
  for (let y = 0; y < PATROL_MAP_H; y++)
    for (let x = 0; x < PATROL_MAP_W; x++)
      if (grid.passable[y * grid.width + x] === 0) ctx.fillRect(mx + x * MINI, my + y * MINI, MINI, MINI);
  PATROLS.forEach((p, i) => {
    const u = world.unit(s.units[i]?.id ?? -1);
    if (!u) return;
    ctx.fillStyle = p.color;
    ctx.fillRect(mx + u.x * MINI - 2, my + u.y * MINI - 2, 4, 4);
  });
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1;
  ctx.strokeRect(mx + cam.x * MINI + 0.5, my + cam.y * MINI + 0.5, VIEW_W * MINI, VIEW_H * MINI);
}

/** The RTS tutorial's patrolling units on a map bigger than the screen, with its arrow-key camera. */
export function RtsPatrolDemo() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scene = useRef<PatrolScene | null>(null);
  if (scene.current === null) scene.current = createScene();
  const camera = useRef({ x: 0, y: 0 });
  const [playing, setPlaying] = useState(true);
  const [timeScale, setTimeScale] = useState(1);
  const [hud, setHud] = useState({ camX: 0, camY: 0, visits: PATROLS.map(() => ''), next: PATROLS.map(() => 0) });

  const moveCamera = (dx: number, dy: number) => {
    camera.current = clampCamera(camera.current.x + dx * CAMERA_STEP, camera.current.y + dy * CAMERA_STEP);
  };
  useSceneKeys({
    arrows: moveCamera,
    keys: {
      ' ': () => setPlaying((p) => !p),
      r: () => {
        scene.current = createScene();
      },
      h: () => {
        camera.current = { x: 0, y: 0 };
      },
      '1': () => setTimeScale(1),
      '2': () => setTimeScale(2),
      '4': () => setTimeScale(4),
    },
  });

  useFrameLoop((dt) => {
    const s = scene.current;
    if (!s) return;
    if (playing) s.world.update(dt * timeScale);
    recordVisits(s);
    const cam = camera.current;
    const visits = s.units.map((r) => r.visits.join(','));
    const next = s.units.map((r) => s.world.unit(r.id)?.patrolIndex ?? 0);
    if (
      hud.camX !== cam.x ||
      hud.camY !== cam.y ||
      visits.some((v, i) => v !== hud.visits[i]) ||
      next.some((v, i) => v !== hud.next[i])
    )
      setHud({ camX: cam.x, camY: cam.y, visits, next });
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) draw(ctx, s, cam);
  });

  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={VIEW_W * TILE}
      height={VIEW_H * TILE}
      testId="rts-patrol-canvas"
      help={
        <>
          <kbd>arrows</kbd> move the camera {CAMERA_STEP} tiles (the map is {PATROL_MAP_W} x {PATROL_MAP_H}, the view{' '}
          {VIEW_W} x {VIEW_H}) · <kbd>H</kbd> camera home · <kbd>space</kbd> play/pause · <kbd>1</kbd>/<kbd>2</kbd>/
          <kbd>4</kbd> time scale · <kbd>R</kbd> reset. Each unit patrols its numbered points in a loop (the filled
          point is the one it heads for); the minimap shows the whole map and the camera's frame.
        </>
      }
    >
      <ScenePanel title="RTS patrol and camera">
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="rts-patrol-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            onClick={() => {
              scene.current = createScene();
            }}
          >
            Reset
          </button>
        </div>
        <div className="controls" role="radiogroup" aria-label="time scale">
          {[1, 2, 4].map((k) => (
            <button
              key={k}
              type="button"
              className={k === timeScale ? 'active' : undefined}
              aria-pressed={k === timeScale}
              onClick={() => setTimeScale(k)}
              data-time-scale={k}
            >
              {k}x
            </button>
          ))}
        </div>
      </ScenePanel>
      <ScenePanel title="Status" testId="rts-patrol-hud">
        <div data-testid="rts-patrol-camera" data-x={hud.camX} data-y={hud.camY}>
          camera at tile ({hud.camX}, {hud.camY})
        </div>
        {PATROLS.map((p, i) => (
          <div
            key={p.name}
            data-testid={`rts-patrol-unit-${i}`}
            data-points={p.points.length}
            data-visits={hud.visits[i]}
          >
            <span style={{ color: p.color }}>●</span> {p.name}: heading for point {(hud.next[i] ?? 0) + 1} of{' '}
            {p.points.length}; reached{' '}
            {hud.visits[i]
              ? (hud.visits[i] as string)
                  .split(',')
                  .slice(-6)
                  .map((v) => Number(v) + 1)
                  .join(' → ')
              : 'none yet'}
          </div>
        ))}
      </ScenePanel>
    </SceneLayout>
  );
}
