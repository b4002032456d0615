// Public exports of src/rts. Listed again from ../index.ts.
export {};
