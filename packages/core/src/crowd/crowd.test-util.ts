import { parseAsciiMap } from '../grid/parse.js';
import { type CrowdCommandOptions, commandCrowdGroup } from './crowd-command.js';
import { CROWD_TUTORIAL_SCALE, type CrowdOptions } from './crowd-options.js';
import {
  addCrowdUnit,
  type Crowd,
  type CrowdFrame,
  createCrowd,
  crowdCount,
  crowdFrame,
  crowdSpotIsFree,
} from './crowd-state.js';
import { stepCrowd } from './crowd-step-whole.js';

/**
 * The tutorial route: the crowd tests keep the flocking tutorial's pixel numbers (30-pixel tiles) and go through
 * CROWD_TUTORIAL_SCALE to the crowd's tiles. `PX` pixels are one tile.
 */
export const PX = CROWD_TUTORIAL_SCALE;
/** A point in tiles from tutorial pixels. */
export const tiles = (xPx: number, yPx: number) => ({ x: xPx / PX, y: yPx / PX });
/** addCrowdUnit at a position in tutorial pixels. */
export const addAt = (crowd: Crowd, xPx: number, yPx: number, group = 0) => addCrowdUnit(crowd, tiles(xPx, yPx), group);
/** crowdSpotIsFree at a position in tutorial pixels. */
export const freeAt = (crowd: Crowd, xPx: number, yPx: number) => crowdSpotIsFree(crowd, tiles(xPx, yPx));
/** commandCrowdGroup to a destination in tutorial pixels. */
export const sendTo = (crowd: Crowd, group: number, xPx: number, yPx: number, options?: CrowdCommandOptions) =>
  commandCrowdGroup(crowd, group, tiles(xPx, yPx), options);
/** Unit i's distance to a point in tutorial pixels, in tutorial pixels. */
export const distToPx = (crowd: Crowd, i: number, xPx: number, yPx: number) => {
  const f = crowdFrame(crowd);
  return Math.hypot((f.x[i] as number) * PX - xPx, (f.y[i] as number) * PX - yPx);
};

/** A crowd over an ASCII map ('#' wall, '.' floor). */
export function crowdOnAscii(ascii: string, options: Omit<CrowdOptions, 'grid'>): Crowd {
  const grid = parseAsciiMap(ascii.trim());
  return createCrowd({ ...options, grid });
}

/** Steps until `done` holds (checked after every step) or `maxTime` seconds pass; returns the time taken or Infinity. */
export function runUntil(crowd: Crowd, dt: number, maxTime: number, done: (c: Crowd) => boolean): number {
  const steps = Math.ceil(maxTime / dt);
  for (let s = 1; s <= steps; s++) {
    stepCrowd(crowd, dt);
    if (done(crowd)) return s * dt;
  }
  return Number.POSITIVE_INFINITY;
}

/** Largest overlap depth (min of the x and y penetration) between two units, in tutorial pixels; 0 when none overlap. */
export function maxOverlap(crowd: Crowd): number {
  const f: CrowdFrame = crowdFrame(crowd);
  const n = crowdCount(crowd);
  const S = crowd.params.unitSize;
  let worst = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const px = S - Math.abs((f.x[i] as number) - (f.x[j] as number));
      const py = S - Math.abs((f.y[i] as number) - (f.y[j] as number));
      if (px > 0 && py > 0) worst = Math.max(worst, Math.min(px, py));
    }
  return worst * PX;
}

/** Units whose square overlaps a blocked tile or the map edge by more than `tolerance` tutorial pixels. */
export function unitsInWalls(crowd: Crowd, tolerance = 1e-6): number[] {
  const f = crowdFrame(crowd);
  const n = crowdCount(crowd);
  const T = 1;
  const S = crowd.params.unitSize;
  const { width, height, passable } = crowd.grid;
  const h = S / 2 - tolerance / PX;
  const bad: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = f.x[i] as number;
    const y = f.y[i] as number;
    let inWall = false;
    for (let r = Math.floor((y - h) / T); r <= Math.floor((y + h) / T); r++)
      for (let c = Math.floor((x - h) / T); c <= Math.floor((x + h) / T); c++)
        if (c < 0 || r < 0 || c >= width || r >= height || passable[r * width + c] === 0) inWall = true;
    if (inWall) bad.push(i);
  }
  return bad;
}

/** A copy of every array of the current frame, for bit-exact comparisons. */
export function snapshot(crowd: Crowd): Uint8Array[] {
  const f = crowdFrame(crowd);
  return [f.x, f.y, f.vx, f.vy, f.timer, f.avoidX, f.avoidY, f.state].map((a) =>
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice(),
  );
}
