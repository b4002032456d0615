import { describe, expect, it } from 'vitest';
import type { ResumableTask } from '../util/task.js';
import { createFrameScheduler } from './frame-scheduler.js';

describe('createFrameScheduler in the browser', () => {
  it('runs on requestAnimationFrame: a slice that overruns the budget leaves the rest to later frames', async () => {
    const scheduler = createFrameScheduler({ budgetMs: 1 });
    const frameTimes: number[] = [];
    let steps = 0;
    const task: ResumableTask<number> = {
      step: (deadline) => {
        frameTimes.push(document.timeline.currentTime as number);
        while (performance.now() < deadline + 1) {
          // Overrun the budget on purpose.
        }
        steps++;
        return steps === 3;
      },
      result: () => steps,
      progress: () => steps / 3,
    };
    const progress: number[] = [];
    await expect(scheduler.schedule(task, { onProgress: (p) => progress.push(p) }).promise).resolves.toBe(3);
    expect(new Set(frameTimes).size).toBe(3);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });
});
