import { MapParseError } from '@fieldmarshal/core';

/** One row of a Moving AI scenario file: a start, a goal and the optimal octile length between them. */
export interface ScenarioRow {
  bucket: number;
  /** The map the row belongs to (its base name, e.g. `arena.map`). */
  map: string;
  width: number;
  height: number;
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  /** Optimal length: 8 neighbours, diagonals sqrt 2, no corner cutting (about 6 significant digits). */
  optimal: number;
}

/**
 * Reads a Moving AI `.scen` file: `version 1` (or `version 1.0`), then tab-separated rows `bucket map width
 * height start_x start_y goal_x goal_y optimal_length`. Blank lines are skipped; the map column keeps only
 * its base name.
 * @throws MapParseError with the line and column of the first bad field.
 */
export function parseScenario(text: string): ScenarioRow[] {
  const lines = text.split(/\r?\n/);
  if (!/^version\s+1(\.0)?\s*$/.test(lines[0] ?? '')) {
    throw new MapParseError(`expected "version 1", found ${JSON.stringify((lines[0] ?? '').slice(0, 40))}`, 1, 1);
  }
  const rows: ScenarioRow[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n] as string;
    if (line.trim() === '') continue;
    const fields = line.split('\t');
    if (fields.length < 9) {
      throw new MapParseError(`expected 9 tab-separated fields, found ${fields.length}`, n + 1, line.length + 1);
    }
    const numbers: number[] = [];
    let column = 1;
    for (let k = 0; k < 9; k++) {
      const f = fields[k] as string;
      if (k !== 1) {
        const v = Number(f);
        const integer = k !== 8;
        if (f.trim() === '' || !Number.isFinite(v) || (integer && (!Number.isInteger(v) || v < 0))) {
          throw new MapParseError(
            `field ${k + 1} must be ${integer ? 'a whole number >= 0' : 'a number'}, found ${JSON.stringify(f)}`,
            n + 1,
            column,
          );
        }
        numbers.push(v);
      }
      column += f.length + 1;
    }
    const [bucket, width, height, sx, sy, gx, gy, optimal] = numbers as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const map = (fields[1] as string).split(/[\\/]/).pop() ?? '';
    rows.push({ bucket, map, width, height, sx, sy, gx, gy, optimal });
  }
  return rows;
}

/** Rows whose tiles lie outside a `width` x `height` map (a scenario of another map), as row numbers from 1. */
export function rowsOutside(rows: readonly ScenarioRow[], width: number, height: number): number {
  let bad = 0;
  for (const r of rows) if (r.sx >= width || r.gx >= width || r.sy >= height || r.gy >= height) bad++;
  return bad;
}
