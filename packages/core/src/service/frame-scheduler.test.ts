import { describe, expect, it } from 'vitest';
import { AbortError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import type { ResumableTask } from '../util/task.js';
import { createFrameScheduler, DEFAULT_MAX_SLICES_PER_FRAME } from './frame-scheduler.js';

/** A fake clock and a manual frame source, so frames and budgets are exact. */
function harness(budgetMs = 4) {
  let time = 0;
  const frames: (() => void)[] = [];
  const scheduler = createFrameScheduler({
    budgetMs,
    now: () => time,
    tick: (run) => frames.push(run),
  });
  return {
    scheduler,
    advance: (ms: number) => {
      time += ms;
    },
    /** Runs the pending frame; returns false when none was requested. */
    frame: () => {
      const run = frames.shift();
      if (!run) return false;
      run();
      return true;
    },
    pendingFrames: () => frames.length,
  };
}

/** Counts to `units`, one unit per step, each step costing `msPerUnit` on the fake clock. */
function counter(units: number, msPerUnit: number, advance: (ms: number) => void, log?: string[], name = '') {
  let done = 0;
  const task: ResumableTask<number> = {
    step(deadline) {
      void deadline;
      done++;
      advance(msPerUnit);
      log?.push(name);
      return done >= units;
    },
    result: () => done * 10,
    progress: () => done / units,
  };
  return task;
}

describe('createFrameScheduler', () => {
  it('runs slices until the per-frame budget is spent, then waits for the next frame', async () => {
    const h = harness(4);
    const task = counter(10, 1, h.advance);
    const handle = h.scheduler.schedule(task);
    expect(h.pendingFrames()).toBe(1);
    expect(handle.progress()).toBe(0);
    h.frame();
    expect(handle.progress()).toBe(0.4); // 4 slices of 1 ms within a 4 ms budget
    h.frame();
    expect(handle.progress()).toBe(0.8);
    h.frame();
    expect(handle.settled).toBe(true);
    await expect(handle.promise).resolves.toBe(100);
    expect(handle.progress()).toBe(1);
    expect(h.scheduler.pending).toBe(0);
    expect(h.frame()).toBe(false); // no frame requested once idle
  });

  it('always runs at least one slice per frame even when a slice overruns the budget', async () => {
    const h = harness(4);
    const handle = h.scheduler.schedule(counter(3, 10, h.advance));
    h.frame();
    expect(handle.progress()).toBeCloseTo(1 / 3, 12);
    h.frame();
    h.frame();
    await expect(handle.promise).resolves.toBe(30);
  });

  it('shares each frame between tasks round-robin and reports progress', async () => {
    const h = harness(6);
    const log: string[] = [];
    const progress: number[] = [];
    const a = h.scheduler.schedule(counter(4, 1, h.advance, log, 'a'), { onProgress: (p) => progress.push(p) });
    const b = h.scheduler.schedule(counter(2, 1, h.advance, log, 'b'));
    h.frame();
    expect(log).toEqual(['a', 'b', 'a', 'b', 'a', 'a']);
    await expect(a.promise).resolves.toBe(40);
    await expect(b.promise).resolves.toBe(20);
    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('cancels the stale task when a new one arrives under the same key', async () => {
    const h = harness(2);
    const first = h.scheduler.schedule(counter(10, 1, h.advance), { key: 'unit-7' });
    h.frame();
    const second = h.scheduler.schedule(counter(2, 1, h.advance), { key: 'unit-7' });
    const other = h.scheduler.schedule(counter(1, 1, h.advance), { key: 'unit-8' });
    await expect(first.promise).rejects.toBeInstanceOf(AbortError);
    await expect(first.promise).rejects.toThrow(/unit-7/);
    expect(h.scheduler.pending).toBe(2);
    while (h.frame()) {}
    await expect(second.promise).resolves.toBe(20);
    await expect(other.promise).resolves.toBe(10);
  });

  it('cancels through cancel(), an AbortSignal and cancelAll, and stops stepping cancelled tasks', async () => {
    const h = harness(1);
    let steps = 0;
    const task: ResumableTask<string> = {
      step: () => {
        steps++;
        h.advance(1);
        return false;
      },
      result: () => 'never',
      progress: () => 0,
    };
    const handle = h.scheduler.schedule(task);
    h.frame();
    handle.cancel('no longer needed');
    await expect(handle.promise).rejects.toThrow('no longer needed');
    expect(h.frame()).toBe(true);
    expect(steps).toBe(1);

    const controller = new AbortController();
    const viaSignal = h.scheduler.schedule(counter(5, 1, h.advance), { signal: controller.signal });
    controller.abort();
    await expect(viaSignal.promise).rejects.toBeInstanceOf(AbortError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      h.scheduler.schedule(counter(5, 1, h.advance), { signal: aborted.signal }).promise,
    ).rejects.toBeInstanceOf(AbortError);

    const x = h.scheduler.schedule(counter(5, 1, h.advance));
    const y = h.scheduler.schedule(counter(5, 1, h.advance));
    h.scheduler.cancelAll();
    await expect(x.promise).rejects.toBeInstanceOf(AbortError);
    await expect(y.promise).rejects.toBeInstanceOf(AbortError);
    expect(h.scheduler.pending).toBe(0);
  });

  it('rejects with the error a step throws and keeps running the other tasks', async () => {
    const h = harness(10);
    const failing: ResumableTask<number> = {
      step: () => {
        throw new RangeError('bad slice');
      },
      result: () => 0,
      progress: () => 0,
    };
    const bad = h.scheduler.schedule(failing);
    const good = h.scheduler.schedule(counter(2, 1, h.advance));
    h.frame();
    await expect(bad.promise).rejects.toThrow('bad slice');
    await expect(good.promise).resolves.toBe(20);
  });

  it('validates its options and tasks', () => {
    expect(() => createFrameScheduler({ budgetMs: 0 })).toThrow(OutOfRangeError);
    expect(() => createFrameScheduler({ budgetMs: Number.NaN })).toThrow(OutOfRangeError);
    expect(() => createFrameScheduler({ tick: 5 as never })).toThrow(InvalidOptionError);
    expect(() => createFrameScheduler().schedule({} as never)).toThrow(InvalidOptionError);
  });

  it('runs on the default tick (setImmediate in Node) with the real clock', async () => {
    const scheduler = createFrameScheduler({ budgetMs: 1 });
    let n = 0;
    const task: ResumableTask<number> = {
      step: () => ++n >= 50,
      result: () => n,
      progress: () => n / 50,
    };
    await expect(scheduler.schedule(task).promise).resolves.toBe(50);
  });
});

describe('frame scheduler against hostile input (issue 23)', () => {
  it('refuses bad options and tasks with typed errors, reading own properties only', () => {
    expect(() => createFrameScheduler(null as never)).toThrow(InvalidOptionError);
    expect(() => createFrameScheduler({ budgetMs: Symbol('b') as never })).toThrow(OutOfRangeError);
    expect(() => createFrameScheduler({ now: 3 as never })).toThrow(InvalidOptionError);
    const { scheduler, advance } = harness();
    const task = counter(2, 1, advance);
    expect(() => scheduler.schedule(task, null as never)).toThrow(InvalidOptionError);
    expect(() => scheduler.schedule(task, { signal: 3 as never })).toThrow(InvalidOptionError);
    expect(() => scheduler.schedule(task, { onProgress: 'x' as never })).toThrow(InvalidOptionError);
    expect(() => scheduler.schedule(task, { key: 3 as never })).toThrow(InvalidOptionError);
    expect(() => scheduler.schedule({ step: () => true, result: () => 1 } as never)).toThrow(InvalidOptionError);
    const proto = Object.prototype as Record<string, unknown>;
    proto.budgetMs = -1;
    try {
      expect(() => createFrameScheduler({})).not.toThrow();
    } finally {
      delete proto.budgetMs;
    }
  });

  it('a throwing progress listener fails its own task only; cancelled tasks nobody awaits raise nothing', async () => {
    const { scheduler, advance, frame } = harness(10);
    const boom = new Error('listener broke');
    const bad = scheduler.schedule(counter(5, 1, advance), {
      onProgress: () => {
        throw boom;
      },
    });
    const good = scheduler.schedule(counter(3, 1, advance));
    const dropped = scheduler.schedule(counter(50, 1, advance), { key: 'k' });
    scheduler.schedule(counter(1, 1, advance), { key: 'k' }); // supersedes `dropped`, whose promise nobody reads
    while (frame()) {}
    await expect(bad.promise).rejects.toBe(boom);
    await expect(good.promise).resolves.toBe(30);
    expect(dropped.settled).toBe(true);
    expect(scheduler.pending).toBe(0);
  });
});

describe('frame scheduler with clocks that stand still or throw (issue 35)', () => {
  /** A task that never finishes by itself and counts its slices. */
  function endless() {
    const task = {
      slices: 0,
      step: () => {
        task.slices++;
        return false;
      },
      result: () => 0,
      progress: () => 0,
    };
    return task;
  }

  it('a clock that stands still runs at most maxSlicesPerFrame slices per frame', () => {
    const frames: (() => void)[] = [];
    const tick = (run: () => void) => frames.push(run);
    const still = createFrameScheduler({ now: () => 0, tick });
    const task = endless();
    const handle = still.schedule(task);
    frames.shift()?.();
    expect(task.slices).toBe(DEFAULT_MAX_SLICES_PER_FRAME);
    expect(frames.length).toBe(1); // the next frame is asked for
    frames.shift()?.();
    expect(task.slices).toBe(2 * DEFAULT_MAX_SLICES_PER_FRAME);
    handle.cancel();
    frames.length = 0;
    const bounded = createFrameScheduler({ now: () => 5, tick, maxSlicesPerFrame: 7 });
    const a = endless();
    const b = endless();
    bounded.schedule(a);
    bounded.schedule(b);
    frames.shift()?.();
    expect(a.slices + b.slices).toBe(7);
    bounded.cancelAll();
    expect(() => createFrameScheduler({ maxSlicesPerFrame: 0 })).toThrow(OutOfRangeError);
    expect(() => createFrameScheduler({ maxSlicesPerFrame: 1.5 })).toThrow(OutOfRangeError);
  });

  it('the default clock frozen (a mocked performance.now) still ends each frame', async () => {
    const scheduler = createFrameScheduler({ now: () => 1234 });
    let n = 0;
    const task: ResumableTask<number> = { step: () => ++n >= 5000, result: () => n, progress: () => n / 5000 };
    await expect(scheduler.schedule(task).promise).resolves.toBe(5000);
  });

  it('a throwing clock rejects the task on the default tick; the scheduler and the process go on', async () => {
    let broken = true;
    const boom = new Error('clock broke');
    const scheduler = createFrameScheduler({
      now: () => {
        if (broken) throw boom;
        return performance.now();
      },
    });
    const first = scheduler.schedule(endless());
    await expect(first.promise).rejects.toBe(boom);
    expect(scheduler.pending).toBe(0);
    broken = false;
    let n = 0;
    const next: ResumableTask<number> = { step: () => ++n >= 3, result: () => n, progress: () => n / 3 };
    await expect(scheduler.schedule(next).promise).resolves.toBe(3);
  });

  it('a clock that returns no time rejects with OutOfRangeError; a throwing step with what it threw', async () => {
    const nan = createFrameScheduler({ now: () => Number.NaN });
    await expect(nan.schedule(endless()).promise).rejects.toBeInstanceOf(OutOfRangeError);
    const text = createFrameScheduler({ now: (() => 'soon') as never });
    await expect(text.schedule(endless()).promise).rejects.toBeInstanceOf(OutOfRangeError);
    const scheduler = createFrameScheduler();
    const boom = new Error('step broke');
    const bad = scheduler.schedule({
      step: () => {
        throw boom;
      },
      result: () => 0,
      progress: () => 0,
    });
    let n = 0;
    const good = scheduler.schedule({ step: () => ++n >= 4, result: () => n, progress: () => n / 4 });
    await expect(bad.promise).rejects.toBe(boom);
    await expect(good.promise).resolves.toBe(4);
  });

  it('a tick that throws rejects the pending tasks instead of throwing from schedule()', async () => {
    const boom = new Error('no frames');
    const scheduler = createFrameScheduler({
      tick: () => {
        throw boom;
      },
    });
    const handle = scheduler.schedule(endless());
    await expect(handle.promise).rejects.toBe(boom);
    expect(scheduler.pending).toBe(0);
  });
});
