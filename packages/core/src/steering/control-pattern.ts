import { OutOfRangeError } from '../errors.js';
import { type Mover, stepMover } from './mover.js';
import { wrapDegrees } from './orientation.js';
import { PatternParseError } from './pattern-error.js';
import { type PatternToken, parseNumberToken, tokenizePatternText } from './pattern-lines.js';

/**
 * Continuous movement patterns (seed 003, "Patterned Movement in a Continuous Environment"): relative control
 * records that the physics ({@link stepMover}) carries out over as many frames as it needs, honouring the
 * mover's turn rate and acceleration. Relative means "turn 90 degrees right", not "face east": the same
 * pattern runs from any position and heading.
 */
export type ControlRecord =
  /** Turn by `degrees` relative to the heading when the record starts (+ right, - left), while moving on. */
  | { kind: 'turn'; degrees: number }
  /** Change speed to `speed` world units per second (clamped to 0..maxSpeed), keeping the heading. */
  | { kind: 'speed'; speed: number }
  /** Travel `distance` world units straight ahead at the current speed. */
  | { kind: 'travel'; distance: number }
  /** Keep heading and speed for `seconds` (set speed 0 first to stand still). */
  | { kind: 'wait'; seconds: number };

/**
 * The execution state the seed describes ("the initial settings and the accumulated changes thus far"):
 * which record runs, what it started from, and how much of it is done. Plain data.
 */
export interface ControlPatternState {
  /** Index of the running record. */
  index: number;
  /** True once the running record captured its initial settings. */
  started: boolean;
  /** Heading the running `turn` record ends at (degrees, within (-180, 180]). */
  goalHeading: number;
  /**
   * Signed degrees the running `turn` record still has to turn (+ right, - left). The turn always goes in the
   * record's direction for the full amount, so `turn 270` turns right three quarters and `turn 360` a full
   * circle (it does not take the short way to `goalHeading`).
   */
  turnRemaining: number;
  /** Distance travelled (`travel`) or seconds waited (`wait`) in the running record so far. */
  progress: number;
  /** The speed the pattern asks for, set by the last `speed` record (initially the mover's speed). */
  commandedSpeed: number;
  /** Completed passes through the whole pattern. */
  loops: number;
  /** True when a non-looping pattern has finished. */
  done: boolean;
}

/** Options of {@link stepControlPattern}. */
export interface ControlPatternOptions {
  /** Start over after the last record (default true). When false the mover keeps its last controls. */
  loop?: boolean;
}

/** Defaults of {@link ControlPatternOptions}. */
export const DEFAULT_CONTROL_PATTERN_OPTIONS: Readonly<Required<ControlPatternOptions>> = Object.freeze({ loop: true });

/** Seconds of a record left over from rounding (frames summing to slightly less): treated as done. */
const TIME_EPSILON = 1e-9;
/** Heading tolerance (degrees) under which a turn counts as finished. */
const HEADING_EPSILON = 1e-9;
/** Largest heading change handed to {@link stepMover} at once (degrees): it turns the short way, below 180. */
const TURN_PIECE = 90;

/** A fresh state for running a pattern on `mover`. */
export function createControlPatternState(mover: Readonly<Mover>): ControlPatternState {
  return {
    index: 0,
    started: false,
    goalHeading: mover.heading,
    turnRemaining: 0,
    progress: 0,
    commandedSpeed: mover.speed,
    loops: 0,
    done: false,
  };
}

/** Throws OutOfRangeError naming `pattern[i]` when a record's value is out of range. */
export function validateControlPattern(pattern: readonly ControlRecord[]): void {
  pattern.forEach((r, i) => {
    const what = `pattern[${i}]`;
    switch (r.kind) {
      case 'turn':
        if (!Number.isFinite(r.degrees)) throw new OutOfRangeError(`${what}.degrees`, r.degrees, 'a finite number');
        break;
      case 'speed':
        if (!(r.speed >= 0 && Number.isFinite(r.speed)))
          throw new OutOfRangeError(`${what}.speed`, r.speed, 'a finite number >= 0');
        break;
      case 'travel':
        if (!(r.distance >= 0 && Number.isFinite(r.distance)))
          throw new OutOfRangeError(`${what}.distance`, r.distance, 'a finite number >= 0');
        break;
      case 'wait':
        if (!(r.seconds >= 0 && Number.isFinite(r.seconds)))
          throw new OutOfRangeError(`${what}.seconds`, r.seconds, 'a finite number >= 0');
        break;
      default:
        throw new OutOfRangeError(`${what}.kind`, (r as { kind: unknown }).kind, "'turn', 'speed', 'travel' or 'wait'");
    }
  });
}

/**
 * Advances `mover` by `dt` seconds through the pattern. Records finish mid-frame and the rest of the frame
 * goes to the next record, so results do not depend on the frame rate beyond floating point. Pure: returns
 * the new mover and state. Throws OutOfRangeError naming the record when it can never finish (a turn with
 * maxTurnRate 0, a speed change with acceleration 0, travelling at commanded speed 0).
 */
export function stepControlPattern(
  mover: Readonly<Mover>,
  pattern: readonly ControlRecord[],
  state: Readonly<ControlPatternState>,
  dt: number,
  options: ControlPatternOptions = {},
): { mover: Mover; state: ControlPatternState } {
  if (!(dt >= 0 && dt < Number.POSITIVE_INFINITY)) throw new OutOfRangeError('dt', dt, 'a finite number >= 0');
  const loop = options.loop ?? DEFAULT_CONTROL_PATTERN_OPTIONS.loop;
  let m: Mover = { ...mover };
  const s: ControlPatternState = { ...state };
  let remaining = dt;
  // Records that finish without using time (a turn by 0, a speed already reached): at most one pass of them
  // per call, so a pattern made only of such records cannot spin forever.
  let instant = 0;
  while (!s.done && pattern.length > 0 && instant <= pattern.length) {
    const r = pattern[s.index] as ControlRecord;
    if (!s.started) {
      s.started = true;
      s.progress = 0;
      if (r.kind === 'turn') {
        s.goalHeading = wrapDegrees(m.heading + r.degrees);
        s.turnRemaining = r.degrees;
      }
      if (r.kind === 'speed') s.commandedSpeed = Math.min(Math.max(r.speed, 0), m.maxSpeed);
    }
    let need = 0; // seconds this record still needs
    switch (r.kind) {
      case 'turn': {
        const left = Math.abs(s.turnRemaining);
        if (left > HEADING_EPSILON) need = m.maxTurnRate > 0 ? left / m.maxTurnRate : Number.POSITIVE_INFINITY;
        break;
      }
      case 'speed': {
        const dv = Math.abs(s.commandedSpeed - m.speed);
        if (dv > 0) need = m.acceleration > 0 ? dv / m.acceleration : Number.POSITIVE_INFINITY;
        break;
      }
      case 'travel': {
        const left = r.distance - s.progress;
        if (left > 0) need = m.speed > 0 ? left / m.speed : Number.POSITIVE_INFINITY;
        break;
      }
      case 'wait':
        need = Math.max(0, r.seconds - s.progress);
        break;
    }
    if (need === Number.POSITIVE_INFINITY)
      throw new OutOfRangeError(`pattern[${s.index}]`, r.kind, 'a record the mover can finish (check its limits)');
    if (need > 0) {
      if (remaining <= 0) break;
      const h = Math.min(remaining, need);
      const speed = s.commandedSpeed;
      const before = m.speed;
      if (r.kind === 'turn') {
        // Turn in the record's direction in pieces below 180 degrees (stepMover turns the short way).
        const sign = s.turnRemaining < 0 ? -1 : 1;
        let t = h;
        while (t > 0) {
          const piece = Math.min(t, TURN_PIECE / m.maxTurnRate);
          const amount = Math.min(Math.abs(s.turnRemaining), m.maxTurnRate * piece);
          m = stepMover(m, { heading: m.heading + sign * amount, speed }, piece, m);
          s.turnRemaining -= sign * amount;
          if (sign * s.turnRemaining < 0) s.turnRemaining = 0;
          t -= piece;
        }
      } else m = stepMover(m, { heading: m.heading, speed }, h, m);
      if (r.kind === 'travel') s.progress += 0.5 * (before + m.speed) * h;
      if (r.kind === 'wait') s.progress += h;
      remaining -= h;
      // The frame is used up inside this record (a shortfall below TIME_EPSILON is rounding: finish it).
      if (need - h > TIME_EPSILON) break;
      // Finished exactly: snap away rounding.
      if (r.kind === 'turn') {
        m.heading = s.goalHeading;
        s.turnRemaining = 0;
      }
      if (r.kind === 'speed') m.speed = s.commandedSpeed;
      instant = 0;
    } else {
      instant++;
    }
    // Next record.
    s.started = false;
    s.index++;
    if (s.index >= pattern.length) {
      s.loops++;
      if (loop) s.index = 0;
      else {
        s.index = pattern.length - 1;
        s.done = true;
      }
    }
  }
  if (remaining > 0 && (s.done || pattern.length === 0))
    m = stepMover(m, { heading: m.heading, speed: s.commandedSpeed }, remaining, m);
  return { mover: m, state: s };
}

/**
 * Parses a control pattern text: one record per line, `turn <degrees>`, `speed <units per second>`,
 * `travel <units>` or `wait <seconds>`; `#` comments and blank lines allowed. Throws {@link PatternParseError}
 * with the line and column of the first problem.
 */
export function parseControlPattern(text: string): ControlRecord[] {
  const out: ControlRecord[] = [];
  for (const { line, tokens } of tokenizePatternText(text)) {
    const head = tokens[0] as PatternToken;
    const kind = head.text.toLowerCase();
    if (kind !== 'turn' && kind !== 'speed' && kind !== 'travel' && kind !== 'wait')
      throw new PatternParseError(
        `unknown record ${JSON.stringify(head.text)}; expected turn, speed, travel or wait`,
        line,
        head.column,
      );
    if (tokens.length !== 2)
      throw new PatternParseError(`"${kind}" takes one number`, line, (tokens[2] ?? head).column);
    const value = parseNumberToken(tokens[1] as PatternToken, line, kind);
    if (kind !== 'turn' && value < 0)
      throw new PatternParseError(
        `${kind} must not be negative, got ${value}`,
        line,
        (tokens[1] as PatternToken).column,
      );
    if (kind === 'turn') out.push({ kind, degrees: value });
    else if (kind === 'speed') out.push({ kind, speed: value });
    else if (kind === 'travel') out.push({ kind, distance: value });
    else out.push({ kind, seconds: value });
  }
  if (out.length === 0) throw new PatternParseError('the pattern has no records', 1, 1);
  return out;
}
