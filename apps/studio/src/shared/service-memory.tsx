import type { ServiceStats } from '@fieldmarshal/core';
import { useEffect, useState } from 'react';
import { studioService } from './studio-service.js';

const MIB = 1024 * 1024;

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(bytes < 10 * MIB ? 1 : 0)} MiB`;
}

/**
 * The worker service's memory, read from `stats()` once a second while shown: buffers of fields and flows
 * handed out and not released (`issuedBytes`), buffers of running jobs (`jobBufferBytes`) and released buffers
 * kept for reuse (`pooledBytes`); and the time the service kept this thread busy (in all, and at most at once).
 */
export function ServiceMemory({ active }: { active: boolean }) {
  const [stats, setStats] = useState<ServiceStats | null>(null);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const read = () => {
      studioService()
        .then((service) => {
          if (!stopped) setStats(service.stats());
        })
        .catch(() => {
          if (!stopped) setStats(null);
        });
    };
    read();
    const timer = setInterval(read, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active]);
  if (!active || !stats) return null;
  return (
    <div
      className="muted small-text"
      data-testid="service-memory"
      data-main-thread-ms={stats.mainThreadMs.toFixed(1)}
      data-longest-ms={stats.longestMainThreadMs.toFixed(1)}
    >
      service memory: {mib(stats.issuedBytes)} in fields handed out, {mib(stats.jobBufferBytes)} in running jobs,{' '}
      {mib(stats.pooledBytes)} kept for reuse; {stats.mode} mode, on this thread {stats.mainThreadMs.toFixed(0)} ms in
      all (at most {stats.longestMainThreadMs.toFixed(1)} ms at once)
    </div>
  );
}
