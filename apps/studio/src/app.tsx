import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { FieldsPage } from './fields/fields-page.js';
import { PageActiveContext } from './shared/page-activity.js';
import { lastPageQuery, onPageQueries, pageHref, parseHash } from './shared/url-state.js';
import { WorkerCheck } from './worker-check.js';

// The first page ships with the studio; the others are separate chunks, loaded when first opened (less script to
// parse and run before the studio shows, and a main thread free sooner).
const TacticsPage = lazy(() => import('./tactics/tactics-page.js').then((m) => ({ default: m.TacticsPage })));
const UnitsPage = lazy(() => import('./units/units-page.js').then((m) => ({ default: m.UnitsPage })));
const SectorsPage = lazy(() => import('./sectors/sectors-page.js').then((m) => ({ default: m.SectorsPage })));
const BenchPage = lazy(() => import('./bench/bench-page.js').then((m) => ({ default: m.BenchPage })));

/** The studio's pages, in menu order. The hash (`#/fields?...`) selects one and holds its shareable state. */
const PAGES: readonly { id: string; title: string; render: () => ReactNode }[] = [
  { id: 'fields', title: 'Fields', render: () => <FieldsPage /> },
  { id: 'tactics', title: 'Tactics', render: () => <TacticsPage /> },
  { id: 'units', title: 'Units', render: () => <UnitsPage /> },
  { id: 'sectors', title: 'Big maps', render: () => <SectorsPage /> },
  { id: 'bench', title: 'Bench', render: () => <BenchPage /> },
];

function currentPage(): string {
  const { page } = parseHash(window.location.hash);
  return PAGES.some((p) => p.id === page) ? page : 'fields';
}

/**
 * The studio: a top bar with the page menu, and the pages. A page is mounted the first time it is shown and
 * then kept (hidden while another page is on screen), so leaving and coming back keeps its map, goals,
 * results and running demos; hidden pages take no keys and pause their animations. A link with a page's
 * query (pasted into the address bar) reopens that page from the query.
 */
export function App() {
  const [page, setPage] = useState(currentPage);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([currentPage()]));
  /** Bumped to remount a page whose query was changed from outside (a pasted link). */
  const [mounts, setMounts] = useState<Record<string, number>>({});
  const [, setLinks] = useState(0);
  useEffect(() => {
    const onHash = () => {
      const next = currentPage();
      const { query } = parseHash(window.location.hash);
      if (query !== '' && query !== lastPageQuery(next)) setMounts((m) => ({ ...m, [next]: (m[next] ?? 0) + 1 }));
      setPage(next);
      setVisited((v) => (v.has(next) ? v : new Set([...v, next])));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  // The menu links carry each page's last query: re-render them when a page writes one.
  useEffect(() => onPageQueries(() => setLinks((n) => n + 1)), []);
  // A file dropped where no page takes it must not replace the studio with the file.
  useEffect(() => {
    const ignore = (e: DragEvent) => e.preventDefault();
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Field Marshal Studio</span>
        <nav>
          {PAGES.map((p) => (
            <a
              key={p.id}
              href={pageHref(p.id)}
              className={p.id === page ? 'active' : undefined}
              data-page={p.id}
              onClick={(e) => {
                // The page's latest query (the href may be a moment old): the page is shown as it was left.
                if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
                e.preventDefault();
                window.location.hash = pageHref(p.id).slice(1);
              }}
            >
              {p.title}
            </a>
          ))}
        </nav>
        <WorkerCheck />
        <span className="isolation" data-testid="isolation">
          {globalThis.crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated'}
        </span>
      </header>
      {PAGES.filter((p) => visited.has(p.id)).map((p) => (
        <main
          key={`${p.id}:${mounts[p.id] ?? 0}`}
          className="page"
          hidden={p.id !== page}
          data-testid={p.id === page ? `page-${p.id}` : undefined}
        >
          <PageActiveContext.Provider value={p.id === page}>
            <Suspense fallback={<p className="page-loading">Loading {p.title}...</p>}>{p.render()}</Suspense>
          </PageActiveContext.Provider>
        </main>
      ))}
    </div>
  );
}
