import { type Grid, parseAsciiMap } from '@fieldmarshal/core';
import { addCrowdUnit, type Crowd, clearCrowd, crowdSpotIsFree } from '@fieldmarshal/core/crowd';

/** Tiles across and down the demo map. */
export const CROWD_MAP_WIDTH = 64;
export const CROWD_MAP_HEIGHT = 40;
/** Group indices of the two armies. */
export const RED = 0;
export const BLUE = 1;

/**
 * The demo level as ASCII: a border, two long walls with doors between the red (left) and blue (right) camps,
 * and a few blocks in the middle, so a group sent across has to walk around walls down its vector field.
 */
export function crowdMapAscii(): string {
  const rows: string[] = [];
  for (let r = 0; r < CROWD_MAP_HEIGHT; r++) {
    let row = '';
    for (let c = 0; c < CROWD_MAP_WIDTH; c++) {
      const border = r === 0 || c === 0 || r === CROWD_MAP_HEIGHT - 1 || c === CROWD_MAP_WIDTH - 1;
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

/** The demo grid (shared memory when the page is cross-origin isolated). */
export function createCrowdMap(): Grid {
  return parseAsciiMap(crowdMapAscii());
}

/**
 * Replaces the crowd's units: `count` units, half red packed into the west camp from its left edge, half blue
 * into the east camp from its right edge, on a lattice two units per tile each way (half a tile apart: the
 * tutorial's 15 px, so its 14 px squares start one pixel apart). Positions in tiles, the crowd's unit. Returns the number placed (fewer when the camps are full).
 */
export function spawnArmies(crowd: Crowd, count: number): number {
  clearCrowd(crowd);
  const T = 1;
  const pitch = T / 2;
  const redCount = Math.ceil(count / 2);
  let placed = 0;
  const fill = (group: number, wanted: number, fromCol: number, toCol: number, step: 1 | -1) => {
    let n = 0;
    const lanes = (Math.abs(toCol - fromCol) + 1) * 2;
    for (let k = 0; k < lanes && n < wanted; k++) {
      const x = (fromCol + step * Math.floor(k / 2)) * T + (step > 0 ? k % 2 : 1 - (k % 2)) * pitch + pitch / 2;
      for (let s = 0; s < CROWD_MAP_HEIGHT * 2 && n < wanted; s++) {
        const y = s * pitch + pitch / 2;
        if (!crowdSpotIsFree(crowd, { x, y })) continue;
        addCrowdUnit(crowd, { x, y }, group);
        n++;
      }
    }
    placed += n;
  };
  fill(RED, redCount, 1, 19, 1);
  fill(BLUE, count - redCount, CROWD_MAP_WIDTH - 2, 44, -1);
  return placed;
}
