// Public exports of src/fields. Listed again from ../index.ts.
export {};
