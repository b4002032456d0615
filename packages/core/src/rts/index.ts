// Public exports of src/rts. Listed again from ../index.ts.
export * from './astar.js';
export * from './clearance.js';
export * from './heap.js';
export * from './path-from-field.js';
