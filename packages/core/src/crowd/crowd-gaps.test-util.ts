/**
 * The studio's crowd scene for the tests and the bench: a 64x40 level with a wall of two gaps (doors at rows 6-10
 * and 28-32 of column 20), a wall of one gap (rows 17-22 of column 43) and three blocks; two armies packed into
 * the camps (two units per tile each way) and sent head-on across each other.
 */
import { parseAsciiMap } from '../grid/parse.js';
import { createRandom } from '../util/random.js';
import { PX } from './crowd.test-util.js';
import { addCrowdUnit, type Crowd, crowdSpotIsFree } from './crowd-state.js';

export const GAPS_WIDTH = 64;
export const GAPS_HEIGHT = 40;

/** The level as ASCII (the studio's `crowdMapAscii`). */
export function gapsAscii(): string {
  const rows: string[] = [];
  for (let r = 0; r < GAPS_HEIGHT; r++) {
    let row = '';
    for (let c = 0; c < GAPS_WIDTH; c++) {
      const border = r === 0 || c === 0 || r === GAPS_HEIGHT - 1 || c === GAPS_WIDTH - 1;
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

export const gapsGrid = () => parseAsciiMap(gapsAscii());

/**
 * Fills the camps as the studio does (half the units red, group 0, from the west edge; half blue, group 1, from
 * the east edge, 15 px apart); with a seed above 1, each unit is moved by up to half a pixel (a family of
 * nearby starts for distributions).
 */
export function spawnGapsArmies(crowd: Crowd, count: number, seed = 1): void {
  // In tiles: lanes half a tile apart (the tutorial's 15 px), jitter up to half a tutorial pixel.
  const T = 1;
  const pitch = T / 2;
  const random = createRandom(seed);
  const jitter = () => (seed > 1 ? (random() - 0.5) / PX : 0);
  const fill = (group: number, wanted: number, fromCol: number, toCol: number, step: 1 | -1) => {
    let n = 0;
    const lanes = (Math.abs(toCol - fromCol) + 1) * 2;
    for (let k = 0; k < lanes && n < wanted; k++) {
      const x = (fromCol + step * Math.floor(k / 2)) * T + (step > 0 ? k % 2 : 1 - (k % 2)) * pitch + pitch / 2;
      for (let s = 0; s < GAPS_HEIGHT * 2 && n < wanted; s++) {
        const y = s * pitch + pitch / 2;
        if (!crowdSpotIsFree(crowd, { x, y })) continue;
        const jittered = { x: x + jitter(), y: y + jitter() };
        addCrowdUnit(crowd, crowdSpotIsFree(crowd, jittered) ? jittered : { x, y }, group);
        n++;
      }
    }
  };
  const red = Math.ceil(count / 2);
  fill(0, red, 1, 19, 1);
  fill(1, count - red, GAPS_WIDTH - 2, 44, -1);
}
