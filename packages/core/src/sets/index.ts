// Public exports of src/sets. Listed again from ../index.ts.
export {};
