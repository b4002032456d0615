// The family entry `@fieldmarshal/core/fields`: every public name of src/fields (the root entry keeps the common ones).
export { computeField, computeFieldFromSeeds } from './compute-field.js';
export { nextStep, type PathFromFieldOptions, pathFromField, pathLength } from './follow.js';
export { smoothPath, walkableLine } from './line.js';
export {
  type FieldUpdate,
  REPAIR_LIMIT_FRACTION,
  type UpdateFieldOptions,
  updateField,
} from './repair/update-field.js';
export { type SampleFieldOptions, sampleField } from './sample-field.js';
export * from './types.js';
