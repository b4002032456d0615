// Moving AI conformance, shard 0 of 4 (see movingai.test-util.ts; FM_MOVINGAI_DIR selects another folder).
import { describeConformanceShard } from './movingai.test-util.js';

describeConformanceShard(0, 4);
