/**
 * Flows in the worker service in Node worker_threads, in each execution mode, against the BUILT package (dist):
 * Node 20 cannot run the .ts worker module, so the package is built first (the test pipeline builds before testing).
 */
import { describe } from 'vitest';
import { nodeEnv } from '../service/node-env.test-util.js';
import { flowServiceSuite } from './flow-service-suite.test-util.js';

describe('flows in the worker service in Node', () => {
  flowServiceSuite(nodeEnv('shared', true));
  flowServiceSuite(nodeEnv('transfer', false));
  flowServiceSuite(nodeEnv('main-thread', false));
});
