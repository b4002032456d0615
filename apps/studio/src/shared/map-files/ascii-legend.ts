import type { LegendEntry } from '@fieldmarshal/core';

/** A legend of an ASCII map: each character's passability code (0 wall, 1 ground, 2 water) and terrain cost. */
export type AsciiLegend = Record<string, { code: number; terrain: number }>;

const WALLS = '#@OTX%';
const WATER = 'W~';

/**
 * A starting legend for the characters used in `text`: `# @ O T X %` walls, `W ~` water, digits 1-9 ground
 * with that terrain cost, anything else ground. The user edits it before the map is read.
 */
export function guessLegend(text: string): AsciiLegend {
  const legend: AsciiLegend = {};
  const sample = text.length > 2_000_000 ? text.slice(0, 2_000_000) : text;
  for (let i = 0; i < sample.length; i++) {
    const ch = sample[i] as string;
    if (ch === '\n' || ch === '\r' || legend[ch]) continue;
    if (WALLS.includes(ch)) legend[ch] = { code: 0, terrain: 1 };
    else if (WATER.includes(ch)) legend[ch] = { code: 2, terrain: 1 };
    else if (ch >= '1' && ch <= '9') legend[ch] = { code: 1, terrain: Number(ch) };
    else legend[ch] = { code: 1, terrain: 1 };
  }
  return legend;
}

/** The legend as core's parseAsciiMap takes it. */
export function toCoreLegend(legend: AsciiLegend): Record<string, LegendEntry> {
  const out: Record<string, LegendEntry> = {};
  for (const [ch, e] of Object.entries(legend))
    out[ch] = e.terrain === 1 ? e.code : { code: e.code, terrain: e.terrain };
  return out;
}

/** Shows a legend character readably (`' '` for a space). */
export function showChar(ch: string): string {
  return ch === ' ' ? "' '" : ch === '\t' ? '\\t' : ch;
}
