// Public exports of src/tactics. Listed again from ../index.ts.
export {};
