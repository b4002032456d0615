import { useCallback, useEffect, useState } from 'react';
import { forgetKeptMaps, KEPT_MAPS_LIMIT_BYTES, type KeptMapInfo, listKeptMaps } from './map-store.js';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 1)} MiB`;

/**
 * The maps kept in this browser (opened from files, or edited past what a link holds), with their sizes against
 * the limit and a way to forget each or all. `refreshKey` changes when a map was kept (the list is read again).
 */
export function KeptMaps({ refreshKey }: { refreshKey: unknown }) {
  const [maps, setMaps] = useState<KeptMapInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = useCallback(() => {
    listKeptMaps()
      .then((list) => {
        setMaps(list);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger
  useEffect(read, [read, refreshKey]);
  const forget = (hash: string | 'all') => {
    forgetKeptMaps(hash).then(read, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  if (error) return <div className="muted small-text">kept maps: {error}</div>;
  if (!maps || maps.length === 0) return null;
  const total = maps.reduce((n, m) => n + m.bytes, 0);
  return (
    <details className="kept-maps" data-testid="kept-maps">
      <summary className="small-text">
        Kept in this browser: {maps.length} map{maps.length === 1 ? '' : 's'}, {mib(total)} of{' '}
        {mib(KEPT_MAPS_LIMIT_BYTES)}
      </summary>
      <ul>
        {maps.map((m) => (
          <li key={m.hash} className="small-text" data-hash={m.hash.slice(0, 16)}>
            <span className="grow">
              {m.name} ({m.width} x {m.height}, {mib(m.bytes)})
            </span>
            <button type="button" className="small" onClick={() => forget(m.hash)} title="Forget this map">
              Forget
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="small" onClick={() => forget('all')} data-testid="forget-all">
        Forget all
      </button>
      <div className="muted small-text">
        Links to a forgotten map ask for its file again. Past the limit, the least recently used maps are dropped.
      </div>
    </details>
  );
}
