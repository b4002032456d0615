import { type ReactNode, useEffect, useState } from 'react';
import { BenchPage } from './bench/bench-page.js';
import { FieldsPage } from './fields/fields-page.js';
import { TacticsPage } from './tactics/tactics-page.js';
import { UnitsPage } from './units/units-page.js';
import { WorkerCheck } from './worker-check.js';

/** The studio's pages, in menu order. The hash (`#/fields`) selects one. */
const PAGES: readonly { id: string; title: string; render: () => ReactNode }[] = [
  { id: 'fields', title: 'Fields', render: () => <FieldsPage /> },
  { id: 'tactics', title: 'Tactics', render: () => <TacticsPage /> },
  { id: 'units', title: 'Units', render: () => <UnitsPage /> },
  { id: 'bench', title: 'Bench', render: () => <BenchPage /> },
];

function currentPage(): string {
  const id = window.location.hash.replace(/^#\/?/, '');
  return PAGES.some((p) => p.id === id) ? id : 'fields';
}

export function App() {
  const [page, setPage] = useState(currentPage);
  useEffect(() => {
    const onHash = () => setPage(currentPage());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const active = PAGES.find((p) => p.id === page) ?? PAGES[0];
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Field Marshal Studio</span>
        <nav>
          {PAGES.map((p) => (
            <a key={p.id} href={`#/${p.id}`} className={p.id === page ? 'active' : undefined} data-page={p.id}>
              {p.title}
            </a>
          ))}
        </nav>
        <WorkerCheck />
        <span className="isolation" data-testid="isolation">
          {globalThis.crossOriginIsolated ? 'cross-origin isolated' : 'NOT isolated: shared memory unavailable'}
        </span>
      </header>
      <main className="page" data-testid={`page-${active?.id}`}>
        {active?.render()}
      </main>
    </div>
  );
}
