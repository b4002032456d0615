import { InvalidOptionError, OutOfRangeError, PatternParseError } from '../errors.js';
import { checkFinite, checkInteger, checkNonNegative } from '../util/check-number.js';
import { ownOptions, recordOf } from '../util/own-options.js';
import { checkMover, type Mover, stepMover } from './mover.js';
import { wrapDegrees } from './orientation.js';
import { type PatternToken, parseNumberToken, tokenizePatternText } from './pattern-lines.js';

/**
 * Continuous movement patterns (the chapter "Chasing, Evading, Intercepting, and Patterned Movement", "Patterned Movement in a Continuous Environment"): relative control
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
 * The execution state the chapter describes ("the initial settings and the accumulated changes thus far"):
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
  /**
   * Start over after the last record. When false the mover keeps its last controls.
   * @defaultValue true
   */
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
/** Most 90-degree pieces of one turn stepped in one call; whole circles beyond them are taken at once. */
const MAX_TURN_PIECES = 64;

/**
 * Most records {@link stepControlPattern} finishes in one call. A pattern whose records take almost no time (a
 * loop of `wait 0.000001`) cannot make one call run for long: time left once this many records have finished
 * keeps the mover's heading and commanded speed, and the pattern goes on at the next call.
 */
export const MAX_CONTROL_RECORDS_PER_STEP = 4096;
/** Largest `turn` of a control record, in degrees (a million full circles): larger turns lose their precision. */
export const MAX_CONTROL_TURN = 360_000_000;
/**
 * Smallest non-zero `wait` (seconds), `travel` (world units), `speed` (world units per second) and `turn`
 * (degrees) of a control record: smaller values are below the rounding tolerance (a wait or a turn would finish
 * without time passing, a travel at a smaller speed could take longer than a number of seconds can say). Decimal
 * texts too small for a number (`wait 1e-400`) are refused the same way, not read as 0.
 */
export const MIN_CONTROL_AMOUNT = 1e-6;

/** A fresh state for running a pattern on `mover`. @throws OutOfRangeError or InvalidOptionError, as {@link stepMover} does, when `mover` is not a valid mover. */
export function createControlPatternState(mover: Readonly<Mover>): ControlPatternState {
  checkMover(mover);
  return {
    index: 0,
    started: false,
    goalHeading: wrapDegrees(mover.heading),
    turnRemaining: 0,
    progress: 0,
    commandedSpeed: mover.speed,
    loops: 0,
    done: false,
  };
}

/** Why the amount of a record of `kind` is out of range, or null when it is fine. */
function amountProblem(kind: ControlRecord['kind'], value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'a finite number';
  if (kind === 'turn') {
    const a = Math.abs(value);
    if (a > MAX_CONTROL_TURN || (a > 0 && a < MIN_CONTROL_AMOUNT))
      return `0, or at least ${MIN_CONTROL_AMOUNT} and at most ${MAX_CONTROL_TURN} degrees either way`;
    return null;
  }
  if (value < 0) return 'a finite number >= 0';
  if (value > 0 && value < MIN_CONTROL_AMOUNT) return `0 or a number >= ${MIN_CONTROL_AMOUNT}`;
  return null;
}

/**
 * The first `travel` record (of a distance above 0) that can never finish whatever the mover: a `speed 0` record
 * comes before it with no `speed` above 0 in between (going on from the end to the start when the pattern
 * loops). Returns the travel's index and the speed record's, or null. The records must be valid.
 */
function stalledTravel(pattern: readonly ControlRecord[], loop: boolean): [number, number] | null {
  let zeroAt = -1;
  for (let pass = 0; pass < (loop ? 2 : 1); pass++) {
    for (let i = 0; i < pattern.length; i++) {
      const r = pattern[i] as ControlRecord;
      if (r.kind === 'speed') zeroAt = r.speed === 0 ? i : -1;
      else if (r.kind === 'travel' && r.distance > 0 && zeroAt >= 0) return [i, zeroAt];
    }
  }
  return null;
}

/** What a stalled travel (see {@link stalledTravel}) is expected to be, for its error message. */
function stalledText(travel: number, speed: number): string {
  return `a travel that can finish: pattern[${speed}] sets the speed to 0 and no speed above 0 comes before pattern[${travel}]`;
}

/** The `loop` option of `options` (own property, default true), checked. */
function loopOf(options: ControlPatternOptions | undefined): boolean {
  const loop = ownOptions(options, 'options', '{ loop? }').loop ?? DEFAULT_CONTROL_PATTERN_OPTIONS.loop;
  if (typeof loop !== 'boolean') throw new InvalidOptionError('loop', loop, 'a boolean');
  return loop;
}

const AMOUNT_FIELD = { turn: 'degrees', speed: 'speed', travel: 'distance', wait: 'seconds' } as const;

/** Throws unless `r` is a valid record (InvalidOptionError for a non-object, OutOfRangeError naming the field). */
function checkRecord(r: unknown, what: string): asserts r is ControlRecord {
  const record = recordOf<{ kind: unknown }>(
    r,
    what,
    "a control record { kind: 'turn' | 'speed' | 'travel' | 'wait' }",
  );
  const kind = record.kind;
  if (kind !== 'turn' && kind !== 'speed' && kind !== 'travel' && kind !== 'wait')
    throw new OutOfRangeError(`${what}.kind`, kind, "'turn', 'speed', 'travel' or 'wait'");
  const field = AMOUNT_FIELD[kind];
  const value = (record as Record<string, unknown>)[field];
  const problem = amountProblem(kind, value);
  if (problem !== null) throw new OutOfRangeError(`${what}.${field}`, value, problem);
}

/**
 * Throws naming `pattern[i]` when a record is not valid: InvalidOptionError when `pattern` is not an array or a
 * record is not an object, OutOfRangeError for an unknown kind or an amount out of range (not finite; negative
 * speed, travel or wait; a non-zero amount below {@link MIN_CONTROL_AMOUNT}; a turn beyond
 * {@link MAX_CONTROL_TURN}), or for a `travel` that can never finish because a `speed 0` record comes before it
 * (with no speed above 0 in between; from the end round to the start when `options.loop`, as
 * {@link stepControlPattern} runs it). A pattern that passes runs in stepControlPattern without a pattern error;
 * only the mover's own limits (a turn with maxTurnRate 0...) can still stop it there.
 */
export function validateControlPattern(pattern: readonly ControlRecord[], options?: ControlPatternOptions): void {
  if (!Array.isArray(pattern)) throw new InvalidOptionError('pattern', pattern, 'an array of control records');
  const loop = loopOf(options);
  for (let i = 0; i < pattern.length; i++) checkRecord(pattern[i], `pattern[${i}]`);
  const stalled = stalledTravel(pattern, loop);
  if (stalled !== null)
    throw new OutOfRangeError(`pattern[${stalled[0]}]`, 'travel', stalledText(stalled[0], stalled[1]));
}

/** Throws naming the field unless `state` is a state for a pattern of `length` records. */
function checkState(state: unknown, length: number): asserts state is ControlPatternState {
  const s = recordOf<ControlPatternState>(state, 'state', 'a ControlPatternState (createControlPatternState)');
  checkInteger('state.index', s.index, 0, Math.max(0, length - 1));
  checkFinite('state.goalHeading', s.goalHeading);
  checkFinite('state.turnRemaining', s.turnRemaining);
  checkNonNegative('state.progress', s.progress);
  checkNonNegative('state.commandedSpeed', s.commandedSpeed);
  checkInteger('state.loops', s.loops, 0, Number.MAX_SAFE_INTEGER);
  if (typeof s.started !== 'boolean') throw new InvalidOptionError('state.started', s.started, 'a boolean');
  if (typeof s.done !== 'boolean') throw new InvalidOptionError('state.done', s.done, 'a boolean');
}

/**
 * Turns `m` by `h` seconds of the running turn record (in its direction, at the mover's turn rate), in pieces
 * below 180 degrees ({@link stepMover} turns the short way). Whole circles beyond {@link MAX_TURN_PIECES} pieces
 * are taken at once as closed loops: the heading and the position come back, the speed moves towards its target.
 */
function turnFor(m: Mover, s: ControlPatternState, h: number): Mover {
  const speed = s.commandedSpeed;
  const sign = s.turnRemaining < 0 ? -1 : 1;
  const pieceTime = TURN_PIECE / m.maxTurnRate;
  let t = h;
  let mover = m;
  const circleTime = (4 * TURN_PIECE) / m.maxTurnRate;
  const circles = Math.floor((t - MAX_TURN_PIECES * pieceTime) / circleTime);
  if (circles > 0) {
    const x = mover.x;
    const y = mover.y;
    const span = circles * circleTime;
    mover = stepMover(mover, { heading: mover.heading, speed }, span, { out: mover });
    mover.x = x;
    mover.y = y;
    s.turnRemaining -= sign * 360 * circles;
    if (sign * s.turnRemaining < 0) s.turnRemaining = 0;
    t -= span;
  }
  for (let pieces = 0; t > 0 && pieces <= MAX_TURN_PIECES + 4; pieces++) {
    const piece = Math.min(t, pieceTime);
    const amount = Math.min(Math.abs(s.turnRemaining), m.maxTurnRate * piece);
    mover = stepMover(mover, { heading: mover.heading + sign * amount, speed }, piece, { out: mover });
    s.turnRemaining -= sign * amount;
    if (sign * s.turnRemaining < 0) s.turnRemaining = 0;
    t -= piece;
  }
  return mover;
}

/**
 * Advances `mover` by `dt` seconds through the pattern. Records finish mid-frame and the rest of the frame
 * goes to the next record, so results do not depend on the frame rate beyond floating point. Pure: returns
 * the new mover and state. The work per call is bounded whatever `dt` and the records: at most
 * {@link MAX_CONTROL_RECORDS_PER_STEP} records finish per call, and a run of records that take no time at all
 * (a turn by 0, a speed already reached) is passed through at most once; time no record uses keeps the heading
 * and the commanded speed.
 * @throws OutOfRangeError naming the record when it can never finish (a turn with maxTurnRate 0, a speed change
 *   with acceleration 0, travelling at commanded speed 0), or naming a record, a field of `state` or `mover`, or
 *   `dt` that is out of range; InvalidOptionError when `pattern` is not an array or an argument is not an object.
 */
export function stepControlPattern(
  mover: Readonly<Mover>,
  pattern: readonly ControlRecord[],
  state: Readonly<ControlPatternState>,
  dt: number,
  options: ControlPatternOptions = {},
): { mover: Mover; state: ControlPatternState } {
  checkNonNegative('dt', dt);
  checkMover(mover);
  if (!Array.isArray(pattern)) throw new InvalidOptionError('pattern', pattern, 'an array of control records');
  checkState(state, pattern.length);
  const loop = loopOf(options);
  let m: Mover = { ...mover };
  const s: ControlPatternState = { ...state };
  let remaining = dt;
  // Records that finish without using time (a turn by 0, a speed already reached): at most one pass of them
  // per call, so a pattern made only of such records cannot spin forever.
  let instant = 0;
  let finished = 0;
  while (!s.done && pattern.length > 0 && instant <= pattern.length && finished < MAX_CONTROL_RECORDS_PER_STEP) {
    const r = pattern[s.index] as ControlRecord;
    if (!s.started) {
      checkRecord(r, `pattern[${s.index}]`);
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
    if (need === Number.POSITIVE_INFINITY) {
      // The pattern's own fault is reported as validateControlPattern reports it; otherwise the mover's limits.
      const stalled = r.kind === 'travel' && s.commandedSpeed === 0 ? stalledTravel(pattern, loop) : null;
      if (stalled !== null && stalled[0] === s.index)
        throw new OutOfRangeError(`pattern[${s.index}]`, r.kind, stalledText(stalled[0], stalled[1]));
      throw new OutOfRangeError(`pattern[${s.index}]`, r.kind, 'a record the mover can finish (check its limits)');
    }
    if (need > 0) {
      if (remaining <= 0) break;
      const h = Math.min(remaining, need);
      const before = m.speed;
      if (r.kind === 'turn') m = turnFor(m, s, h);
      else m = stepMover(m, { heading: m.heading, speed: s.commandedSpeed }, h, { out: m });
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
    finished++;
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
  // Time no record used (the pattern is done or empty, or this call finished its share of records).
  if (remaining > 0) m = stepMover(m, { heading: m.heading, speed: s.commandedSpeed }, remaining, { out: m });
  return { mover: m, state: s };
}

/**
 * Parses a control pattern text: one record per line, `turn <degrees>`, `speed <units per second>`,
 * `travel <units>` or `wait <seconds>`; `#` comments and blank lines allowed. Amounts are decimal numbers within
 * the limits of {@link validateControlPattern}, checked the same way (a number too small to be told from 0, such
 * as `1e-400`, is refused as `1e-20` is; a `travel` after `speed 0` that can never finish, as the pattern runs
 * with `options.loop`, is refused on the travel's line). Throws {@link PatternParseError} with the line and
 * column of the first problem (line 1, column 1 when `text` is not a string).
 */
export function parseControlPattern(text: string, options?: ControlPatternOptions): ControlRecord[] {
  const loop = loopOf(options);
  const out: ControlRecord[] = [];
  const where: PatternToken[] = [];
  const lines: number[] = [];
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
    const token = tokens[1] as PatternToken;
    const value = parseNumberToken(token, line, kind);
    if (kind !== 'turn' && value < 0)
      throw new PatternParseError(`${kind} must not be negative, got ${value}`, line, token.column);
    // A non-zero text whose number underflowed to 0 is as small as it says, not 0.
    const problem = amountProblem(
      kind,
      value === 0 && /[1-9]/.test(token.text.split(/[eE]/)[0] as string) ? 5e-324 : value,
    );
    if (problem !== null)
      throw new PatternParseError(`${kind} must be ${problem}, got ${token.text}`, line, token.column);
    if (kind === 'turn') out.push({ kind, degrees: value });
    else if (kind === 'speed') out.push({ kind, speed: value });
    else if (kind === 'travel') out.push({ kind, distance: value });
    else out.push({ kind, seconds: value });
    where.push(head);
    lines.push(line);
  }
  if (out.length === 0) throw new PatternParseError('the pattern has no records', 1, 1);
  const stalled = stalledTravel(out, loop);
  if (stalled !== null) {
    const [travel, speed] = stalled;
    throw new PatternParseError(
      `this travel can never finish: the speed record on line ${lines[speed]} sets the speed to 0 and no speed above 0 comes between${loop ? ' (the pattern loops)' : ''}`,
      lines[travel] as number,
      (where[travel] as PatternToken).column,
    );
  }
  return out;
}
