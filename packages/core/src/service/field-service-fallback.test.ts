import { describe } from 'vitest';
import { fallbackSuite } from './fallback-suite.test-util.js';

describe("createFieldService without shared memory, fallback: 'main-thread' (Node)", () => {
  fallbackSuite();
});
