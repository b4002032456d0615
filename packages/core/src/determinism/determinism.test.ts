/**
 * Determinism on this thread, in Node: the scenarios give the same hashes on repeated runs, the followers'
 * step split into ranges gives the one-call hash, and all equal the hashes recorded in ./determinism-hashes.json,
 * which the Chromium test (determinism.browser.test.ts) and the worker test (determinism.node.test.ts) check too.
 * After an intended change of behaviour, record them again: `FM_RECORD_HASHES=1 npx vitest run
 * src/determinism/determinism.test.ts` (and say so in the changelog: a lockstep game must not mix builds).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from '../testing/package.test-util.js';
import recorded from './determinism-hashes.json' with { type: 'json' };
import { followersHash, scenarioHashes } from './scenarios.test-util.js';

describe('determinism (Node, one thread)', () => {
  const first = scenarioHashes(core);

  it('gives the same state hashes on repeated runs', () => {
    expect(scenarioHashes(core)).toEqual(first);
  });

  it('gives the followers the same hash however a step is split into ranges (1, 2, 4 and 7 parts)', () => {
    for (const parts of [2, 4, 7]) expect(followersHash(core, parts)).toBe(first.followers);
  });

  it('matches the hashes recorded for every runtime', () => {
    if (process.env.FM_RECORD_HASHES === '1') {
      const file = fileURLToPath(new URL('./determinism-hashes.json', import.meta.url));
      writeFileSync(file, `${JSON.stringify(first, null, 2)}\n`);
      return;
    }
    expect(first).toEqual(recorded);
  });
});
