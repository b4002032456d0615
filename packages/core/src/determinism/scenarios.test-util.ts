/**
 * The determinism scenarios: one run each of the crowd, the RTS world, the followers and the steering behaviours,
 * reduced to state hashes. Written against a core module handed in (the source in Node and in Chromium, the built
 * package in the Node worker test), so that every runtime computes the same thing; the expected hashes are kept
 * in ./determinism-hashes.json, recorded by the Node test (`FM_RECORD_HASHES=1`).
 */

import { wallStudioRts } from '../rts/rts-studio.test-util.js';
import type * as Core from '../testing/package.test-util.js';

/** A point in tiles from the flocking tutorial's pixels (30 per tile): the scene keeps the tutorial's numbers. */
const px = (x: number, y: number) => ({ x: x / 30, y: y / 30 });

export const DT = 1 / 60;

const CROWD_MAP = [
  '##############################',
  '#............................#',
  '#............................#',
  '#.......######...............#',
  '#............#...............#',
  '#............#.......#.......#',
  '#............#.......#.......#',
  '#....................#.......#',
  '#............................#',
  '##############################',
].join('\n');

/** 300 units in two groups crossing each other: red down a smooth flow, blue in straight lines. */
export function crowdScenario(core: typeof Core, shared: boolean): Core.Crowd {
  const grid = core.parseAsciiMap(CROWD_MAP);
  const crowd = core.createCrowd({ grid, capacity: 300, shared, flows: true });
  const random = core.createRandom(11);
  while (core.crowdCount(crowd) < 300) {
    const i = core.crowdCount(crowd);
    const x = (i % 2 === 0 ? 30 : 480) + random() * 390;
    const y = 30 + random() * 240;
    if (core.crowdSpotIsFree(crowd, px(x, y))) core.addCrowdUnit(crowd, px(x, y), i % 2);
  }
  core.commandCrowdGroup(crowd, 0, px(800, 150), { useFlow: true });
  core.commandCrowdGroup(crowd, 1, px(60, 150), { useField: false });
  return crowd;
}

/** Steps of the crowd scenario. */
export const CROWD_STEPS = 240;

/** The crowd scenario stepped on this thread. */
export function crowdHash(core: typeof Core): string {
  const crowd = crowdScenario(core, false);
  for (let s = 0; s < CROWD_STEPS; s++) core.stepCrowd(crowd, DT);
  return core.hashCrowd(crowd);
}

/** The studio's RTS battlefield (48x32: a ridge with a canyon and a pass, blocks), on the given core's Grid. */
export function rtsGrid(core: typeof Core): Core.Grid {
  const grid = core.Grid.open(48, 32, { shared: false });
  wallStudioRts(grid);
  return grid;
}

/** Blue (20) in a wedge and red (16) in a box ordered across the ridge, three idle canyon guards; 40 s. */
export function rtsHash(core: typeof Core): string {
  const world = new core.RtsWorld(rtsGrid(core));
  const blue: Core.RtsUnit[] = [];
  const red: Core.RtsUnit[] = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) blue.push(world.addUnit(3 + c, 17 + r, { speed: 3, priority: 1 }));
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) red.push(world.addUnit(40 + c, 12 + r, { speed: 2.5, team: 1 }));
  for (const x of [22, 23, 24]) world.addUnit(x, 15, { speed: 2.5, team: 2 });
  world.orderGroup(blue, 40, 26, { formation: 'wedge' });
  world.orderGroup(red, 6, 4, { formation: 'box' });
  for (let s = 0; s < 800; s++) world.step();
  return core.hashRtsWorld(world);
}

/** 1000 followers on rooms (a flow of radius 0.3, a field, a corridor field), 200 steps. */
export function followersScenario(core: typeof Core, shared: boolean): Core.Followers {
  const grid = core.generateRooms(96, 96, { seed: 5, shared: false });
  let goal = 96 * 48 + 48;
  while (grid.passable[goal] === 0) goal++;
  const g = { x: goal % 96, y: Math.floor(goal / 96) };
  const field = core.computeField(grid, { goals: [g] });
  const flow = core.computeFlow(grid, field, { radius: 0.3 });
  const starts: number[] = [];
  const random = core.createRandom(5);
  const tiles: number[] = [];
  while (tiles.length < 1000) {
    const i = Math.floor(random() * grid.size);
    if ((field.cost[i] as number) < Number.POSITIVE_INFINITY) tiles.push(i);
  }
  for (let k = 0; k < 40; k++) starts.push((tiles[k] as number) % 96, Math.floor((tiles[k] as number) / 96));
  const corridor = core.buildSectorGraph(grid, { sectorSize: 16 }).corridorField(g, starts);
  const f = core.createFollowers({ grid, capacity: 1000, shared });
  const targets = [
    core.addFollowTarget(f, { flow }),
    core.addFollowTarget(f, { field, radius: 0.2 }),
    core.addFollowTarget(f, { corridor, radius: 0.25 }),
  ];
  tiles.forEach((i, k) => {
    const target = k < 40 ? 2 : k % 2;
    core.addFollower(
      f,
      { x: (i % 96) + 0.25 + random() * 0.5, y: Math.floor(i / 96) + 0.25 + random() * 0.5 },
      { target: targets[target] as number, speed: 1 + random() * 5 },
    );
  });
  return f;
}

export const FOLLOWER_STEPS = 200;

/** The followers scenario, each step split into `parts` ranges run by the worker half on this thread. */
export function followersHash(core: typeof Core, parts = 1): string {
  const f = followersScenario(core, false);
  const n = core.followerCount(f);
  const b = core.followersBuffers(f);
  for (let s = 0; s < FOLLOWER_STEPS; s++) {
    if (parts === 1) core.stepFollowers(f, DT);
    else {
      // The ranges in reverse order: the order must not matter either.
      for (let p = parts - 1; p >= 0; p--)
        core.runFollowersStepRange({
          grid: b.grid,
          followers: b.followers,
          targets: b.targets,
          from: Math.floor((p * n) / parts),
          to: Math.floor(((p + 1) * n) / parts),
          dt: DT,
        });
      core.countFollowerStep(f);
    }
  }
  return core.hashFollowers(f);
}

/** A chaser, an evader, an interceptor and a patterned mover, 600 steps of the continuous steering behaviours. */
export function steeringHash(core: typeof Core): string {
  let prey = core.createMover({ x: 300, y: 200, heading: 45, maxSpeed: 90, maxTurnRate: 120, acceleration: 150 });
  let chaser = core.createMover({ x: 0, y: 0, heading: 90, maxSpeed: 100, maxTurnRate: 90, acceleration: 120 });
  let interceptor = core.createMover({ x: 600, y: 0, heading: 180, maxSpeed: 110, maxTurnRate: 100 });
  let patterned = core.createMover({ x: -200, y: 100, heading: 30, maxSpeed: 80 });
  const pattern = core.parseControlPattern('speed 60\ntravel 80\nturn 135\ntravel 40\nturn -60\nwait 0.5');
  let state = core.createControlPatternState(patterned);
  const hashes: string[] = [];
  for (let s = 0; s < 600; s++) {
    const pv = core.moverVelocity(prey);
    const target = { x: prey.x, y: prey.y, vx: pv.x, vy: pv.y };
    const threat = core.moverVelocity(chaser);
    const nextPrey = core.stepMover(
      prey,
      core.evadeControl(prey, { x: chaser.x, y: chaser.y, vx: threat.x, vy: threat.y }),
      DT,
    );
    chaser = core.stepMover(chaser, core.chaseControl(chaser, target), DT);
    // `exact` named (the default before 0.2 and the hashes pinned then); the book's `closing` is the default now.
    const plan = core.interceptControl(interceptor, target, { method: 'exact' });
    interceptor = core.stepMover(interceptor, plan.control, DT);
    const next = core.stepControlPattern(patterned, pattern, state, DT);
    patterned = next.mover;
    state = next.state;
    prey = nextPrey;
    if (s % 100 === 99)
      hashes.push(
        core.hashState(
          [prey, chaser, interceptor, patterned].flatMap((m) => [m.x, m.y, m.heading, m.speed]).concat([state.index]),
        ),
      );
  }
  return core.hashState(hashes);
}

/** Every scenario's hash, computed on this thread. */
export function scenarioHashes(core: typeof Core): Record<string, string> {
  return {
    crowd: crowdHash(core),
    rts: rtsHash(core),
    followers: followersHash(core),
    steering: steeringHash(core),
  };
}
