import { type HeatmapStyle, renderHeatmap, type TileValues } from '../model/heatmap.js';

/**
 * An off-screen canvas holding a map at one pixel per tile, for {@link MapView}'s `image`. The ImageData is
 * kept and reused while the size stays the same, so re-rendering a 2048 x 2048 map allocates nothing.
 */
export class HeatmapSurface {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private image: ImageData | null = null;

  constructor() {
    this.canvas = document.createElement('canvas');
    const ctx = this.canvas.getContext('2d', { willReadFrequently: false });
    if (!ctx) throw new Error('2D canvas is not available');
    this.ctx = ctx;
  }

  /** Renders the whole map (see {@link renderHeatmap}); returns the time taken in ms. */
  render(width: number, height: number, passable: Uint8Array, field: TileValues | null, style: HeatmapStyle): number {
    const t0 = performance.now();
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
      this.image = this.ctx.createImageData(width, height);
    }
    renderHeatmap(this.image, passable, field, style);
    this.ctx.putImageData(this.image, 0, 0);
    return performance.now() - t0;
  }

  /** Recolours one tile at once (instant feedback while painting, before the map is recomputed). */
  setTile(x: number, y: number, rgb: readonly [number, number, number]): void {
    const image = this.image;
    if (!image || x < 0 || y < 0 || x >= image.width || y >= image.height) return;
    const p = (y * image.width + x) * 4;
    image.data[p] = rgb[0];
    image.data[p + 1] = rgb[1];
    image.data[p + 2] = rgb[2];
    image.data[p + 3] = 255;
    this.ctx.fillStyle = `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
    this.ctx.fillRect(x, y, 1, 1);
  }
}
