// Public exports of src/fields. Listed again from ../index.ts.
export { computeField, computeFieldFromSeeds } from './compute-field.js';
export { nextStep, pathFromField, pathLength } from './follow.js';
export { smoothPath, walkableLine } from './line.js';
export { type FieldUpdate, REPAIR_LIMIT_FRACTION, updateField } from './repair/update-field.js';
export { type SampleFieldOptions, sampleField } from './sample-field.js';
export * from './types.js';
