import { colorScaleById } from '../../shared/color-scale.js';
import {
  diffValues,
  downsampleRgba,
  overviewFactor,
  renderHeatmap,
  styleForRange,
  type TileValues,
  tintChanged,
  type ValueRange,
  valueRange,
  valueRangeIn,
} from '../model/heatmap.js';

/** One heatmap to paint: the map, its values, the colour scale and how its range is chosen. */
export interface HeatmapJob {
  width: number;
  height: number;
  /** The grid's passability (read as it is when the job runs). */
  passable: Uint8Array;
  /** The values shown, or null for the plain map. */
  values: TileValues | null;
  /**
   * Identifies the values: a new id means a new field (the changed tiles are worked out against the last one);
   * a negative id is a layer that is not a field (terrain), not compared.
   */
  valuesId: number;
  /** Colour scale id (see color-scale.ts). */
  scaleId: string;
  /** Fit the colour range to this rectangle of tiles (the view) instead of the whole map. */
  fit: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Tint the tiles whose value changed since the previous field. */
  highlight: boolean;
  /** The grid's version when the job was made (handed back with the image; not used for painting). */
  gridVersion: number;
}

/** What a job produced. */
export interface ComposedHeatmap {
  image: ImageData;
  /** The map reduced for zoomed-out views, or null for small maps. */
  overview: { image: ImageData; factor: number } | null;
  /** The colour range used (of the view when fitted). */
  range: ValueRange;
  /** Tiles whose value changed since the previous field (null before a second field of the same size). */
  changed: number | null;
  /** Milliseconds the job took. */
  ms: number;
}

/**
 * Paints heatmaps into reused ImageData: the map coloured by its values, the overview, and the tint of the
 * tiles that changed since the previous field (kept as a copy here, so the caller may recycle old fields at
 * once). The same code runs in the heatmap worker and, without workers, on the main thread.
 */
export class HeatmapComposer {
  private image: ImageData | null = null;
  private overview: ImageData | null = null;
  private previous: TileValues | null = null;
  private mask: Uint8Array = new Uint8Array(0);
  private lastId = -1;
  private changed: number | null = null;

  compose(job: HeatmapJob): ComposedHeatmap {
    const t0 = performance.now();
    const { width, height, values } = job;
    const n = width * height;
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.image = new ImageData(width, height);
      this.previous = null;
      this.mask = new Uint8Array(n);
      this.changed = null;
      const f = overviewFactor(width, height);
      this.overview = f > 1 ? new ImageData(Math.ceil(width / f), Math.ceil(height / f)) : null;
    }
    if (values && job.valuesId >= 0 && job.valuesId !== this.lastId) this.trackChanges(values, n);
    if (!values || job.valuesId < 0) {
      this.previous = null;
      this.changed = null;
    }
    this.lastId = job.valuesId;
    const range = !values
      ? { min: 0, max: 0, count: 0 }
      : job.fit
        ? valueRangeIn(values, width, job.fit.x0, job.fit.y0, job.fit.x1, job.fit.y1)
        : valueRange(values);
    const style = styleForRange(colorScaleById(job.scaleId), range);
    renderHeatmap(this.image, job.passable, values, style);
    if (job.highlight && values && this.changed !== null) tintChanged(this.image.data, this.mask);
    let overview: ComposedHeatmap['overview'] = null;
    if (this.overview) {
      const factor = overviewFactor(width, height);
      downsampleRgba(this.image.data, width, height, factor, this.overview.data, job.passable);
      overview = { image: this.overview, factor };
    }
    return { image: this.image, overview, range, changed: this.changed, ms: performance.now() - t0 };
  }

  /** Compares a new field with the last one (same size and encoding) and keeps a copy of it. */
  private trackChanges(values: TileValues, n: number): void {
    const prev = this.previous;
    if (prev && prev.kind === values.kind && prev.values.length === values.values.length && values.values.length === n)
      this.changed = diffValues(prev, values, this.mask);
    else {
      this.changed = null;
      this.mask.fill(0);
    }
    if (prev && prev.kind === values.kind && prev.values.length === values.values.length)
      prev.values.set(values.values);
    else
      this.previous =
        values.kind === 'scent'
          ? { kind: 'scent', values: values.values.slice() }
          : { kind: 'float', values: new Float64Array(values.values) };
  }
}
