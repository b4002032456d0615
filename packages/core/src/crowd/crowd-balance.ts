/**
 * Where the parallel crowd step cuts the map into bands of rows (./crowd-band.ts steps one): so that each band
 * costs about as much as the others, from what each segment of rows cost in the crowd's last parallel step (each
 * band reports it: units stepped and neighbours looked at, see `UNIT_WORK`), or, before a first step or after the
 * crowd changed size, from the rows of a sample of the units. The calling thread's work here is bounded by the
 * number of bands and the sample, never by the map or the crowd. Bands change no result, only their balance.
 */
import { BAND_SEGMENTS, bandSegments } from './crowd-band.js';
import { H_CURRENT } from './crowd-layout.js';
import { CROWD_CELL } from './crowd-options.js';
import { type Crowd, type CrowdFrame, crowdCount } from './crowd-state.js';

/** Units whose rows cut the bands of a crowd without a last step to go by. */
const SAMPLE = 1024;

/** What the last parallel step of a crowd cost, by segment of rows. */
interface BandHistory {
  /** Bands asked for, rows of cells, units: the history only serves a step with the same. */
  parts: number;
  rows: number;
  units: number;
  /** Segment j covers rows [start[j], end[j]) and cost work[j]. */
  start: number[];
  end: number[];
  work: number[];
}

const HISTORY = new WeakMap<Crowd, BandHistory>();

/** Rows of cells of a crowd's neighbour grid: a unit on the bottom edge has the row `height`. */
export function crowdCellRows(crowd: Crowd): number {
  return crowd.grid.height + 1;
}

/**
 * Row boundaries of at most `parts` bands of the crowd's rows (`bounds[0]` 0, the last the row count, each band at
 * least one row), balanced by the last step's work or a sample of the units (see the file comment).
 */
export function planCrowdBands(crowd: Crowd, parts: number): number[] {
  const rows = crowdCellRows(crowd);
  const units = crowdCount(crowd);
  const last = HISTORY.get(crowd);
  if (last && last.parts === parts && last.rows === rows && last.units === units)
    return cutRows(last.start, last.end, last.work, parts, rows);
  // A strided sample of the units' rows, each one unit of work (a unit off the map is left out: its band reports it).
  const frame = crowd.frames[(crowd.header[H_CURRENT] as number) & 1] as CrowdFrame;
  const T = CROWD_CELL;
  const count = Math.min(units, SAMPLE);
  const sample: number[] = [];
  for (let k = 0; k < count; k++) {
    const row = Math.floor((frame.y[Math.floor(((k + 0.5) * units) / count)] as number) / T);
    if (row >= 0 && row < rows) sample.push(row);
  }
  sample.sort((a, b) => a - b);
  return cutRows(
    sample,
    sample.map((r) => r + 1),
    sample.map(() => 1),
    parts,
    rows,
  );
}

/** Keeps what each band's segments cost (`work[b]`, see `bandSegments`) for the next step's bands. */
export function recordCrowdBands(
  crowd: Crowd,
  parts: number,
  bounds: readonly number[],
  work: readonly Float64Array[],
) {
  const history: BandHistory = {
    parts,
    rows: crowdCellRows(crowd),
    units: crowdCount(crowd),
    start: [],
    end: [],
    work: [],
  };
  for (let b = 0; b + 1 < bounds.length; b++) {
    const edges = bandSegments(bounds[b] as number, bounds[b + 1] as number);
    const cost = work[b];
    if (!cost || cost.length !== edges.length - 1 || edges.length - 1 > BAND_SEGMENTS) return;
    for (let j = 0; j < cost.length; j++) {
      history.start.push(edges[j] as number);
      history.end.push(edges[j + 1] as number);
      history.work.push(Math.max(0, Number(cost[j]) || 0));
    }
  }
  HISTORY.set(crowd, history);
}

/**
 * Cuts rows [0, rows) into at most `parts` bands of about equal work, given segments (ascending, each's work
 * spread evenly over its rows): each cut where the running work reaches its share, rounded to a row, then kept
 * at least a row past the last. Equal rows when there is no work to go by.
 */
export function cutRows(
  start: readonly number[],
  end: readonly number[],
  work: readonly number[],
  parts: number,
  rows: number,
): number[] {
  const bands = Math.max(1, Math.min(parts, rows));
  let total = 0;
  for (const w of work) total += w;
  const bounds = [0];
  let j = 0;
  let before = 0;
  for (let k = 1; k < bands; k++) {
    let cut: number;
    if (!(total > 0)) cut = Math.round((k * rows) / bands);
    else {
      const target = (k * total) / bands;
      while (j < work.length && before + (work[j] as number) < target) before += work[j++] as number;
      const w = work[j] ?? 0;
      const s = start[j] ?? rows;
      cut = w > 0 ? Math.round(s + ((target - before) / w) * ((end[j] as number) - s)) : s;
    }
    bounds.push(Math.min(Math.max(cut, (bounds[k - 1] as number) + 1), rows - (bands - k)));
  }
  bounds.push(rows);
  return bounds;
}
