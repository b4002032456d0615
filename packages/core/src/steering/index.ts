// Public exports of src/steering. Listed again from ../index.ts.
export {};
