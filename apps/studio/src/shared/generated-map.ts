import type { MapKind } from '@fieldmarshal/core';
import { MAP_KINDS } from '@fieldmarshal/core/grid';

/** Settings of a generated map (core's generateMap). */
export interface GeneratedMapSettings {
  generator: MapKind;
  /** Tiles. */
  width: number;
  /** Tiles (equal to width with `square`). */
  height: number;
  /** Integer >= 0. */
  seed: number;
  /** Share of walls of the `random` generator, 0..1. */
  density: number;
}

/** Generator settings as `kind,width,height,seed,density` (links). */
export function formatGenerated(g: GeneratedMapSettings): string {
  return `${g.generator},${g.width},${g.height},${g.seed},${g.density}`;
}

/** Reads {@link formatGenerated}'s text, or returns `fallback` when it is not valid. */
export function parseGenerated(text: string | null, fallback: GeneratedMapSettings): GeneratedMapSettings {
  const parts = text?.split(',') ?? [];
  if (parts.length !== 5) return fallback;
  const [generator, w, h, seed, density] = parts as [string, string, string, string, string];
  const num = (t: string, lo: number, hi: number, d: number) => {
    const v = Number(t);
    return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : d;
  };
  if (!(MAP_KINDS as readonly string[]).includes(generator)) return fallback;
  return {
    generator: generator as MapKind,
    width: Math.round(num(w, 4, 4096, fallback.width)),
    height: Math.round(num(h, 4, 4096, fallback.height)),
    seed: Math.round(num(seed, 0, 2 ** 31, fallback.seed)),
    density: num(density, 0, 1, fallback.density),
  };
}
