import type { Stats } from './stats.js';

export interface Row {
  suite: string;
  map: string;
  case: string;
  tiles?: number;
  stats?: Stats;
  /** Extra columns, already formatted. */
  extra?: Record<string, string | number>;
}

/** One table of a suite's report: its title, header and rows, and the rows' data for the JSON results. */
export interface Section {
  title: string;
  header: string[];
  rows: string[][];
  data: Row[];
}

export function fmt(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function cellsPerSecond(tiles: number, ms: number): string {
  const v = tiles / (ms / 1000);
  return v >= 1e9 ? `${(v / 1e9).toFixed(2)} G` : v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : `${(v / 1e3).toFixed(1)} k`;
}

/** A fixed-width text table for the terminal. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same table as Markdown. */
export function markdownTable(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
