// Public exports of src/crowd. Listed again from ../index.ts.
export {};
