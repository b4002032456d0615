/**
 * What each page can share through the URL: `#/<page>?key=value&...`. A page reads its query once when it
 * mounts ({@link readPageQuery}) and writes it back whenever its shareable state changes ({@link writePageQuery});
 * the address bar shows the query of the page on screen, so copying the URL gives a link that reopens the same
 * view. The last query of every page is remembered, so the menu links return to a page as it was.
 */

const queries = new Map<string, string>();
const listeners = new Set<() => void>();
/**
 * Address bar writes are at least this far apart, and during a drag they wait this long after its last change
 * (history.replaceState costs milliseconds, and browsers refuse a page that calls it too often).
 */
const WRITE_DELAY_MS = 250;
let timer: ReturnType<typeof setTimeout> | null = null;
/** When the address bar was last written (performance.now(), ms). */
let lastWrite = Number.NEGATIVE_INFINITY;
/** A pointer is down: a drag (a wall stroke, a slider) may change the state every frame until it ends. */
let dragging = false;

/** Shows the query of the page on screen in the address bar and tells the menu. */
function flush(): void {
  timer = null;
  const location = globalThis.location;
  if (location) {
    const { page } = parseHash(location.hash);
    const query = queries.get(page);
    if (query !== undefined) {
      const hash = query === '' ? `#/${page}` : `#/${page}?${query}`;
      if (location.hash !== hash) {
        history.replaceState(history.state, '', hash);
        lastWrite = performance.now();
      }
    }
  }
  for (const listener of listeners) listener();
}

/** Writes a pending query at once (the tab is hidden or left: a link copied from it then has the last change). */
function flushPending(): void {
  if (timer === null) return;
  clearTimeout(timer);
  flush();
}

/**
 * Schedules the write of the pending queries: during a drag once it has been still for {@link WRITE_DELAY_MS},
 * otherwise as soon as the last write is that old (at once after a click, a key or the end of a stroke, so a
 * reload right after it keeps the change).
 */
function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  const wait = dragging ? WRITE_DELAY_MS : Math.max(0, lastWrite + WRITE_DELAY_MS - performance.now());
  timer = setTimeout(flush, wait);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPending();
  });
  globalThis.addEventListener?.('pagehide', flushPending);
  globalThis.addEventListener?.('pointerdown', () => (dragging = true), true);
  const dragEnd = () => {
    dragging = false;
    // The page's own state settles a moment after the pointer is released; its writes then go at once.
    if (timer !== null) schedule();
  };
  globalThis.addEventListener?.('pointerup', dragEnd, true);
  globalThis.addEventListener?.('pointercancel', dragEnd, true);
}

/** The page id and query of a location hash (`#/fields?mode=cost` -> `fields`, `mode=cost`). */
export function parseHash(hash: string): { page: string; query: string } {
  const body = hash.replace(/^#\/?/, '');
  const q = body.indexOf('?');
  return q < 0 ? { page: body, query: '' } : { page: body.slice(0, q), query: body.slice(q + 1) };
}

/** The query this page should start from: the address bar's when it names this page, else the last one written. */
export function readPageQuery(page: string): URLSearchParams {
  const { page: current, query } = parseHash(globalThis.location?.hash ?? '');
  if (current === page && query !== '') return new URLSearchParams(query);
  return new URLSearchParams(queries.get(page) ?? '');
}

/** The link of a page with its last query (for the menu). */
export function pageHref(page: string): string {
  const query = queries.get(page) ?? '';
  return query === '' ? `#/${page}` : `#/${page}?${query}`;
}

/** The last query written by a page ('' when none). */
export function lastPageQuery(page: string): string {
  return queries.get(page) ?? '';
}

/**
 * Remembers a page's shareable state and, when the page is on screen, shows it in the address bar (replacing the
 * history entry, so Back still leaves the page): at once, but at most once per {@link WRITE_DELAY_MS}, and a
 * drag that changes it every frame writes when it stops or ends. Entries whose value is '' or undefined are
 * left out.
 */
export function writePageQuery(page: string, entries: Record<string, string | number | boolean | undefined>): void {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  if (queries.get(page) === query) return;
  queries.set(page, query);
  schedule();
}

/** Calls `listener` after every write (the menu re-renders its links). Returns the unsubscribe function. */
export function onPageQueries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Points as `x,y;x,y` (URL-safe and short). */
export function formatPoints(points: readonly { x: number; y: number }[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(';');
}

/** Reads `x,y;x,y`, skipping malformed entries; at most `max` points. */
export function parsePoints(text: string | null, max = 256): { x: number; y: number }[] {
  if (!text) return [];
  const out: { x: number; y: number }[] = [];
  for (const part of text.split(';')) {
    const m = /^(\d+),(\d+)$/.exec(part.trim());
    if (m && out.length < max) out.push({ x: Number(m[1]), y: Number(m[2]) });
  }
  return out;
}

/** A number from the query, or `fallback` when absent or not a finite number. */
export function numberParam(params: URLSearchParams, key: string, fallback: number): number {
  const text = params.get(key);
  if (text === null || text.trim() === '') return fallback;
  const value = Number(text);
  return Number.isFinite(value) ? value : text === 'inf' ? Number.POSITIVE_INFINITY : fallback;
}

/** One of `allowed` from the query, or `fallback`. */
export function choiceParam<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const text = params.get(key);
  return text !== null && (allowed as readonly string[]).includes(text) ? (text as T) : fallback;
}

/** A boolean from the query (`1`/`0`), or `fallback`. */
export function flagParam(params: URLSearchParams, key: string, fallback: boolean): boolean {
  const text = params.get(key);
  return text === '1' ? true : text === '0' ? false : fallback;
}
