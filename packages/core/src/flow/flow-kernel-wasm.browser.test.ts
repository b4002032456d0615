import { flowKernelWasmSuite } from './flow-kernel-wasm.test-util.js';

flowKernelWasmSuite('Chromium');
