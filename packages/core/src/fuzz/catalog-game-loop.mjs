// Fuzz entries: units in a game loop (followers, state hashes, safe field sampling).

const call = (fn, ...args) => ({ fn, args });

/** Followers on an open 8x8 grid following a field to (7, 7), two of them. */
function followers(lib, h, shared = false) {
  const grid = h.open(8, 8, shared);
  const f = lib.createFollowers({ grid, capacity: 4, shared });
  const field = lib.computeField(grid, { goals: [{ x: 7, y: 7 }] });
  const t = lib.addFollowTarget(f, { field, radius: 0.2 });
  lib.addFollower(f, { x: 1.5, y: 1.5 }, { target: t, speed: 2 });
  lib.addFollower(f, { x: 2.5, y: 4.5 }, { target: t, speed: 3 });
  return { grid, f, field, t };
}

/** @type {import('./catalog.mjs').Entry[]} */
export const GAME_LOOP = [
  { name: 'createFollowers', make: (lib, h) => call(lib.createFollowers, { grid: h.open(8, 8), capacity: 4 }) },
  {
    name: 'addFollowTarget',
    make: (lib, h) => {
      const { f, field } = followers(lib, h);
      return call(lib.addFollowTarget, f, { field, radius: 0.3 });
    },
  },
  {
    name: 'addFollower',
    make: (lib, h) => {
      const { f, t } = followers(lib, h);
      return call(lib.addFollower, f, { x: 3.5, y: 3.5 }, { target: t, speed: 1 });
    },
  },
  {
    name: 'setFollowerTarget',
    make: (lib, h) => {
      const { f, t } = followers(lib, h);
      return call(lib.setFollowerTarget, f, 1, t);
    },
  },
  { name: 'stepFollowers', make: (lib, h) => call(lib.stepFollowers, followers(lib, h).f, 1 / 60) },
  { name: 'stepFollowersRange', make: (lib, h) => call(lib.stepFollowersRange, followers(lib, h).f, 0, 2, 1 / 60) },
  { name: 'countFollowerStep', make: (lib, h) => call(lib.countFollowerStep, followers(lib, h).f) },
  { name: 'followerCount', make: (lib, h) => call(lib.followerCount, followers(lib, h).f) },
  { name: 'followerSteps', make: (lib, h) => call(lib.followerSteps, followers(lib, h).f) },
  { name: 'followersBuffers', make: (lib, h) => call(lib.followersBuffers, followers(lib, h).f) },
  {
    name: 'followersFromBuffers',
    make: (lib, h) => call(lib.followersFromBuffers, lib.followersBuffers(followers(lib, h).f)),
  },
  {
    name: 'runFollowersStepRange',
    make: (lib, h) => {
      const b = lib.followersBuffers(followers(lib, h, true).f);
      return call(lib.runFollowersStepRange, { ...b, from: 0, to: 2, dt: 1 / 60 });
    },
  },
  {
    name: 'stepFollowersParallel',
    make: async (lib, h) => {
      const service = await h.service();
      // Followers on shared memory only where the service shares it (as stepCrowdParallel's crowd).
      return call(lib.stepFollowersParallel, service, followers(lib, h, service.mode === 'shared').f, 1 / 60, {
        parts: 2,
      });
    },
    service: true,
  },
  { name: 'hashFollowers', make: (lib, h) => call(lib.hashFollowers, followers(lib, h).f) },
  { name: 'hashCrowd', make: (lib, h) => call(lib.hashCrowd, h.crowd()) },
  { name: 'hashRtsWorld', make: (lib, h) => call(lib.hashRtsWorld, h.world()) },
  { name: 'hashState', make: (lib) => call(lib.hashState, [1, 'a', true, null, new Float32Array(2)]) },
];
