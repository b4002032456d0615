import { useState } from 'react';
import { type MapEngine, mainThreadEngine } from './map-compute.js';

/** The engine the Fields page computes with. */
export function useMapEngine(): MapEngine {
  const [engine] = useState<MapEngine>(mainThreadEngine);
  return engine;
}
