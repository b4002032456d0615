import type { generateMap } from '@fieldmarshal/core';
import type { RtsFormationKind, RtsGroup, RtsUnit, RtsWorld } from '@fieldmarshal/core/rts';

/**
 * The parts of @fieldmarshal/core the RTS scenario uses. A parameter, so that a script can time two builds of
 * the core side by side on the same scenario (the scenario and its orders are the same for both).
 */
export interface RtsBenchCore {
  generateMap: typeof generateMap;
  RtsWorld: typeof RtsWorld;
}

/** Units per group of the scenario. */
const GROUP_SIZE = 20;
/** Formation of group g is FORMATIONS[g % length]; null is a plain group. */
const FORMATIONS: readonly (RtsFormationKind | null)[] = [null, 'box', null, 'wedge'];
/** Seconds of one update: one fixed step of the world's default 1/20 s. */
export const RTS_UPDATE_SECONDS = 1 / 20;

/** A running scenario: `tick` re-orders the groups that arrived and updates the world by one frame. */
export interface RtsScenario {
  world: RtsWorld;
  groups: number;
  tick(): void;
  /** FNV-1a hash of every unit's position and state, to check that two builds simulate the same thing. */
  hash(): string;
}

/**
 * The RTS world of the `rts` suite: `units` units on a random map with 10% walls (about 1 unit per 20 tiles),
 * four fifths of them in groups of 20 (plain groups, box and wedge formations) and the rest idle, standing in
 * the way to be pushed. Every group is ordered to a random tile and, once it has arrived (or failed), to the next
 * one; the random numbers come from a fixed seed, so a scenario is the same on every run and every build.
 */
export function createRtsScenario(core: RtsBenchCore, units: number): RtsScenario {
  const side = Math.ceil(Math.sqrt(units * 20));
  const grid = core.generateMap('random', side, side, { density: 0.1, seed: 7 });
  const world = new core.RtsWorld(grid);
  let seed = 12345;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  const walkableTile = () => {
    for (;;) {
      const x = random(side);
      const y = random(side);
      if (grid.passable[y * side + x] !== 0) return { x, y };
    }
  };
  const place = (x: number, y: number): RtsUnit | null => {
    if (x < 0 || y < 0 || x >= side || y >= side || grid.passable[y * side + x] === 0) return null;
    try {
      return world.addUnit(x, y, { speed: 2 + random(3), priority: random(2) });
    } catch {
      return null; // another unit stands there
    }
  };
  const grouped = Math.floor((units * 4) / 5 / GROUP_SIZE);
  const members: RtsUnit[][] = [];
  for (let g = 0; g < grouped; g++) {
    // A block of 5 x 4 tiles around a random tile; tiles on walls or taken are tried further along the row.
    const at = walkableTile();
    const list: RtsUnit[] = [];
    for (let k = 0; list.length < GROUP_SIZE && k < GROUP_SIZE * 4; k++) {
      const u = place(at.x + (k % 5), at.y + Math.floor(k / 5));
      if (u) list.push(u);
    }
    members.push(list);
  }
  while (world.units.length < units) place(random(side), random(side));
  const groups: (RtsGroup | null)[] = members.map(() => null);
  const order = (g: number) => {
    const to = walkableTile();
    const list = members[g] as RtsUnit[];
    if (list.length > 0)
      groups[g] = world.orderGroup(list, to.x, to.y, { formation: FORMATIONS[g % FORMATIONS.length] ?? null });
  };
  for (let g = 0; g < members.length; g++) order(g);
  return {
    world,
    groups: members.length,
    tick() {
      for (let g = 0; g < groups.length; g++) {
        const phase = groups[g]?.phase;
        if (phase === 'arrived' || phase === 'failed') order(g);
      }
      world.update(RTS_UPDATE_SECONDS);
    },
    hash() {
      let h = 0x811c9dc5;
      const mix = (v: number) => {
        h = Math.imul(h ^ (v | 0), 16777619) >>> 0;
        h = Math.imul(h ^ ((v * 1e6) | 0), 16777619) >>> 0;
      };
      for (const u of world.units) {
        mix(u.x);
        mix(u.y);
        mix(u.tailX);
        mix(u.tailY);
        mix(u.waitSteps);
        mix(u.routeIndex);
      }
      mix(world.stepCount);
      return h.toString(16).padStart(8, '0');
    },
  };
}

/**
 * Times `updates` consecutive frames of one scenario (re-orders and `world.update`) after `warmup` untimed ones.
 * Returns the per-frame times in milliseconds; with `cpuMs` (a CPU clock) each frame's CPU time goes into `cpu`.
 */
export function timeRtsScenario(
  scenario: RtsScenario,
  warmup: number,
  updates: number,
  options: { onTick?: (done: number) => void; cpuMs?: () => number; cpu?: number[] } = {},
): number[] {
  for (let i = 0; i < warmup; i++) scenario.tick();
  const samples: number[] = [];
  const { cpuMs, cpu } = options;
  for (let i = 0; i < updates; i++) {
    const c0 = cpuMs?.() ?? 0;
    const t0 = performance.now();
    scenario.tick();
    samples.push(performance.now() - t0);
    if (cpuMs && cpu) cpu.push(cpuMs() - c0);
    options.onTick?.(i + 1);
  }
  return samples;
}
