import { describe, expect, it } from 'vitest';
import { fallbackSuite } from './fallback-suite.test-util.js';

describe('the page of the browser tests', () => {
  it('is cross-origin isolated (the fallback suite hides its shared memory, as a page without the headers)', () => {
    expect(globalThis.crossOriginIsolated).toBe(true);
  });
});

describe("createFieldService without shared memory, fallback: 'main-thread' (Chromium)", () => {
  fallbackSuite();
});
