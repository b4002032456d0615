import { type ColorScale, scaleCss } from '../../shared/color-scale.js';
import { formatValue } from '../../shared/format-value.js';
import type { LegendSwatch } from '../../shared/legend.js';

/** What the legend under an exported map says (the same as the page's legend). */
export interface LegendSpec {
  title: string;
  scale: ColorScale;
  /** The part of the scale the bar shows (fractions). */
  from: number;
  to: number;
  min: number;
  max: number;
  lowLabel: string;
  highLabel: string;
  ticks: readonly { value: number; at: number }[];
  swatches: readonly LegendSwatch[];
  /** Shown instead of the bar when there are no values. */
  empty?: string;
  /** A line under the legend: the map, mode and parameters. */
  caption: string;
}

/** The first plain colour in a CSS background (swatches may be gradients). */
function swatchColor(background: string): string {
  return /(#[0-9a-f]{3,8}|rgba?\([^)]*\))/i.exec(background)?.[1] ?? '#888';
}

/**
 * The map as shown (the view's canvas: heatmap, arrows, markers) with its legend drawn under it, as a PNG.
 */
export async function exportMapPng(view: HTMLCanvasElement, legend: LegendSpec): Promise<Blob> {
  const dpr = window.devicePixelRatio || 1;
  const w = view.width;
  const pad = Math.round(12 * dpr);
  const legendH = Math.round(118 * dpr);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = view.height + legendH;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.fillStyle = '#15171c';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(view, 0, 0);
  ctx.setTransform(dpr, 0, 0, dpr, 0, view.height);
  const cssW = w / dpr;
  const p = pad / dpr;
  ctx.fillStyle = '#e6e8ee';
  ctx.font = '600 13px "Liberation Sans", sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillText(legend.title, p, 8);
  const barW = Math.min(520, cssW - 2 * p);
  if (legend.empty) {
    ctx.font = '12px "Liberation Sans", sans-serif';
    ctx.fillStyle = '#9aa3b5';
    ctx.fillText(legend.empty, p, 30);
  } else {
    const gradient = ctx.createLinearGradient(p, 0, p + barW, 0);
    for (let i = 0; i <= 16; i++)
      gradient.addColorStop(i / 16, scaleCss(legend.scale, legend.from + ((legend.to - legend.from) * i) / 16));
    ctx.fillStyle = gradient;
    ctx.fillRect(p, 28, barW, 14);
    ctx.strokeStyle = '#000';
    ctx.strokeRect(p + 0.5, 28.5, barW - 1, 13);
    ctx.font = '12px "Liberation Sans", sans-serif';
    ctx.fillStyle = '#e6e8ee';
    ctx.textAlign = 'left';
    ctx.fillText(formatValue(legend.min), p, 45);
    ctx.textAlign = 'right';
    ctx.fillText(formatValue(legend.max), p + barW, 45);
    ctx.textAlign = 'center';
    for (const t of legend.ticks) if (t.at > 0.1 && t.at < 0.9) ctx.fillText(formatValue(t.value), p + t.at * barW, 45);
    ctx.fillStyle = '#9aa3b5';
    ctx.font = '11px "Liberation Sans", sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText(legend.lowLabel, p, 60);
    ctx.textAlign = 'right';
    ctx.fillText(legend.highLabel, p + barW, 60);
  }
  ctx.textAlign = 'left';
  ctx.font = '12px "Liberation Sans", sans-serif';
  let x = p;
  for (const s of legend.swatches) {
    const label = s.label;
    const tw = ctx.measureText(label).width + 30;
    if (x + tw > cssW - p) break;
    ctx.fillStyle = swatchColor(s.background);
    ctx.beginPath();
    if (s.round) ctx.arc(x + 6, 84, 6, 0, Math.PI * 2);
    else ctx.rect(x, 78, 12, 12);
    ctx.fill();
    ctx.strokeStyle = '#000';
    ctx.stroke();
    ctx.fillStyle = '#e6e8ee';
    ctx.fillText(label, x + 17, 78);
    x += tw;
  }
  ctx.fillStyle = '#9aa3b5';
  ctx.font = '11px "Liberation Sans", sans-serif';
  ctx.fillText(legend.caption, p, 100);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}
