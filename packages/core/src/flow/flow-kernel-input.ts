import type { KernelControl } from '../fields/index.js';
import { pollKernel } from '../util/kernel-control.js';
import type { FlowState } from './flow-state.js';

/** Inputs of the flow kernel (`runFlowKernel` in ./flow-kernel.ts, and its WebAssembly version). */
export interface FlowKernelInput {
  width: number;
  height: number;
  passable: Uint8Array;
  /** Terrain per tile when the metric is `weighted` (anchors then stay within one terrain cost), else null. */
  terrain: Float32Array | null;
  cost: Float64Array;
  dir: Uint8Array;
  /** Distance of corner anchors from their corner along each axis, and of every ray from the walls, tiles. */
  clearance: number;
  vx: Float32Array;
  vy: Float32Array;
  anchor: Int32Array;
  control?: KernelControl | undefined;
  /** Receives the run's anchor ids and table (for `updateFlow`); the caller completes it with finishState. */
  state?: FlowState | undefined;
}

/** Tiles between two looks at the control array. */
export const FLOW_CONTROL_INTERVAL = 8192;

/** Stores the flow kernel's progress and throws AbortError when the control asks to stop. */
export function pollFlow(control: KernelControl | undefined, done: number): void {
  pollKernel(control, done, 'flow computation');
}
