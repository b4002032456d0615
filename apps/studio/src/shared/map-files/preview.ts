import type { Grid } from '@fieldmarshal/core';

/**
 * A small picture of a grid for the open-file dialog: at most `maxSide` pixels a side, each pixel the tile
 * at its centre (walls dark, ground light, water blue, dearer terrain darker green).
 */
export function previewCanvas(grid: Grid, maxSide = 240): HTMLCanvasElement {
  const f = Math.max(1, Math.max(grid.width, grid.height) / maxSide);
  const w = Math.max(1, Math.round(grid.width / f));
  const h = Math.max(1, Math.round(grid.height / f));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const image = ctx.createImageData(w, h);
  const d = image.data;
  for (let y = 0; y < h; y++) {
    const ty = Math.min(grid.height - 1, Math.floor((y + 0.5) * f));
    for (let x = 0; x < w; x++) {
      const tx = Math.min(grid.width - 1, Math.floor((x + 0.5) * f));
      const i = ty * grid.width + tx;
      const code = grid.passable[i];
      const t = grid.terrain ? (grid.terrain[i] as number) : 1;
      const p = (y * w + x) * 4;
      const rgb =
        code === 0
          ? [30, 32, 40]
          : code === 2
            ? [44, 86, 140]
            : t > 1
              ? [70, Math.max(80, 170 - 12 * t), 70]
              : [200, 204, 212];
      d[p] = rgb[0] as number;
      d[p + 1] = rgb[1] as number;
      d[p + 2] = rgb[2] as number;
      d[p + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}
