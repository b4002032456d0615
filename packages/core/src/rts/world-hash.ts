import { type HashValue, hashState } from '../determinism/state-hash.js';
import { InvalidOptionError } from '../errors.js';
import { RtsGroup } from './group.js';
import type { RtsUnit } from './unit.js';
import { RtsWorld } from './world.js';

/** A unit's state, in a fixed order. */
function unitValues(u: RtsUnit, out: HashValue[]): void {
  out.push(
    u.id,
    u.x,
    u.y,
    u.prevX,
    u.prevY,
    u.tailX,
    u.tailY,
    u.headingX,
    u.headingY,
    u.queueHead,
    u.queueLength,
    u.queue,
    u.state,
    u.destX,
    u.destY,
    u.route,
    u.routeIndex,
    u.patrol,
    u.patrolIndex,
    u.avoidX,
    u.avoidY,
    u.avoidTimer,
    u.dodging,
    u.holding,
    u.pushMoves,
    u.pushTimer,
    u.returnStack,
    u.returnDelay,
    u.homeX,
    u.homeY,
    u.collision,
    u.collisionWith,
    u.collisionSolver,
    u.collisionAction,
    u.waitSteps,
    u.bestDistance,
    u.noProgress,
    u.repairCooldown,
    u.speedMultiplier,
    u.arrivedStep,
    u.failed,
    u.failReason,
    u.slotX,
    u.slotY,
    u.group === null ? -1 : 1,
  );
}

/**
 * The hash of an RTS world's state (`hashState`): its step count, every unit (positions, prediction queue, state
 * machine, route, collision and push state, timers, slot) and every active group (phase, goal, facing, slots,
 * plan, members), in the order of `world.units` and `world.groups`. Worlds stepped alike from the same orders have
 * the same hash on every engine; see the README's "Determinism".
 * @throws InvalidOptionError when `world` is not an RtsWorld.
 */
export function hashRtsWorld(world: RtsWorld): string {
  if (!(world instanceof RtsWorld)) throw new InvalidOptionError('world', world, 'an RtsWorld');
  const values: HashValue[] = ['rts', world.stepCount, world.alpha, world.units.length];
  for (const u of world.units) unitValues(u, values);
  values.push(world.groups.length);
  for (const g of world.groups) {
    if (!(g instanceof RtsGroup)) continue;
    values.push(
      g.phase,
      g.speed,
      g.commander.id,
      g.goalX,
      g.goalY,
      g.angle,
      g.endAngle,
      g.turnTarget,
      g.slots,
      g.slotOf,
      g.plan,
      g.units.map((u) => u.id),
    );
  }
  return hashState(values);
}
