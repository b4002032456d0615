import { inSharedMemory } from '../../shared/shared-memory.js';
import type { TileValues } from '../model/heatmap.js';
import { HeatmapComposer, type HeatmapJob } from './heatmap-composer.js';
import type { HeatmapAnswer, HeatmapRequest } from './heatmap-worker.js';

/** A painted heatmap, ready for the map view. */
export interface RenderedHeatmap {
  /** The map at one pixel per tile. */
  image: CanvasImageSource;
  /** The map reduced by `factor`, for zoomed-out views (null for small maps). */
  overview: { image: CanvasImageSource; factor: number } | null;
  range: { min: number; max: number; count: number };
  /** Tiles whose value changed since the previous field, when known. */
  changed: number | null;
  /** Milliseconds of painting (in the worker, or on the main thread without one). */
  ms: number;
  /** Where it was painted. */
  where: 'worker' | 'main thread';
  /** The job's grid version: edits up to it are in the image. */
  gridVersion: number;
  /** Frees the image's memory (bitmaps); call once nothing draws it any more. */
  dispose: () => void;
}

/**
 * `job` as posted to the worker, and what to transfer: arrays in shared memory go as they are; others (a page
 * without cross-origin isolation) as copies of just their elements, transferred (posting a view would copy its
 * whole buffer, the grid's edit log included). The copy is one memcpy per array on this thread: about 10 ms for
 * the values of a 2048 x 2048 field, against 150-250 ms for painting it here.
 */
function posted(job: HeatmapJob): { job: HeatmapJob; transfer: Transferable[] } {
  const transfer: Transferable[] = [];
  const own = <T extends Uint8Array | Float64Array | Float32Array | Int32Array>(a: T): T => {
    if (inSharedMemory(a)) return a;
    const copy = a.slice() as T;
    transfer.push(copy.buffer as ArrayBuffer);
    return copy;
  };
  const values: TileValues | null = !job.values
    ? null
    : job.values.kind === 'scent'
      ? { kind: 'scent', values: own(job.values.values) }
      : { kind: 'float', values: own(job.values.values) };
  return { job: { ...job, passable: own(job.passable), values }, transfer };
}

/**
 * Paints heatmaps: in a worker (ImageBitmaps, nothing on the main thread but a message, and copies of the
 * arrays where the page cannot share memory), else (no worker) on the main thread into canvases. The latest job
 * wins: jobs asked for while one is painting replace each other, and only the newest is painted next. Pure
 * TypeScript (no React).
 */
export class HeatmapRenderer {
  private worker: Worker | null = null;
  private fallback: HeatmapComposer | null = null;
  private inFlight: HeatmapJob | null = null;
  private pending: HeatmapJob | null = null;
  private nextId = 1;
  private readonly waiting: { values: unknown; run: () => void }[] = [];
  private disposed = false;

  constructor(private readonly onImage: (image: RenderedHeatmap) => void) {
    if (typeof Worker === 'function') {
      try {
        this.worker = new Worker(new URL('./heatmap-worker.ts', import.meta.url), { type: 'module' });
        this.worker.onmessage = (e: MessageEvent<HeatmapAnswer>) => this.answered(e.data);
        this.worker.onerror = () => this.useMainThread();
      } catch {
        this.worker = null;
      }
    }
  }

  /** Paints `job` (after the one in flight, replacing any other waiting job). */
  render(job: HeatmapJob): void {
    if (this.disposed) return;
    if (this.inFlight) {
      this.pending = job;
      return;
    }
    this.send(job);
  }

  /**
   * Runs `release` once no job in flight or waiting reads `values` (a field's buffers may then be recycled),
   * at once when none does.
   */
  afterReads(values: unknown, release: () => void): void {
    if (this.reads(values)) this.waiting.push({ values, run: release });
    else release();
  }

  /** Stops the worker; later jobs are ignored. */
  dispose(): void {
    this.disposed = true;
    this.worker?.terminate();
    this.worker = null;
    for (const w of this.waiting.splice(0)) w.run();
  }

  private reads(values: unknown): boolean {
    return (
      (this.inFlight?.values?.values ?? null) === values ||
      (this.pending?.values?.values ?? null) === values ||
      this.inFlight?.values === values ||
      this.pending?.values === values
    );
  }

  private send(job: HeatmapJob): void {
    this.inFlight = job;
    if (this.worker) {
      const sent = posted(job);
      const request: HeatmapRequest = { id: this.nextId++, job: sent.job };
      this.worker.postMessage(request, sent.transfer);
      return;
    }
    // Without a worker: paint now (a task of its own, so the caller's frame is not held up).
    setTimeout(() => this.paintHere(job), 0);
  }

  private paintHere(job: HeatmapJob): void {
    if (this.disposed) return;
    this.fallback ??= new HeatmapComposer();
    const out = this.fallback.compose(job);
    const toCanvas = (image: ImageData) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      canvas.getContext('2d')?.putImageData(image, 0, 0);
      return canvas;
    };
    this.finish({
      image: toCanvas(out.image),
      overview: out.overview ? { image: toCanvas(out.overview.image), factor: out.overview.factor } : null,
      range: out.range,
      changed: out.changed,
      ms: out.ms,
      where: 'main thread',
      gridVersion: job.gridVersion,
      dispose: () => undefined,
    });
  }

  private answered(a: HeatmapAnswer): void {
    if (this.disposed) {
      a.bitmap.close();
      a.overview?.bitmap.close();
      return;
    }
    this.finish({
      image: a.bitmap,
      overview: a.overview ? { image: a.overview.bitmap, factor: a.overview.factor } : null,
      range: a.range,
      changed: a.changed,
      ms: a.ms,
      where: 'worker',
      gridVersion: this.inFlight?.gridVersion ?? -1,
      dispose: () => {
        a.bitmap.close();
        a.overview?.bitmap.close();
      },
    });
  }

  private finish(image: RenderedHeatmap): void {
    this.inFlight = null;
    const next = this.pending;
    this.pending = null;
    if (next) this.send(next);
    for (let k = this.waiting.length - 1; k >= 0; k--) {
      const w = this.waiting[k] as { values: unknown; run: () => void };
      if (!this.reads(w.values)) {
        this.waiting.splice(k, 1);
        w.run();
      }
    }
    this.onImage(image);
  }

  /** A worker that fails to start: paint on the main thread from now on. */
  private useMainThread(): void {
    this.worker?.terminate();
    this.worker = null;
    const job = this.inFlight;
    this.inFlight = null;
    if (job) this.send(job);
  }
}
