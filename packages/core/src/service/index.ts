// Public exports of src/service. Listed again from ../index.ts.
export {};
