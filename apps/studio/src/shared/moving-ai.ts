/** The Moving AI benchmark maps served by the studio under `/maps/<name>.map` (scenarios under `/scenarios/`). */
export const MOVING_AI_MAPS = [
  { name: 'arena', size: '49 x 49' },
  { name: 'den520d', size: '256 x 257' },
  { name: 'Berlin_0_256', size: '256 x 256' },
  { name: 'maze512-1-0', size: '512 x 512' },
  { name: 'random512-10-0', size: '512 x 512' },
  { name: '8room_000', size: '512 x 512' },
] as const;

async function fetchText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return response.text();
}

/**
 * The studio's address as an absolute URL (its `maps/` and `scenarios/` folders lie under it), for workers: a
 * worker resolves relative addresses against its own script's.
 */
export function studioBase(): string {
  return new URL(import.meta.env.BASE_URL, globalThis.document?.baseURI ?? globalThis.location.href).href;
}

/** The text of a shipped Moving AI map (`base`: the studio's address, when fetched from a worker). */
export function fetchMovingAiText(
  name: string,
  signal?: AbortSignal,
  base = import.meta.env.BASE_URL,
): Promise<string> {
  return fetchText(`${base}maps/${encodeURIComponent(name)}.map`, signal);
}

/** The Moving AI scenario rows shipped for a Moving AI map, fetched from `/scenarios/<name>.map.scen`. */
export function fetchScenarioText(
  name: string,
  signal?: AbortSignal,
  base = import.meta.env.BASE_URL,
): Promise<string> {
  return fetchText(`${base}scenarios/${encodeURIComponent(name)}.map.scen`, signal);
}
