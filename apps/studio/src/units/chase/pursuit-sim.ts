import {
  type ControlPatternState,
  type ControlRecord,
  chaseControl,
  createControlPatternState,
  createMover,
  evadeControl,
  type InterceptPlan,
  interceptControl,
  type Mover,
  type MoverControl,
  moverVelocity,
  stepControlPattern,
  stepMover,
} from '@fieldmarshal/core/steering';

/** What the red plane does: the seed's line-of-sight chase, interception, or evasion. */
export type PursuitMode = 'chase' | 'intercept' | 'evade';
/** How the yellow plane flies: its control pattern, or towards the mouse pointer. */
export type TargetMode = 'pattern' | 'mouse';

export const WORLD_W = 880;
export const WORLD_H = 420;
/** Distance (pixels) at which the two planes touch. */
export const HIT_RADIUS = 14;
const TRAIL = 600;
const SUBSTEP = 1 / 120;

/** The yellow plane's default flight: a closed triangle, so it stays in view. */
export const DEFAULT_FLIGHT = `# The yellow plane flies this pattern: relative control records that the
# physics carries out over as many frames as they need (turn rate 90 deg/s).
#   turn <degrees, + is right>   speed <units/s>   travel <units>   wait <seconds>
speed 90
travel 260
turn -120
travel 260
turn -120
travel 260
turn -120
wait 1
`;

export const TARGET_START = { x: 260, y: 360, heading: 90 };

export interface PursuitSettings {
  mode: PursuitMode;
  method: 'exact' | 'closing';
  /** Arrival braking and turning-circle limit on (the seed's speed control near the target). */
  speedControl: boolean;
  targetMode: TargetMode;
  flight: readonly ControlRecord[];
  chaserSpeed: number;
  chaserTurnRate: number;
  targetSpeed: number;
}

export interface PursuitWorld {
  chaser: Mover;
  target: Mover;
  flightState: ControlPatternState;
  chaserTrail: number[];
  targetTrail: number[];
  /** Catches (chase, intercept) or tags of the evader. */
  hits: number;
  time: number;
  /** The last interception plan (drawn: predicted point, fallback to chase). */
  plan: InterceptPlan | null;
  /** Where the mouse is over the canvas (world pixels), or null. */
  mouse: { x: number; y: number } | null;
  /** The last flight pattern error while running (a record the physics cannot finish). */
  flightError: string | null;
}

function newChaser(s: PursuitSettings, x: number, y: number, heading: number): Mover {
  return createMover({
    x,
    y,
    heading,
    speed: 0,
    maxSpeed: s.chaserSpeed,
    maxTurnRate: s.chaserTurnRate,
    acceleration: 160,
  });
}

function newTarget(s: PursuitSettings): Mover {
  return createMover({ ...TARGET_START, speed: 90, maxSpeed: s.targetSpeed, maxTurnRate: 90, acceleration: 120 });
}

export function createPursuitWorld(s: PursuitSettings): PursuitWorld {
  const target = newTarget(s);
  return {
    chaser: newChaser(s, WORLD_W - 80, 70, -90),
    target,
    flightState: createControlPatternState(target),
    chaserTrail: [],
    targetTrail: [],
    hits: 0,
    time: 0,
    plan: null,
    mouse: null,
    flightError: null,
  };
}

/** Puts the chaser in the corner farthest from the target, standing. */
function respawn(w: PursuitWorld, s: PursuitSettings): void {
  const corners = [
    [40, 40],
    [WORLD_W - 40, 40],
    [40, WORLD_H - 40],
    [WORLD_W - 40, WORLD_H - 40],
  ] as const;
  let best: readonly [number, number] = corners[0];
  let bestD = -1;
  for (const c of corners) {
    const d = Math.hypot(c[0] - w.target.x, c[1] - w.target.y);
    if (d > bestD) {
      bestD = d;
      best = c;
    }
  }
  const heading = (Math.atan2(w.target.x - best[0], -(w.target.y - best[1])) * 180) / Math.PI;
  w.chaser = newChaser(s, best[0], best[1], heading);
  w.chaserTrail.length = 0;
}

const BOUNDS = { minX: 0, minY: 0, maxX: WORLD_W, maxY: WORLD_H };

function chaserControl(w: PursuitWorld, s: PursuitSettings): MoverControl {
  const v = moverVelocity(w.target);
  const target = { x: w.target.x, y: w.target.y, vx: v.x, vy: v.y };
  const speedOptions = s.speedControl ? {} : { arrive: false, turnLimit: false };
  if (s.mode === 'evade') {
    w.plan = null;
    return evadeControl(w.chaser, target, { bounds: BOUNDS, margin: 80 });
  }
  if (s.mode === 'intercept') {
    w.plan = interceptControl(w.chaser, target, { ...speedOptions, method: s.method });
    return w.plan.control;
  }
  w.plan = null;
  return chaseControl(w.chaser, target, speedOptions);
}

function targetControl(w: PursuitWorld): MoverControl {
  const m = w.mouse;
  if (!m) return { heading: w.target.heading, speed: 0 };
  return chaseControl(w.target, m, { stopDistance: 4 });
}

/** Advances the scene by `dt` seconds in small fixed physics steps. */
export function stepPursuit(w: PursuitWorld, s: PursuitSettings, dt: number): void {
  w.chaser.maxSpeed = s.chaserSpeed;
  w.chaser.maxTurnRate = s.chaserTurnRate;
  w.target.maxSpeed = s.targetSpeed;
  let left = dt;
  while (left > 1e-9) {
    const h = Math.min(SUBSTEP, left);
    left -= h;
    w.time += h;
    if (s.targetMode === 'pattern' && s.flight.length > 0) {
      try {
        const r = stepControlPattern(w.target, s.flight, w.flightState, h);
        w.target = r.mover;
        w.flightState = r.state;
        w.flightError = null;
      } catch (e) {
        w.flightError = e instanceof Error ? e.message : String(e);
        w.target = stepMover(w.target, { heading: w.target.heading, speed: w.target.speed }, h);
      }
    } else {
      w.target = stepMover(w.target, targetControl(w), h);
    }
    // A pattern that wanders off screen is brought back to the middle (the pattern itself is relative).
    if (w.target.x < -40 || w.target.y < -40 || w.target.x > WORLD_W + 40 || w.target.y > WORLD_H + 40) {
      w.target = { ...w.target, x: WORLD_W / 2, y: WORLD_H / 2 };
      w.targetTrail.length = 0;
    }
    const c = chaserControl(w, s);
    w.chaser = stepMover(w.chaser, c, h);
    if (Math.hypot(w.chaser.x - w.target.x, w.chaser.y - w.target.y) < HIT_RADIUS) {
      w.hits++;
      respawn(w, s);
    }
  }
  pushTrail(w.chaserTrail, w.chaser);
  pushTrail(w.targetTrail, w.target);
}

function pushTrail(trail: number[], m: Mover): void {
  trail.push(m.x, m.y);
  if (trail.length > 2 * TRAIL) trail.splice(0, trail.length - 2 * TRAIL);
}

/** Restarts the target's flight from its start (after the pattern text changed). */
export function restartFlight(w: PursuitWorld, s: PursuitSettings): void {
  w.target = newTarget(s);
  w.flightState = createControlPatternState(w.target);
  w.targetTrail.length = 0;
  w.flightError = null;
}
