import { createRandom, parseAsciiMap } from '@fieldmarshal/core';
import {
  addCrowdUnit,
  CROWD_STOPPED,
  CROWD_TUTORIAL_SCALE,
  commandCrowdGroup,
  countMovingCrowdUnits,
  createCrowd,
  crowdFrame,
  crowdSpotIsFree,
  crowdTotalSpeed,
  stepCrowd,
} from '@fieldmarshal/core/crowd';

/**
 * The studio's crowd scene (apps/studio/src/units/crowd/crowd-map.ts, rebuilt here: the bench uses the built
 * core only): a 64x40 level whose west wall has two gaps (rows 6-10 and 28-32 of column 20) and east wall one
 * (rows 17-22 of column 43), two armies of `units / 2` packed into the camps and sent head-on across each other
 * (red to (53.5, 20), blue to (10.5, 20), tiles, down their fields).
 */
const W = 64;
const H = 40;
const DT = 1 / 60;

function gapsAscii(): string {
  const rows: string[] = [];
  for (let r = 0; r < H; r++) {
    let row = '';
    for (let c = 0; c < W; c++) {
      const border = r === 0 || c === 0 || r === H - 1 || c === W - 1;
      const westWall = c === 20 && !(r >= 6 && r <= 10) && !(r >= 28 && r <= 32);
      const eastWall = c === 43 && !(r >= 17 && r <= 22);
      const blockA = c >= 27 && c <= 36 && r >= 9 && r <= 11;
      const blockB = c >= 27 && c <= 29 && r >= 24 && r <= 33;
      const blockC = c >= 33 && c <= 36 && r >= 27 && r <= 29;
      row += border || westWall || eastWall || blockA || blockB || blockC ? '#' : '.';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/** The outcome of one run: settle time (Infinity past `limit`), and unit-seconds spent held still at a wall. */
export interface GapsRun {
  settledS: number;
  heldAtWallS: number;
}

/**
 * Runs the scene: seed 1 is the studio's spawn exactly; a larger seed moves each unit by up to half a pixel (a
 * family of nearby starts). "Held at a wall": a unit that is not stopped, has velocity 0 and whose square is within
 * the contact margin of a wall tile, per frame.
 */
export function runGapsScene(units: number, seed: number, limit: number): GapsRun {
  const grid = parseAsciiMap(gapsAscii());
  const crowd = createCrowd({ grid, capacity: units });
  // The studio's spawn, in tiles: lanes half a tile apart (the tutorial's 15 px), jitter up to half a tutorial
  // pixel (1 / CROWD_TUTORIAL_SCALE tiles across).
  const T = 1;
  const at = (x: number, y: number) => ({ x, y });
  const pitch = T / 2;
  const random = createRandom(seed);
  const jitter = () => (seed > 1 ? (random() - 0.5) / CROWD_TUTORIAL_SCALE : 0);
  const fill = (group: number, wanted: number, fromCol: number, toCol: number, step: 1 | -1) => {
    let n = 0;
    const lanes = (Math.abs(toCol - fromCol) + 1) * 2;
    for (let k = 0; k < lanes && n < wanted; k++) {
      const x = (fromCol + step * Math.floor(k / 2)) * T + (step > 0 ? k % 2 : 1 - (k % 2)) * pitch + pitch / 2;
      for (let s = 0; s < H * 2 && n < wanted; s++) {
        const y = s * pitch + pitch / 2;
        if (!crowdSpotIsFree(crowd, at(x, y))) continue;
        const jx = x + jitter();
        const jy = y + jitter();
        const ok = crowdSpotIsFree(crowd, at(jx, jy));
        addCrowdUnit(crowd, ok ? at(jx, jy) : at(x, y), group);
        n++;
      }
    }
  };
  const red = Math.ceil(units / 2);
  fill(0, red, 1, 19, 1);
  fill(1, units - red, W - 2, 44, -1);
  commandCrowdGroup(crowd, 0, { x: 53.5, y: 20 });
  commandCrowdGroup(crowd, 1, { x: 10.5, y: 20 });
  const h = crowd.params.unitSize / 2;
  const m = crowd.params.contactMargin;
  const pass = grid.passable;
  const wallNear = (x: number, y: number) => {
    // x, y, h and m in tiles.
    for (let r = Math.floor(y - h - m); r <= Math.floor(y + h + m); r++)
      for (let c = Math.floor(x - h - m); c <= Math.floor(x + h + m); c++) if (pass[r * W + c] === 0) return true;
    return false;
  };
  let held = 0;
  for (let s = 1; s <= limit / DT; s++) {
    stepCrowd(crowd, DT);
    const f = crowdFrame(crowd);
    for (let i = 0; i < units; i++) {
      if (f.state[i] === CROWD_STOPPED || f.vx[i] !== 0 || f.vy[i] !== 0) continue;
      if (wallNear(f.x[i] as number, f.y[i] as number)) held++;
    }
    if (countMovingCrowdUnits(crowd) === 0 && crowdTotalSpeed(crowd) === 0)
      return { settledS: s * DT, heldAtWallS: held * DT };
  }
  return { settledS: Number.POSITIVE_INFINITY, heldAtWallS: held * DT };
}
