// The long-task watch of the end-to-end tests: a PerformanceObserver('longtask') in the page, read against a
// Chromium trace of the same time, so each long task the observer reports comes with the CPU time the page's
// main thread spent in it. On a machine shared with other work, the main thread can wait for a core in the
// middle of a 5 ms task and the observer then reports it as a 150 ms task; the limit is for work the page did.

/** Long tasks whose main thread worked less than this share of their time were waiting for a core. */
const WORKED_SHARE = 0.5;

/** The unfinished watch of each browser (Chromium records one trace at a time): its `end()`. */
const running = new Map();

/**
 * Ends `browser`'s long-task watch if one is running (its trace is dropped): call it in a `finally`, so a test
 * that fails half-way leaves no trace recording behind. {@link watchLongTasks} calls it too.
 */
export async function endWatch(browser) {
  const end = running.get(browser);
  if (!end) return;
  try {
    await end();
  } catch {
    // the browser or page is gone: nothing records any more
  }
}

/**
 * Starts watching `page` (observer and trace). Returns `stop()`, which ends both and resolves to
 * `{ tasks, over(limitMs), summary, cpuQuantile(q) }`: every long task `{ wall, cpu, what }` (ms), the ones over
 * the limit that the page really worked (CPU at least half the wall time, or a CPU time over the limit), a
 * one-line summary, and quantiles of the CPU time of every main-thread task.
 */
export async function watchLongTasks(browser, page) {
  // A watch a failed test left running (its trace still recording) is ended first: one failure, one failed test.
  await endWatch(browser);
  // The trace first, so every task the observer reports lies inside it. The browser's trace, not the page's:
  // ending a page's trace fails once the page is closed, and Playwright then counts it as recording for good.
  // The page's own main thread is found by the mark below.
  await browser.startTracing(undefined, { categories: ['toplevel', 'blink.user_timing'] });
  let ended = false;
  const end = async () => {
    if (ended) return null;
    ended = true;
    if (running.get(browser) === end) running.delete(browser);
    return browser.stopTracing();
  };
  running.set(browser, end);
  // A mark in both clocks: the trace's microseconds and the page's performance.now().
  const markAt = await page.evaluate(() => {
    window.__longTasks = [];
    window.__longTaskObserver?.disconnect();
    window.__longTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, wall: e.duration });
    });
    window.__longTaskObserver.observe({ type: 'longtask' });
    return performance.mark('long-task-watch').startTime;
  });
  return async () => {
    let observed;
    let buffer;
    try {
      observed = await page.evaluate(() => {
        window.__longTaskObserver?.disconnect();
        return window.__longTasks.splice(0);
      });
    } finally {
      buffer = await end();
    }
    if (buffer === null) throw new Error('this long-task watch was ended already');
    const trace = JSON.parse(buffer.toString('utf8'));
    const events = trace.traceEvents ?? trace;
    const threads = new Map();
    for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    const mark = events.find((e) => e.name === 'long-task-watch');
    const offset = mark ? mark.ts / 1000 - markAt : null;
    // The page's main thread: the one that made the mark (any renderer's when it is missing).
    const main = (e) =>
      mark ? e.pid === mark.pid && e.tid === mark.tid : threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
    const runs = events.filter(
      (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main(e),
    );
    const tasks = observed.map((o) => {
      // The trace's task that covers the observer's (the outermost one, whose CPU time includes the inner ones).
      let cpu = null;
      let what = '';
      if (offset !== null) {
        const from = (o.start + offset) * 1000;
        const to = from + o.wall * 1000;
        for (const r of runs) {
          const overlap = Math.min(to, r.ts + r.dur) - Math.max(from, r.ts);
          if (overlap > 0.5 * Math.min(r.dur, o.wall * 1000) && (cpu === null || (r.tdur ?? r.dur) / 1000 > cpu)) {
            cpu = (r.tdur ?? r.dur) / 1000;
            what = `${r.args?.src_file ?? ''} ${r.args?.src_func ?? ''}`.trim();
          }
        }
      }
      return { wall: Math.round(o.wall), cpu: cpu === null ? null : Math.round(cpu * 10) / 10, what };
    });
    // Every main-thread task's CPU time (ms), ascending: what the page itself worked, whatever the machine's load.
    const cpu = runs.map((r) => (r.tdur ?? r.dur) / 1000).sort((a, b) => a - b);
    const cpuQuantile = (q) => cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))] ?? 0;
    const over = (limit) =>
      tasks.filter((t) => t.wall > limit && (t.cpu === null || t.cpu > limit || t.cpu >= WORKED_SHARE * t.wall));
    const summary = `${tasks.length} long tasks${tasks.length ? `: ${tasks.map((t) => `${t.wall} ms (cpu ${t.cpu ?? '?'})`).join(', ')}` : ''}`;
    return { tasks, over, summary, cpuQuantile };
  };
}

/**
 * Records requestAnimationFrame intervals in the page until `stop()`, which resolves to the sorted intervals
 * (ms) with their median, p95 and largest.
 */
export async function watchFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__framesStop = false;
    let last = performance.now();
    const loop = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (!window.__framesStop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  return async () => {
    const frames = await page.evaluate(() => {
      window.__framesStop = true;
      return window.__frames.slice(1).sort((a, b) => a - b);
    });
    const q = (p) => frames[Math.min(frames.length - 1, Math.floor(p * frames.length))] ?? 0;
    return { frames, median: q(0.5), p95: q(0.95), max: frames.at(-1) ?? 0 };
  };
}
