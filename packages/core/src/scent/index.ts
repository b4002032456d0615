// Public exports of src/scent. Listed again from ../index.ts.
export {};
