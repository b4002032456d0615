import { createFieldService, generateMap } from '@fieldmarshal/core';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { measureAsync } from '../stats.js';

/** Worker pool throughput (16 octile fields, 1 against 2 workers) and the round trip of a small job. */
export async function runService(options: { reps: number; warmup: number }) {
  const data: Row[] = [];
  const rows: string[][] = [];
  const big = generateMap('random', 1024, 1024, { density: 0.2, seed: 1 });
  const goals: { x: number; y: number }[] = [];
  for (let i = 0; goals.length < 16; i += 65_537) {
    const t = i % big.passable.length;
    if (big.passable[t]) goals.push({ x: t % 1024, y: Math.floor(t / 1024) });
  }
  const reps = Math.max(3, Math.min(options.reps, 7));
  const bar = new ProgressBar(2 * reps + options.reps, 'service');
  const medians: number[] = [];
  for (const workers of [1, 2]) {
    const service = await createFieldService({ workers });
    try {
      bar.setLabel(`16 fields, ${workers} worker(s)`);
      const stats = await measureAsync(
        async () => {
          const fields = await Promise.all(
            goals.map((g) => service.computeField(big, { goals: [g], metric: 'octile' })),
          );
          // PERF: hand the buffers back for reuse, as a game loop would; they are already paged in.
          for (const f of fields) service.release(f);
        },
        { reps, warmup: 1, onRun: () => bar.tick() },
      );
      medians.push(stats.median);
      data.push({ suite: 'service', map: 'random-1024', case: `16 octile fields, ${workers} worker(s)`, stats });
      rows.push([
        `16 octile fields, random-1024`,
        `${workers}`,
        fmt(stats.median),
        `${fmt(stats.p10)}-${fmt(stats.p90)}`,
        workers === 1 ? '1.00x' : `${((medians[0] as number) / stats.median).toFixed(2)}x`,
      ]);
    } finally {
      await service.close();
    }
  }
  const small = generateMap('random', 64, 64, { density: 0.2, seed: 2 });
  const service = await createFieldService({ workers: 1 });
  try {
    bar.setLabel('64x64 round trip');
    let goal = 0;
    while (!small.passable[goal]) goal++;
    const stats = await measureAsync(
      () => service.computeField(small, { goals: [{ x: goal % 64, y: Math.floor(goal / 64) }] }),
      {
        reps: Math.max(50, options.reps * 10),
        warmup: 20,
        onRun: () => undefined,
      },
    );
    bar.tick(options.reps);
    data.push({ suite: 'service', map: 'random-64', case: 'round trip', stats });
    rows.push(['small job round trip, 64x64', '1', fmt(stats.median), `${fmt(stats.p10)}-${fmt(stats.p90)}`, '']);
  } finally {
    await service.close();
  }
  bar.finish();
  return {
    title: 'Worker service (Node worker_threads)',
    header: ['case', 'workers', 'median ms', 'p10-p90 ms', 'speed-up'],
    rows,
    data,
  };
}
