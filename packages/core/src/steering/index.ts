/**
 * The family entry `@fieldmarshal/core/steering` (the chapter "Chasing, Evading, Intercepting, and Patterned
 * Movement": chase, evade, line of sight, intercept, patterns).
 *
 * Units and angles, stated once for the family:
 * - The tile functions (basic chase and evade, `LineChaser`, the tile intercept, Bresenham lines, line of sight,
 *   tile patterns) work in tiles, one step per call (a "turn").
 * - The continuous functions (`Mover`, `stepMover`, the chase / evade / intercept controls, `exactIntercept`,
 *   `closingIntercept`, control patterns) work in world units and seconds: any length unit the caller picks,
 *   the same for positions, speeds (units per second) and accelerations (units per second squared). The chapter's
 *   numbers are screen pixels and the defaults are sized for them (`maxSpeed` 100 units/s, evade `margin` 60
 *   units); give positions in tiles, and speeds in tiles per second, to mix with the rest of the library.
 * - Angles are compass degrees in screen space (x right, y down): 0 points up (-y), 90 right (+x), 180 down, -90
 *   left; a positive change turns clockwise on screen (to the right); headings are kept in (-180, 180].
 *
 * @packageDocumentation
 */
export { PatternParseError } from '../errors.js';
export {
  BRESENHAM_STYLES,
  type BresenhamStyle,
  bresenhamLength,
  bresenhamLine,
  bresenhamLineInto,
  DEFAULT_BRESENHAM_STYLE,
  LineStepper,
  MAX_LINE_TILES,
} from './bresenham.js';
export {
  type ControlPatternOptions,
  type ControlPatternState,
  type ControlRecord,
  createControlPatternState,
  DEFAULT_CONTROL_PATTERN_OPTIONS,
  MAX_CONTROL_RECORDS_PER_STEP,
  MAX_CONTROL_TURN,
  MIN_CONTROL_AMOUNT,
  parseControlPattern,
  stepControlPattern,
  validateControlPattern,
} from './control-pattern.js';
export { closingIntercept, exactIntercept, INTERCEPT_EPSILON, type InterceptSolution } from './intercept.js';
export {
  DEFAULT_LINE_OF_SIGHT_OPTIONS,
  hasLineOfSight,
  type LineOfSightOptions,
  visibleLineLength,
} from './line-of-sight.js';
export {
  createMover,
  DEFAULT_MOVER,
  type Mover,
  type MoverControl,
  moverVelocity,
  type StepMoverOptions,
  stepMover,
  turnTowards,
} from './mover.js';
export {
  globalToLocal,
  lineOfSightTurn,
  localToGlobal,
  orientationOf,
  orientationVector,
  type SteerPoint,
  TURN_EPSILON,
  TURN_LEFT,
  TURN_NONE,
  TURN_RIGHT,
  type TurnDirection,
  wrapDegrees,
} from './orientation.js';
export {
  type ChaseOptions,
  chaseControl,
  DEFAULT_CHASE_OPTIONS,
  DEFAULT_EVADE_OPTIONS,
  DEFAULT_INTERCEPT_OPTIONS,
  type EvadeOptions,
  evadeControl,
  type InterceptOptions,
  type InterceptPlan,
  interceptControl,
  type SteerTarget,
} from './steer.js';
export { basicChaseDirection, basicEvadeDirection, basicTileStep, LineChaser } from './tile-chase.js';
export {
  DEFAULT_TILE_INTERCEPT_OPTIONS,
  MAX_TILE_INTERCEPT_TURNS,
  type TileInterceptOptions,
  type TileInterceptPoint,
  tileIntercept,
  tileInterceptDirection,
} from './tile-intercept.js';
export {
  buildTilePatternPath,
  DEFAULT_TILE_PATTERN_OPTIONS,
  DEFAULT_TILE_PATTERN_PATH_OPTIONS,
  MAX_PATTERN_COORDINATE,
  MAX_PATTERN_TILES,
  normalizeTileSegments,
  parseTilePattern,
  parseTilePatterns,
  patternStepIndex,
  type TilePattern,
  type TilePatternFormat,
  type TilePatternOptions,
  type TilePatternPathOptions,
} from './tile-pattern.js';
