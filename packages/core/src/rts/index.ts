// The family entry `@fieldmarshal/core/rts`. Named one by one where a module also holds internal
// helpers (option resolvers, formation geometry); the heaps, tile geometry, unit index and the free functions
// behind RtsWorld (routing, prediction, collision queries and solving) are internal.
export * from './astar.js';
export * from './clearance.js';
export {
  RTS_FORMATION_KINDS,
  type RtsFormationKind,
  type RtsSlotPositionOptions,
  rtsFormationSlots,
  rtsSlotPosition,
} from './formation.js';
export * from './group.js';
export type { RtsGroupHost } from './group-host.js';
export {
  DEFAULT_RTS_GROUP_OPTIONS,
  type RtsGroupOptions,
  type RtsGroupPhase,
  validateRtsGroupOptions,
} from './group-options.js';
export * from './path-from-field.js';
export * from './unit.js';
export { DEFAULT_RTS_UNIT_OPTIONS, MAX_RTS_HARD_RADIUS, type RtsUnitOptions } from './unit-options.js';
export * from './world.js';
export { hashRtsWorld } from './world-hash.js';
export { DEFAULT_RTS_WORLD_OPTIONS, type RtsWorldOptions } from './world-options.js';
export type { RtsWorldStats } from './world-view.js';
