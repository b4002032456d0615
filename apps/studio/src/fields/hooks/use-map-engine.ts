import { useEffect, useState } from 'react';
import { studioService } from '../../shared/studio-service.js';
import { type MapEngine, mainThreadEngine } from '../model/map-compute.js';
import { createWorkerEngine } from '../model/worker-engine.js';

/** Where the Fields page computes: the worker service (default) or the main thread (for comparison). */
export type EngineChoice = 'workers' | 'main';

export interface MapEngineState {
  /** The engine in use: the workers once the service is up (and chosen), else the main thread. */
  engine: MapEngine;
  choice: EngineChoice;
  setChoice: (choice: EngineChoice) => void;
  /** `starting` until the service answers; `unavailable` when it could not start (see `error`). */
  workers: 'starting' | 'ready' | 'unavailable';
  error: string | null;
  /**
   * False while the workers are chosen and still starting: the page waits for them instead of freezing on a
   * big map on the main thread.
   */
  ready: boolean;
}

/** Starts (or joins) the studio's worker service and picks the engine the page computes with. */
export function useMapEngine(initial: EngineChoice = 'workers'): MapEngineState {
  const [choice, setChoice] = useState<EngineChoice>(initial);
  const [workerEngine, setWorkerEngine] = useState<MapEngine | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    studioService()
      .then((service) => {
        if (live) setWorkerEngine(createWorkerEngine(service));
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      });
    return () => {
      live = false;
    };
  }, []);
  const workers = workerEngine ? 'ready' : error ? 'unavailable' : 'starting';
  return {
    engine: choice === 'workers' && workerEngine ? workerEngine : mainThreadEngine,
    choice,
    setChoice,
    workers,
    error,
    ready: choice === 'main' || workers !== 'starting',
  };
}
