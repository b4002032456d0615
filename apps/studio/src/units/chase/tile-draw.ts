import type { Grid } from '@fieldmarshal/core';

/** Pixels per tile of the tile scenes (80 x 25 tiles). */
export const TILE = 11;

/** Colours after the seed's Screen class: blue screen, grey box, bright yellow and red glyphs. */
export const SCREEN_COLORS = {
  floor: '#0b1a4a',
  wall: '#7b808c',
  wallEdge: '#4a4f5a',
  grid: 'rgba(255,255,255,0.04)',
} as const;

/** Paints floor and walls of a tile map. */
export function drawTileMap(ctx: CanvasRenderingContext2D, grid: Grid, wallColor: string = SCREEN_COLORS.wall): void {
  ctx.fillStyle = SCREEN_COLORS.floor;
  ctx.fillRect(0, 0, grid.width * TILE, grid.height * TILE);
  ctx.fillStyle = wallColor;
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      if (grid.passable[y * grid.width + x] === 0) ctx.fillRect(x * TILE, y * TILE, TILE, TILE);
    }
  }
  ctx.strokeStyle = SCREEN_COLORS.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= grid.width; x++) {
    ctx.moveTo(x * TILE + 0.5, 0);
    ctx.lineTo(x * TILE + 0.5, grid.height * TILE);
  }
  for (let y = 0; y <= grid.height; y++) {
    ctx.moveTo(0, y * TILE + 0.5);
    ctx.lineTo(grid.width * TILE, y * TILE + 0.5);
  }
  ctx.stroke();
}

/** A character on a coloured tile, like the seed's `OutputUCharWith`. */
export function drawGlyph(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  char: string,
  background: string,
  foreground: string,
): void {
  ctx.fillStyle = background;
  ctx.fillRect(x * TILE, y * TILE, TILE, TILE);
  ctx.fillStyle = foreground;
  ctx.font = `bold ${TILE}px "Liberation Mono", monospace`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(char, x * TILE + TILE / 2, y * TILE + TILE / 2 + 1);
}

/** Small squares on the tiles of a flat [x, y, ...] list (trails, paths). */
export function drawTileDots(ctx: CanvasRenderingContext2D, tiles: ArrayLike<number>, color: string, size = 0.4): void {
  ctx.fillStyle = color;
  const s = Math.max(1, Math.round(TILE * size));
  const o = (TILE - s) / 2;
  for (let i = 0; i + 1 < tiles.length; i += 2) {
    ctx.fillRect((tiles[i] as number) * TILE + o, (tiles[i + 1] as number) * TILE + o, s, s);
  }
}

/** A polyline through tile centres. */
export function drawTileLine(ctx: CanvasRenderingContext2D, tiles: ArrayLike<number>, color: string, width = 1): void {
  if (tiles.length < 4) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo((tiles[0] as number) * TILE + TILE / 2, (tiles[1] as number) * TILE + TILE / 2);
  for (let i = 2; i + 1 < tiles.length; i += 2) {
    ctx.lineTo((tiles[i] as number) * TILE + TILE / 2, (tiles[i + 1] as number) * TILE + TILE / 2);
  }
  ctx.stroke();
}

/** The tile under a mouse event on a canvas drawn with {@link TILE} pixels per tile. */
export function tileAt(e: { clientX: number; clientY: number }, canvas: HTMLCanvasElement): { x: number; y: number } {
  const r = canvas.getBoundingClientRect();
  const sx = canvas.width / r.width;
  const sy = canvas.height / r.height;
  return {
    x: Math.floor(((e.clientX - r.left) * sx) / TILE),
    y: Math.floor(((e.clientY - r.top) * sy) / TILE),
  };
}
