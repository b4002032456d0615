import { computeField, computeFlow, createRandom, type Grid } from '@fieldmarshal/core';
import {
  addFollower,
  addFollowTarget,
  createFollowers,
  FOLLOWER_ARRIVED,
  FOLLOWER_MOVING,
  type Followers,
  followerCount,
  setFollowerTarget,
} from '@fieldmarshal/core/flow';
import { generateRooms } from '@fieldmarshal/core/grid';

/** Tiles across and down the followers' map. */
export const FOLLOWERS_MAP_WIDTH = 160;
export const FOLLOWERS_MAP_HEIGHT = 100;
/** Followers in the scene. */
export const FOLLOWERS_COUNT = 10_000;
/** Radius of the followers' bodies, tiles (the flow's radius). */
export const FOLLOWER_RADIUS = 0.25;

/** What the followers follow: the goal's smooth flow, or its field's eight arrows. */
export type FollowMode = 'flow' | 'field';

/** The scene: a rooms map, 10k followers, the goal they head for. No DOM: tested and stepped as is. */
export interface FollowersScene {
  grid: Grid;
  followers: Followers;
  goal: { x: number; y: number };
  /** Reachable tiles (the followers start on them). */
  reachable: Int32Array;
}

/** The walkable tile nearest to (x, y) along its row, wrapping (the map always has one). */
function walkableNear(grid: Grid, x: number, y: number): { x: number; y: number } {
  const start = Math.floor(y) * grid.width + Math.floor(x);
  for (let k = 0; k < grid.size; k++) {
    const i = (start + k) % grid.size;
    if (grid.passable[i] !== 0) return { x: i % grid.width, y: Math.floor(i / grid.width) };
  }
  throw new Error('the map has no walkable tile');
}

/**
 * Points every follower at a new goal: the goal's field and (for `flow`) its flow of radius 0.25 become a new
 * target, and all followers walk it from where they stand. Returns the goal used (the walkable tile nearest to
 * the one asked for).
 */
export function sendFollowers(scene: FollowersScene, x: number, y: number, mode: FollowMode): { x: number; y: number } {
  const goal = walkableNear(scene.grid, x, y);
  const field = computeField(scene.grid, { goals: [goal] });
  const target =
    mode === 'flow'
      ? addFollowTarget(scene.followers, { flow: computeFlow(scene.grid, field, { radius: FOLLOWER_RADIUS }) })
      : addFollowTarget(scene.followers, { field, radius: FOLLOWER_RADIUS });
  const n = followerCount(scene.followers);
  for (let i = 0; i < n; i++) setFollowerTarget(scene.followers, i, target);
  scene.goal = goal;
  return goal;
}

/** A new scene: `count` followers scattered over the reachable tiles, walking to the map's middle. */
export function createFollowersScene(count = FOLLOWERS_COUNT, mode: FollowMode = 'flow', seed = 1): FollowersScene {
  const grid = generateRooms(FOLLOWERS_MAP_WIDTH, FOLLOWERS_MAP_HEIGHT, { seed: 4 });
  const goal = walkableNear(grid, FOLLOWERS_MAP_WIDTH / 2, FOLLOWERS_MAP_HEIGHT / 2);
  const field = computeField(grid, { goals: [goal] });
  const reachableList: number[] = [];
  for (let i = 0; i < grid.size; i++) if ((field.cost[i] as number) < Number.POSITIVE_INFINITY) reachableList.push(i);
  const followers = createFollowers({ grid, capacity: count });
  const scene: FollowersScene = { grid, followers, goal, reachable: Int32Array.from(reachableList) };
  const first =
    mode === 'flow'
      ? addFollowTarget(followers, { flow: computeFlow(grid, field, { radius: FOLLOWER_RADIUS }) })
      : addFollowTarget(followers, { field, radius: FOLLOWER_RADIUS });
  const random = createRandom(seed);
  const w = grid.width;
  while (followerCount(followers) < count) {
    const i = scene.reachable[Math.floor(random() * scene.reachable.length)] as number;
    // Inside the tile, a body's half-side from its edges: a body that fits.
    const x = (i % w) + FOLLOWER_RADIUS + random() * (1 - 2 * FOLLOWER_RADIUS);
    const y = Math.floor(i / w) + FOLLOWER_RADIUS + random() * (1 - 2 * FOLLOWER_RADIUS);
    addFollower(followers, { x, y }, { target: first, speed: 2 + random() * 4 });
  }
  return scene;
}

/** Followers moving and arrived. */
export function followerTally(f: Followers): { moving: number; arrived: number; stuck: number } {
  const n = followerCount(f);
  let moving = 0;
  let arrived = 0;
  for (let i = 0; i < n; i++) {
    const s = f.state[i];
    if (s === FOLLOWER_MOVING) moving++;
    else if (s === FOLLOWER_ARRIVED) arrived++;
  }
  return { moving, arrived, stuck: n - moving - arrived };
}
