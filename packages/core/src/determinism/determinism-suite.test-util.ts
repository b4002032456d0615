/**
 * Determinism across runtimes and worker counts, shared by the Node worker test (the built package over
 * worker_threads) and the Chromium test (the source, Vite-bundled Web Workers): every scenario computed on the
 * runtime's main thread, and the crowd stepped by `stepCrowdParallel` over 1, 2 and 4 workers, must give the
 * hashes the Node test recorded in ./determinism-hashes.json.
 */
import { expect, it } from 'vitest';
import type * as Core from '../testing/package.test-util.js';
import recorded from './determinism-hashes.json' with { type: 'json' };
import { CROWD_STEPS, crowdScenario, DT, scenarioHashes } from './scenarios.test-util.js';

export function determinismSuite(core: () => typeof Core, worker: () => URL | undefined): void {
  it('every scenario gives the recorded hash on this runtime', () => {
    expect(scenarioHashes(core())).toEqual(recorded);
  });

  it('the crowd gives the recorded hash stepped by 1, 2 and 4 workers', async () => {
    const c = core();
    const workerUrl = worker();
    for (const workers of [1, 2, 4]) {
      const service = await c.createFieldService({ workers, ...(workerUrl ? { workerUrl } : {}) });
      try {
        const crowd = crowdScenario(c, true);
        for (let s = 0; s < CROWD_STEPS; s++) await c.stepCrowdParallel(service, crowd, DT);
        expect([workers, c.hashCrowd(crowd)]).toEqual([workers, recorded.crowd]);
      } finally {
        await service.close();
      }
    }
  });
}
