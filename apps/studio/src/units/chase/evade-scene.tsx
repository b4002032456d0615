import { type Grid, NO_DIRECTION } from '@fieldmarshal/core';
import { DIR_DX, DIR_DY } from '@fieldmarshal/core/grid';
import { basicEvadeDirection } from '@fieldmarshal/core/steering';
import { useMemo, useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import { createRoom, SCREEN_H, SCREEN_W } from './orc-sim.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel, TurnRateSlider } from './scene-layout.js';
import { drawGlyph, drawTileDots, drawTileMap, TILE, tileAt } from './tile-draw.js';

/** Frodo in the middle of the room, eight orcs close around him: they run (basic evasion). */
export const EVADE_FRODO = { x: 40, y: 12 };
export const EVADE_ORCS: readonly (readonly [number, number])[] = [
  [36, 10],
  [44, 10],
  [38, 15],
  [43, 14],
  [40, 8],
  [33, 12],
  [47, 13],
  [40, 16],
];

interface Evader {
  x: number;
  y: number;
  trail: number[];
  /** The evasion step was into a wall: the orc stands pinned there. */
  pinned: boolean;
}

interface EvadeWorld {
  orcs: Evader[];
  fx: number;
  fy: number;
  turn: number;
}

function createWorld(): EvadeWorld {
  return {
    orcs: EVADE_ORCS.map(([x, y]) => ({ x, y, trail: [x, y], pinned: false })),
    fx: EVADE_FRODO.x,
    fy: EVADE_FRODO.y,
    turn: 0,
  };
}

/** Chebyshev distance in tiles (the tile moves' own distance). */
function tilesApart(ax: number, ay: number, bx: number, by: number): number {
  return Math.max(Math.abs(ax - bx), Math.abs(ay - by));
}

/**
 * One turn of the book's evasion: each orc steps away from Frodo on both axes (the chase with increments and
 * decrements reversed). No walls are considered by the algorithm: an orc whose step runs into the wall stays.
 */
function stepEvade(w: EvadeWorld, grid: Grid): void {
  w.turn++;
  for (const o of w.orcs) {
    const d = basicEvadeDirection(o.x, o.y, w.fx, w.fy);
    if (d === NO_DIRECTION) continue;
    const nx = o.x + (DIR_DX[d] as number);
    const ny = o.y + (DIR_DY[d] as number);
    o.pinned = !grid.isPassable(nx, ny);
    if (o.pinned) continue;
    o.x = nx;
    o.y = ny;
    if (o.trail.length < 4000) o.trail.push(nx, ny);
  }
}

/** The book's basic evasion on tiles: orcs run from Frodo, straight away on both axes, until a wall stops them. */
export function EvadeScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const grid = useMemo(() => createRoom(), []);
  const world = useRef<EvadeWorld>(createWorld());
  const clock = useRef(0);
  const [playing, setPlaying] = useState(true);
  const [turnsPerSecond, setTurnsPerSecond] = useState(10);
  const [hud, setHud] = useState({ turn: 0, nearest: 0, pinned: 0, fartherAll: true });
  const startDistance = useMemo(() => EVADE_ORCS.map(([x, y]) => tilesApart(x, y, EVADE_FRODO.x, EVADE_FRODO.y)), []);

  const walkFrodo = (dx: number, dy: number) => {
    const w = world.current;
    if (grid.isPassable(w.fx + dx, w.fy + dy)) {
      w.fx += dx;
      w.fy += dy;
    }
  };
  useSceneKeys({
    arrows: walkFrodo,
    keys: {
      ' ': () => setPlaying((p) => !p),
      r: () => {
        world.current = createWorld();
      },
      '.': () => stepEvade(world.current, grid),
    },
  });

  useFrameLoop((dt) => {
    const w = world.current;
    if (playing) {
      clock.current += dt * turnsPerSecond;
      let n = 0;
      while (clock.current >= 1 && n++ < 8) {
        clock.current -= 1;
        stepEvade(w, grid);
      }
    }
    let nearest = Number.POSITIVE_INFINITY;
    let pinned = 0;
    let fartherAll = true;
    w.orcs.forEach((o, i) => {
      const d = tilesApart(o.x, o.y, w.fx, w.fy);
      nearest = Math.min(nearest, d);
      if (o.pinned) pinned++;
      if (d < (startDistance[i] as number)) fartherAll = false;
    });
    if (hud.turn !== w.turn || hud.nearest !== nearest || hud.pinned !== pinned || hud.fartherAll !== fartherAll)
      setHud({ turn: w.turn, nearest, pinned, fartherAll });
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    drawTileMap(ctx, grid);
    for (const o of w.orcs) drawTileDots(ctx, o.trail, 'rgba(255,216,77,0.55)', 0.3);
    for (const o of w.orcs) drawGlyph(ctx, o.x, o.y, 'O', o.pinned ? '#ff9f43' : '#ffe94d', '#c00000');
    drawGlyph(ctx, w.fx, w.fy, 'F', '#1d4fd8', '#ff4d4d');
  });

  const onMouseDown = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const t = tileAt(e, canvas);
    if (grid.isPassable(t.x, t.y)) {
      world.current.fx = t.x;
      world.current.fy = t.y;
    }
  };

  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={SCREEN_W * TILE}
      height={SCREEN_H * TILE}
      testId="evade-canvas"
      crosshair
      onMouseDown={onMouseDown}
      help={
        <>
          <kbd>click</kbd> place Frodo · <kbd>arrows</kbd> Frodo steps one tile · <kbd>space</kbd> play/pause ·{' '}
          <kbd>.</kbd> one turn · <kbd>R</kbd> reset. Each orc steps away from Frodo on both axes (the chase with its
          increments and decrements reversed); the algorithm knows no walls, so orcs end pinned against them (orange).
        </>
      }
    >
      <ScenePanel title="Basic evasion (tiles)">
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="evade-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => (world.current = createWorld())}>
            Reset
          </button>
        </div>
        <TurnRateSlider value={turnsPerSecond} onChange={setTurnsPerSecond} />
      </ScenePanel>
      <ScenePanel title="Status" testId="evade-hud">
        <div data-testid="evade-turn">turn {hud.turn}</div>
        <div data-testid="evade-nearest" data-value={hud.nearest}>
          nearest orc {hud.nearest} tiles from Frodo
        </div>
        <div data-testid="evade-pinned" data-value={hud.pinned}>
          orcs pinned at a wall {hud.pinned} / {EVADE_ORCS.length}
        </div>
        <div data-testid="evade-farther" data-value={String(hud.fartherAll)}>
          {hud.fartherAll ? 'every orc is at least as far as it started' : 'an orc is nearer than it started'}
        </div>
      </ScenePanel>
    </SceneLayout>
  );
}
