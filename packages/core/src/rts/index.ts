// Public exports of src/rts. Listed again from ../index.ts.
export * from './astar.js';
export * from './clearance.js';
export * from './formation.js';
export * from './geometry.js';
export * from './group.js';
export * from './heap.js';
export * from './path-from-field.js';
export * from './unit.js';
export * from './world.js';
