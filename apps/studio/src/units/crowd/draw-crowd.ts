import type { Grid } from '@fieldmarshal/core';
import {
  CROWD_BUMPED,
  CROWD_MOVING,
  CROWD_TUTORIAL_SCALE,
  type Crowd,
  crowdCount,
  crowdFrame,
} from '@fieldmarshal/core/crowd';
import { BLUE, RED } from './crowd-map.js';

/** Colours of the demo, also shown in its legend. */
export const CROWD_COLORS = {
  redMoving: '#ff5a5a',
  redStopped: '#8a2e2e',
  blueMoving: '#5a9bff',
  blueStopped: '#2c4c8a',
  bumped: '#ffd23f',
  avoid: '#f2f4f8',
  floor: '#1b1e25',
  wall: '#596173',
} as const;

/** The walls drawn once into an offscreen canvas, one pixel per tile (scaled up when blitted). */
export function renderWalls(grid: Grid): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = grid.width;
  canvas.height = grid.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = CROWD_COLORS.floor;
  ctx.fillRect(0, 0, grid.width, grid.height);
  ctx.fillStyle = CROWD_COLORS.wall;
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++) if (grid.passable[y * grid.width + x] === 0) ctx.fillRect(x, y, 1, 1);
  return canvas;
}

/** What the crowd drawing shows. */
export interface CrowdDrawOptions {
  /** Draw each unit's avoidance vector of the last step. */
  avoid: boolean;
  /** Destinations to mark, per group, in tiles (null when the group has no order yet). */
  targets: readonly ({ x: number; y: number } | null)[];
}

/**
 * Draws the level and every unit onto `ctx` (whose canvas is the map in tiles times `scale`, canvas pixels per
 * tile): units coloured by
 * group and state (bright moving, dark stopped, yellow-rimmed when bumped), batched into one path per colour.
 */
export function drawCrowd(
  ctx: CanvasRenderingContext2D,
  crowd: Crowd,
  walls: HTMLCanvasElement,
  scale: number,
  options: CrowdDrawOptions,
): void {
  // Everything in tiles (the crowd's unit) under a transform of `scale` canvas pixels per tile; strokes and
  // insets keep the flocking tutorial's pixel sizes through `px`.
  const px = 1 / CROWD_TUTORIAL_SCALE;
  const S = crowd.params.unitSize;
  const h = S / 2;
  const n = crowdCount(crowd);
  const f = crowdFrame(crowd);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(walls, 0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);

  const fills: [string, number, number][] = [
    [CROWD_COLORS.redStopped, RED, 0],
    [CROWD_COLORS.blueStopped, BLUE, 0],
    [CROWD_COLORS.redMoving, RED, 1],
    [CROWD_COLORS.blueMoving, BLUE, 1],
  ];
  for (const [color, group, moving] of fills) {
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      if (crowd.unitGroup[i] !== group || (f.state[i] === CROWD_MOVING ? 1 : 0) !== moving) continue;
      ctx.rect((f.x[i] as number) - h, (f.y[i] as number) - h, S, S);
    }
    ctx.fillStyle = color;
    ctx.fill();
  }
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (f.state[i] !== CROWD_BUMPED) continue;
    ctx.rect((f.x[i] as number) - h + px, (f.y[i] as number) - h + px, S - 2 * px, S - 2 * px);
  }
  ctx.strokeStyle = CROWD_COLORS.bumped;
  ctx.lineWidth = 2 * px;
  ctx.stroke();

  if (options.avoid) {
    ctx.beginPath();
    const len = 0.6; // tiles
    for (let i = 0; i < n; i++) {
      const ax = f.avoidX[i] as number;
      const ay = f.avoidY[i] as number;
      if (ax === 0 && ay === 0) continue;
      const x = f.x[i] as number;
      const y = f.y[i] as number;
      ctx.moveTo(x, y);
      ctx.lineTo(x + ax * len, y + ay * len);
    }
    ctx.strokeStyle = CROWD_COLORS.avoid;
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
  }

  options.targets.forEach((t, group) => {
    if (!t) return;
    ctx.strokeStyle = group === RED ? CROWD_COLORS.redMoving : CROWD_COLORS.blueMoving;
    ctx.lineWidth = 3 * px;
    const d = 9 * px;
    ctx.beginPath();
    ctx.moveTo(t.x - d, t.y - d);
    ctx.lineTo(t.x + d, t.y + d);
    ctx.moveTo(t.x + d, t.y - d);
    ctx.lineTo(t.x - d, t.y + d);
    ctx.stroke();
  });
}
