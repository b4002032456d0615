// Public exports of src/tactics. Listed again from ../index.ts.
export * from './criteria.js';
export * from './route.js';
export * from './search.js';
