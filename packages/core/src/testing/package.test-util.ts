/**
 * Every public entry of the package in one namespace (the root entry and each family subpath: see package.json
 * `exports`), for tests that reach names of several families through one object. Not part of the package: a
 * program imports each name from its entry. `builtPackage()` (./built-package.test-util.ts) is the same namespace
 * from the built package (dist).
 */
export * from '../crowd/index.js';
export * from '../fields/index.js';
export * from '../flow/index.js';
export * from '../grid/index.js';
export * from '../index.js';
export * from '../rts/index.js';
export * from '../scent/index.js';
export * from '../sectors/index.js';
export * from '../service/index.js';
export * from '../steering/index.js';
export * from '../tactics/index.js';
