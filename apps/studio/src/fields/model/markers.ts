import type { MapMode } from './map-modes.js';

/** Marker shapes drawn on the map: the mode's points and the units. */
export type MarkerKind = 'goal' | 'source' | 'threat' | 'unit';

/** Colours of the markers, for legends. */
export const MARKER_COLORS: Record<MarkerKind, string> = {
  goal: '#ffffff',
  source: '#ffb020',
  threat: '#ff4d5e',
  unit: '#35e0ff',
};

/** The marker of a mode's points: goals of cost fields, sources of scent maps, threats (heroes) otherwise. */
export function markerKindFor(mode: MapMode): MarkerKind {
  return mode === 'cost' ? 'goal' : mode === 'scent' ? 'source' : 'threat';
}
