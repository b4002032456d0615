import { corridorFillSuite } from './corridor-fill.test-util.js';

corridorFillSuite('Chromium');
