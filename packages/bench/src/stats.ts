export { measure, measureAsync, percentile, type Stats, summarize } from './scenarios/stats.js';

/**
 * CPU time this process has used, milliseconds (user + system, all threads). For work on the main thread only
 * (the worker pool idle), the difference of two reads is its CPU time: unlike wall time, it does not grow when
 * other processes share the machine's cores.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
