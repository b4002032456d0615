// A copy of a sector graph for the route worker, on a page without shared memory (no cross-origin isolation):
// the grid's bytes and the graph's arrays go over in slices, one task each, so no task of the page copies more
// than SLICE_BYTES; the worker keeps the copy under the graph's key and answers queries on it. Used by
// route-client.ts.
import type { SectorGraph } from '@fieldmarshal/core/sectors';
import { nextTask } from '../../shared/next-task.js';

/** The typed-array kinds a graph's arrays use (by constructor name). */
export type CopyKind = 'Int32Array' | 'Float64Array' | 'Float32Array' | 'Uint16Array' | 'Uint8Array';

/** One array of the copy: a field of the graph's data, or `grid` (the grid's buffer as bytes). */
export interface CopyArray {
  name: string;
  kind: CopyKind;
  length: number;
}

/** The messages of a copy: its arrays (the worker allocates them), then their slices in order. */
export type CopyMessage =
  | { copy: { key: string; arrays: CopyArray[] } }
  | { part: { key: string; name: string; offset: number; data: ArrayBufferView } };

/** Most bytes one slice copies on the page (a few milliseconds of copying and zeroing at most). */
export const SLICE_BYTES = 4 << 20;

const KINDS: readonly CopyKind[] = ['Int32Array', 'Float64Array', 'Float32Array', 'Uint16Array', 'Uint8Array'];

type Sliceable = ArrayBufferView & {
  length: number;
  BYTES_PER_ELEMENT: number;
  slice(start: number, end: number): ArrayBufferView;
};

function kindOf(a: ArrayBufferView): CopyKind {
  const name = a.constructor.name as CopyKind;
  if (!KINDS.includes(name)) throw new Error(`a sector graph array of an unexpected kind: ${name}`);
  return name;
}

/** The arrays to copy: the grid's bytes, then every array of the graph's data (by name). */
function arraysOf(graph: SectorGraph): [string, Sliceable][] {
  const out: [string, Sliceable][] = [['grid', new Uint8Array(graph.grid.buffer) as unknown as Sliceable]];
  for (const [name, a] of Object.entries(graph.data)) if (ArrayBuffer.isView(a)) out.push([name, a as Sliceable]);
  return out;
}

/**
 * Sends a copy of `graph` to `worker` under `key`, one slice per task. Resolves to true once the last slice is
 * posted (the worker takes them in order, so a query posted after it finds the copy whole), or false when the
 * graph changed meanwhile (the grid was edited, or the graph updated: the copy would mix two versions) or
 * `current()` turned false (a newer copy was started).
 */
export async function sendGraphCopy(
  worker: Worker,
  graph: SectorGraph,
  key: string,
  current: () => boolean,
): Promise<boolean> {
  const version = graph.gridVersion;
  const unchanged = () => current() && graph.gridVersion === version && graph.grid.version === version;
  if (!unchanged()) return false;
  const arrays = arraysOf(graph);
  const head: CopyMessage = {
    copy: { key, arrays: arrays.map(([name, a]) => ({ name, kind: kindOf(a), length: a.length })) },
  };
  worker.postMessage(head);
  for (const [name, a] of arrays) {
    const step = Math.max(1, Math.floor(SLICE_BYTES / a.BYTES_PER_ELEMENT));
    for (let offset = 0; offset < a.length; offset += step) {
      await nextTask();
      if (!unchanged()) return false;
      const data = a.slice(offset, Math.min(a.length, offset + step));
      const part: CopyMessage = { part: { key, name, offset, data } };
      worker.postMessage(part, [data.buffer]);
    }
  }
  return unchanged();
}

/** The worker's side: a copy being received, whole once every array has all its elements. */
export class GraphCopy {
  readonly arrays = new Map<
    string,
    ArrayBufferView & { length: number; set(a: ArrayLike<number>, at: number): void }
  >();
  private missing = 0;

  constructor(
    readonly key: string,
    layout: CopyArray[],
  ) {
    for (const { name, kind, length } of layout) {
      if (!KINDS.includes(kind) || !Number.isInteger(length) || length < 0)
        throw new Error(`a copy's array ${name} of kind ${kind} and length ${length}`);
      this.arrays.set(name, new globalThis[kind](length));
      this.missing += length;
    }
  }

  /** Writes one slice (slices of another key are ignored by the caller). */
  take(name: string, offset: number, data: ArrayLike<number>): void {
    const target = this.arrays.get(name);
    if (!target || offset < 0 || offset + data.length > target.length)
      throw new Error(`a slice of ${name} at ${offset} that does not fit the copy`);
    target.set(data, offset);
    this.missing -= data.length;
  }

  /** True when every element has arrived. */
  get whole(): boolean {
    return this.missing === 0;
  }
}
