/**
 * The worker module: a thin shell that exposes the pure kernels to the worker pool over comlink.
 * Filled in by the worker service (src/service). Importing it outside a worker does nothing.
 */
export {};
