import type { Grid } from '@fieldmarshal/core';
import { FOLLOWER_ARRIVED, type Followers, followerCount } from '@fieldmarshal/core/flow';

/** Colours of the followers demo, also shown in its legend. */
export const FOLLOWER_COLORS = {
  floor: '#1b1e25',
  wall: '#596173',
  moving: '#7fd1ff',
  arrived: '#ffd23f',
  goal: '#ff5a5a',
} as const;

/** Pixels per tile of the followers' canvas. */
export const FOLLOWER_SCALE = 6;

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * Draws the map and every follower (one 2x2 pixel dot each, into one ImageData: 10k dots without a canvas call
 * per dot) and the goal, onto a canvas of the map's size times {@link FOLLOWER_SCALE}. `base` holds the walls,
 * drawn once.
 */
export function drawFollowers(
  ctx: CanvasRenderingContext2D,
  base: ImageData,
  image: ImageData,
  followers: Followers,
  goal: { x: number; y: number },
): void {
  image.data.set(base.data);
  const { width: W, height: H, data } = image;
  const n = followerCount(followers);
  const moving = rgb(FOLLOWER_COLORS.moving);
  const arrived = rgb(FOLLOWER_COLORS.arrived);
  for (let i = 0; i < n; i++) {
    const c = followers.state[i] === FOLLOWER_ARRIVED ? arrived : moving;
    const px = Math.floor((followers.x[i] as number) * FOLLOWER_SCALE);
    const py = Math.floor((followers.y[i] as number) * FOLLOWER_SCALE);
    for (let dy = -1; dy <= 0; dy++)
      for (let dx = -1; dx <= 0; dx++) {
        const x = px + dx;
        const y = py + dy;
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        const o = (y * W + x) * 4;
        data[o] = c[0];
        data[o + 1] = c[1];
        data[o + 2] = c[2];
      }
  }
  ctx.putImageData(image, 0, 0);
  ctx.strokeStyle = FOLLOWER_COLORS.goal;
  ctx.lineWidth = 2;
  ctx.strokeRect(goal.x * FOLLOWER_SCALE, goal.y * FOLLOWER_SCALE, FOLLOWER_SCALE, FOLLOWER_SCALE);
}

/** The walls as an ImageData of the canvas's size (drawn once per map). */
export function followerWalls(ctx: CanvasRenderingContext2D, grid: Grid): ImageData {
  const W = grid.width * FOLLOWER_SCALE;
  const H = grid.height * FOLLOWER_SCALE;
  const image = ctx.createImageData(W, H);
  const floor = rgb(FOLLOWER_COLORS.floor);
  const wall = rgb(FOLLOWER_COLORS.wall);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = Math.floor(y / FOLLOWER_SCALE) * grid.width + Math.floor(x / FOLLOWER_SCALE);
      const c = grid.passable[t] === 0 ? wall : floor;
      const o = (y * W + x) * 4;
      image.data[o] = c[0];
      image.data[o + 1] = c[1];
      image.data[o + 2] = c[2];
      image.data[o + 3] = 255;
    }
  return image;
}
