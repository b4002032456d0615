import { wasmKernelSuite } from './wasm-kernels.test-util.js';

wasmKernelSuite('Node');
