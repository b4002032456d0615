import type { CSSProperties } from 'react';

/**
 * The CSS size of a demo canvas of `width` x `height` pixels: as wide as its column allows (up to 1.6 times its
 * pixel size), never taller than the window leaves room for, keeping its aspect ratio. Pointer handlers map
 * through getBoundingClientRect, so any size works.
 */
export function demoCanvasStyle(width: number, height: number): CSSProperties {
  return {
    width: '100%',
    height: 'auto',
    aspectRatio: `${width} / ${height}`,
    maxWidth: `min(${Math.round(width * 1.6)}px, calc((100vh - 170px) * ${(width / height).toFixed(4)}))`,
  };
}
