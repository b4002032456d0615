import type { FieldService } from '@fieldmarshal/core';
import {
  CROWD_BUMPED,
  CROWD_MOVING,
  CROWD_TUTORIAL_SCALE,
  type Crowd,
  commandCrowdGroup,
  createCrowd,
  crowdCount,
  crowdFrame,
  stepCrowd,
  stepCrowdParallel,
} from '@fieldmarshal/core/crowd';
import { BLUE, CROWD_MAP_HEIGHT, CROWD_MAP_WIDTH, createCrowdMap, RED, spawnArmies } from './crowd-map.js';
import { drawCrowd, renderWalls } from './draw-crowd.js';

/** Most units the slider allows. */
export const MAX_UNITS = 4000;
/** Fixed simulation step in seconds (several per frame at most, so a slow frame never explodes the step). */
const DT = 1 / 60;
const MAX_STEPS_PER_FRAME = 3;
/** Canvas pixels per tutorial pixel (the canvas shows the flocking tutorial's world at half size). */
const SCALE = 0.5;
/** Tutorial pixels per tile: the crowd works in tiles, the tutorial's world has 30-pixel tiles. */
export const TILE = CROWD_TUTORIAL_SCALE;
/** Canvas pixels per tile. */
const TILE_PX = TILE * SCALE;
export const CANVAS_W = CROWD_MAP_WIDTH * TILE_PX;
export const CANVAS_H = CROWD_MAP_HEIGHT * TILE_PX;

/** An order from the page, applied at the start of the next frame: send a group somewhere (in tiles), or respawn. */
export type CrowdCommand = { kind: 'send'; group: number; x: number; y: number } | { kind: 'spawn'; count: number };

/** The page's settings, read every frame. */
export interface CrowdSettings {
  showAvoid: boolean;
  useField: boolean;
  useWorkers: boolean;
  paused: boolean;
}

/** What the readout shows. */
export interface CrowdReadout {
  units: number;
  moving: number;
  bumped: number;
  /** Milliseconds per simulation step. */
  stepMs: number;
  /** Where the last steps ran: in the workers (and in which mode of the service), or on the page. */
  where: string;
}

export interface CrowdRunnerOptions {
  ctx: CanvasRenderingContext2D;
  /** Units per army at the start. */
  initialCount: number;
  /** Orders queued by the page (taken out by the runner). */
  commands: CrowdCommand[];
  settings: () => CrowdSettings;
  /** The worker service, for stepping in workers. */
  service: () => Promise<FieldService>;
  /** Called every sixth frame. */
  onReadout: (readout: CrowdReadout) => void;
  /** An order's error, or null after a good order. */
  onMessage: (message: string | null) => void;
}

/**
 * Runs seed 001's crowd demo on animation frames: a fixed step (on the page or in the workers), the page's
 * orders between steps, and drawing. Returns a function that stops it.
 */
export function startCrowdRunner(o: CrowdRunnerOptions): () => void {
  const { ctx, commands, settings } = o;
  const grid = createCrowdMap();
  const crowd: Crowd = createCrowd({ grid, capacity: MAX_UNITS });
  spawnArmies(crowd, o.initialCount);
  const walls = renderWalls(grid);
  const targets: ({ x: number; y: number } | null)[] = [null, null];
  let service: FieldService | null = null;
  let serviceError = false;
  let raf = 0;
  let last = performance.now();
  let acc = 0;
  let busy = false;
  let disposed = false;
  let frames = 0;
  let stepMs = 0;
  let where = 'page';

  const applyCommands = () => {
    for (const c of commands.splice(0)) {
      if (c.kind === 'spawn') {
        spawnArmies(crowd, c.count);
        targets[RED] = null;
        targets[BLUE] = null;
        continue;
      }
      try {
        commandCrowdGroup(crowd, c.group, { x: c.x, y: c.y }, { useField: settings().useField });
        targets[c.group] = { x: c.x, y: c.y };
        o.onMessage(null);
      } catch (error) {
        o.onMessage(error instanceof Error ? error.message : String(error));
      }
    }
  };

  const draw = () => {
    drawCrowd(ctx, crowd, walls, TILE_PX, { avoid: settings().showAvoid, targets });
    if (++frames % 6 !== 0) return;
    const n = crowdCount(crowd);
    const state = crowdFrame(crowd).state;
    let moving = 0;
    let bumped = 0;
    for (let i = 0; i < n; i++) {
      if (state[i] === CROWD_MOVING) moving++;
      else if (state[i] === CROWD_BUMPED) bumped++;
    }
    o.onReadout({ units: n, moving, bumped, stepMs, where });
  };

  const frame = (now: number) => {
    raf = requestAnimationFrame(frame);
    if (busy) return; // a worker step is still running: leave the crowd alone
    applyCommands();
    acc += Math.min(now - last, 100) / 1000;
    last = now;
    if (settings().paused) acc = 0;
    const steps = Math.min(MAX_STEPS_PER_FRAME, Math.floor(acc / DT));
    acc = steps === MAX_STEPS_PER_FRAME ? 0 : acc - steps * DT;
    const started = performance.now();
    if (settings().useWorkers && steps > 0 && !serviceError) {
      busy = true;
      const run = async () => {
        if (!service) service = await o.service();
        for (let s = 0; s < steps; s++) await stepCrowdParallel(service, crowd, DT);
      };
      // stepCrowdParallel settles only once EVERY band job settled (even after a failure), so when this
      // chain ends no worker writes the crowd any more and stepping on the page below is safe.
      run()
        .catch((error: unknown) => {
          serviceError = true;
          if (!disposed) o.onMessage(`workers unavailable, stepping on the page: ${String(error)}`);
        })
        .finally(() => {
          busy = false;
          if (disposed) return;
          stepMs = (performance.now() - started) / steps;
          if (!serviceError && service) where = `workers, ${service.mode}`;
          draw();
        });
      return;
    }
    for (let s = 0; s < steps; s++) stepCrowd(crowd, DT);
    if (steps > 0) {
      stepMs = (performance.now() - started) / steps;
      where = 'page';
    }
    draw();
  };
  raf = requestAnimationFrame(frame);
  return () => {
    disposed = true;
    cancelAnimationFrame(raf);
  };
}
