import type { MapKind } from '@fieldmarshal/core';

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
