/** Flows in the worker service in Chromium (module Web Workers bundled by Vite from source), in each mode. */
import { describe } from 'vitest';
import { browserEnv } from '../service/browser-env.test-util.js';
import { flowServiceSuite } from './flow-service-suite.test-util.js';

describe('flows in the worker service in the browser', () => {
  flowServiceSuite(browserEnv('shared', true));
  flowServiceSuite(browserEnv('transfer', false));
  flowServiceSuite(browserEnv('main-thread', false));
});
