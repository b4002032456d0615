// Public exports of src/rts. Listed again from ../index.ts. The heaps and tile geometry helpers are internal.
export * from './astar.js';
export * from './clearance.js';
export * from './formation.js';
export * from './group.js';
export * from './path-from-field.js';
export * from './unit.js';
export * from './world.js';
