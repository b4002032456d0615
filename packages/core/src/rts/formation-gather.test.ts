/**
 * Gathering at the start of a formation order (studio battlefield, ./rts-studio.test-util.ts): the commander waits
 * (at most a second) for the members to come within a tile of their slots, except when the formation files at once
 * (a slot inside a wall) or a pass narrower than the formation lies within a file's length ahead: a file forms by
 * the members falling in behind the commander as it walks, and the shape they would gather into is given up within
 * the first steps of the march.
 */
import { describe, expect, it } from 'vitest';
import type { RtsGroup } from './group.js';
import { studioAloneSeconds, studioRtsScene } from './rts-studio.test-util.js';

const STEPS_PER_SECOND = 20;

/** Orders the blue army to (tx, ty): how far the commander walked while forming, and when the order arrived. */
function order(
  formation: 'box' | 'wedge' | 'column',
  tx: number,
  ty: number,
): { g: RtsGroup; walked: number; seconds: number } {
  const s = studioRtsScene();
  const g = s.world.orderGroup(s.blue, tx, ty, { formation });
  const x0 = g.commander.tailX;
  const y0 = g.commander.tailY;
  let walked = 0;
  let step = 0;
  while (g.phase !== 'arrived' && g.phase !== 'failed' && step < 120 * STEPS_PER_SECOND) {
    s.world.step();
    step++;
    if (g.phase === 'forming') walked = Math.hypot(g.commander.tailX - x0, g.commander.tailY - y0);
  }
  return { g, walked, seconds: step / STEPS_PER_SECOND };
}

function expectAllPlaced(g: RtsGroup): void {
  expect(g.phase).toBe('arrived');
  expect(g.units.filter((u) => u.failed).map((u) => u.failReason)).toEqual([]);
  for (const u of g.units) expect(Math.hypot(u.tailX - u.slotX, u.tailY - u.slotY)).toBeLessThanOrEqual(0.05);
}

describe('gathering before the march', () => {
  it('a wedge that files at once (a slot in the west wall) does not wait: its commander leads off', () => {
    // Waiting a second for members to gather into places in file (on a trail not yet walked) only delayed the
    // order: the commander stood 1.1 s, and the wedge to (39, 1) arrived in 18.45 s (now 17.45 s; one unit alone
    // takes 15.9 s).
    const { g, walked, seconds } = order('wedge', 39, 1);
    expect(walked).toBeGreaterThan(1.5);
    expectAllPlaced(g);
    expect(seconds).toBe(17.45);
    expect(seconds / studioAloneSeconds(39, 1)).toBeLessThan(1.15);
  });

  it('a box with the one-tile canyon within a file’s length ahead does not wait', () => {
    // The box files a few tiles on, at the canyon: its shape is given up there. The commander used to stand 1.1 s
    // for the members to gather into it.
    const { g, walked } = order('box', 37, 27);
    expect(walked).toBeGreaterThan(1.5);
    expectAllPlaced(g);
  });

  it('a box with room to march in shape still gathers first', () => {
    // Towards the three-tile pass: no pass narrower than the box within a file's length (its file there is three
    // abreast), and no slot inside a wall: the commander waits for the members to come into their slots.
    const { g, walked } = order('box', 39, 1);
    expect(walked).toBeLessThan(0.5);
    expectAllPlaced(g);
  });

  it('a column to the canyon’s mouth comes in with every member in its place', () => {
    // The column files at once and its commander leads off. A guard pushed out of the canyon ahead of it used to be
    // pushed, again and again, towards the tile at the canyon's mouth behind the member taking the place next to
    // the commander (standing on the goal): its way there ran into the commander, which it may not push, so it
    // stood on the member's place until each push ran out (2 s), recording its spot anew each time (collision-
    // solve.ts, tryPush), and the member failed (formation-timeout). Now a push tile whose first step runs into a
    // unit the pushed one may not push is not chosen.
    expectAllPlaced(order('column', 30, 15).g);
  });
});
