// The heatmap worker: paints heatmaps off the main thread (HeatmapComposer) and sends them back as ImageBitmaps,
// so a new field on a 2048 x 2048 map never blocks a frame of the page. Started by heatmap-renderer.ts.
import { HeatmapComposer, type HeatmapJob } from './heatmap-composer.js';

/** A request: a job and its id. */
export interface HeatmapRequest {
  id: number;
  job: HeatmapJob;
}

/** The answer: the bitmaps and the job's figures. */
export interface HeatmapAnswer {
  id: number;
  bitmap: ImageBitmap;
  overview: { bitmap: ImageBitmap; factor: number } | null;
  range: { min: number; max: number; count: number };
  changed: number | null;
  ms: number;
}

const composer = new HeatmapComposer();
/** Bitmaps as the page's canvas draws them (premultiplied, no colour conversion), so no draw converts them. */
const BITMAP_OPTIONS: ImageBitmapOptions = { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'none' };
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<HeatmapRequest>) => void) | null;
  postMessage(message: HeatmapAnswer, transfer: Transferable[]): void;
};

scope.onmessage = async (e) => {
  const { id, job } = e.data;
  const t0 = performance.now();
  const out = composer.compose(job);
  const bitmap = await createImageBitmap(out.image, BITMAP_OPTIONS);
  const overview = out.overview
    ? { bitmap: await createImageBitmap(out.overview.image, BITMAP_OPTIONS), factor: out.overview.factor }
    : null;
  const answer: HeatmapAnswer = {
    id,
    bitmap,
    overview,
    range: out.range,
    changed: out.changed,
    ms: performance.now() - t0,
  };
  scope.postMessage(answer, overview ? [bitmap, overview.bitmap] : [bitmap]);
};
