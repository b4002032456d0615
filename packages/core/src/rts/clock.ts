/**
 * The fixed-step clock of the RTS tutorial's prediction queue ("Fixed time step and interpolation"): real frame time is
 * accumulated, whole fixed steps are taken from it, and the remainder, as a fraction of a step (`alpha`), places
 * the drawn positions between the last two fixed steps (the accumulator pattern of Glenn Fiedler's "Fix Your
 * Timestep!"). At most `maxSteps` steps run per frame, and time beyond them is dropped, so that a slow frame
 * cannot start a spiral of ever longer frames.
 */
export class RtsFixedStepClock {
  /** Fraction of a step left over after the last {@link RtsFixedStepClock.advance}, in [0, 1). */
  alpha = 0;
  private accumulator = 0;
  private readonly stepSeconds: number;
  private readonly maxSteps: number;

  /** @param stepSeconds the fixed step, seconds, > 0. @param maxSteps most steps per frame, >= 1. */
  constructor(stepSeconds: number, maxSteps: number) {
    this.stepSeconds = stepSeconds;
    this.maxSteps = maxSteps;
  }

  /** Adds a frame's time (seconds, >= 0) and returns the number of fixed steps to run now; sets `alpha`. */
  advance(seconds: number): number {
    const dt = this.stepSeconds;
    this.accumulator += Math.min(seconds, dt * this.maxSteps);
    let steps = 0;
    while (this.accumulator >= dt && steps < this.maxSteps) {
      this.accumulator -= dt;
      steps++;
    }
    if (this.accumulator >= dt) this.accumulator = 0;
    this.alpha = this.accumulator / dt;
    return steps;
  }
}
