// Moving AI conformance, shard 1 of 4 (see movingai.test-util.ts; FM_MOVINGAI_DIR selects another folder).
import { describeConformanceShard } from './movingai.test-util.js';

describeConformanceShard(1, 4);
