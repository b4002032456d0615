import { computeField, type Grid } from '@fieldmarshal/core';
import { useMemo, useState } from 'react';
import { rowsOutside, type ScenarioRow } from '../../shared/map-files/scenario.js';
import { studioService } from '../../shared/studio-service.js';
import type { MapResult } from '../model/map-compute.js';

/** Most rows listed at once (a bucket of a Moving AI scenario holds 10). */
const MAX_LISTED = 50;

/** The Moving AI rules every scenario row is measured under. */
export const SCENARIO_RULES = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' } as const;

/** The field's cost at a row's start against the row's optimal length (relative tolerance 1e-5). */
function verdict(cost: number | undefined, optimal: number): { text: string; ok: boolean } {
  if (cost === undefined || !Number.isFinite(cost)) return { text: 'no path', ok: false };
  const ok = Math.abs(cost - optimal) <= 1e-5 * Math.max(1, optimal);
  return { text: `${cost.toFixed(4)} ${ok ? '= optimal' : `≠ optimal ${optimal}`}`, ok };
}

export interface ScenarioPanelProps {
  name: string;
  rows: readonly ScenarioRow[];
  grid: Grid | null;
  /** The shown cost field (to check the row that was run). */
  shown: MapResult | null;
  /** Sets the row's goal, drops a unit on its start, and switches to the Moving AI rules. */
  runRow: (row: ScenarioRow) => void;
  /** The row that was run last, if any. */
  ranRow: ScenarioRow | null;
  close: () => void;
}

/**
 * A Moving AI scenario's rows: pick a bucket, run a row (its goal and a unit on its start; the field's cost at
 * the start is compared with the published optimal length), or check a whole bucket in the workers.
 */
export function ScenarioPanel(props: ScenarioPanelProps) {
  const { rows, grid, shown, ranRow } = props;
  const buckets = useMemo(() => [...new Set(rows.map((r) => r.bucket))], [rows]);
  const [bucket, setBucket] = useState(buckets[0] ?? 0);
  const [check, setCheck] = useState<string | null>(null);
  const listed = rows.filter((r) => r.bucket === bucket).slice(0, MAX_LISTED);
  const outside = grid ? rowsOutside(rows, grid.width, grid.height) : 0;
  const ran =
    ranRow && grid && shown?.mode === 'cost' && shown.values.kind === 'float'
      ? verdict(shown.values.values[ranRow.sy * grid.width + ranRow.sx], ranRow.optimal)
      : null;

  const checkBucket = async () => {
    if (!grid) return;
    setCheck('checking…');
    const options = listed.map((r) => ({ goals: [{ x: r.gx, y: r.gy }], ...SCENARIO_RULES }));
    try {
      let fields: { cost: Float64Array }[];
      try {
        const service = await studioService();
        fields = await service.computeFields(grid, options);
        const costs = fields.map(
          (f, k) => f.cost[(listed[k] as ScenarioRow).sy * grid.width + (listed[k] as ScenarioRow).sx],
        );
        for (const f of fields) service.release(f as never);
        setCheck(summary(costs));
      } catch {
        fields = options.map((o) => computeField(grid, o));
        setCheck(
          summary(
            fields.map((f, k) => f.cost[(listed[k] as ScenarioRow).sy * grid.width + (listed[k] as ScenarioRow).sx]),
          ),
        );
      }
    } catch (error) {
      setCheck(`failed: ${(error as Error).message}`);
    }
  };
  const summary = (costs: (number | undefined)[]) => {
    const ok = costs.filter((c, k) => verdict(c, (listed[k] as ScenarioRow).optimal).ok).length;
    return `bucket ${bucket}: ${ok}/${costs.length} rows at their optimal length`;
  };

  return (
    <div className="panel" data-testid="scenario-panel">
      <div className="row">
        <h2 className="grow">Scenario</h2>
        <button type="button" className="small" onClick={props.close} title="Close the scenario">
          ×
        </button>
      </div>
      <div className="small-text muted">
        {props.name}: {rows.length} rows, {buckets.length} buckets. Rows are run with octile costs, 8 neighbours, no
        corner cutting.
      </div>
      {outside > 0 && (
        <div className="warning">{outside} rows lie outside this map: is it the scenario of another map?</div>
      )}
      <div className="row">
        <span>Bucket</span>
        <select value={bucket} onChange={(e) => setBucket(Number(e.target.value))} data-testid="scenario-bucket">
          {buckets.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        <button type="button" className="small" onClick={checkBucket} disabled={!grid} data-testid="scenario-check">
          Check bucket
        </button>
      </div>
      {check && (
        <div className="small-text" data-testid="scenario-check-result">
          {check}
        </div>
      )}
      <div className="scenario-rows">
        <table>
          <thead>
            <tr>
              <th>start</th>
              <th>goal</th>
              <th>optimal</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {listed.map((r) => (
              <tr key={`${r.sx},${r.sy},${r.gx},${r.gy}`} className={r === ranRow ? 'selected' : undefined}>
                <td>
                  {r.sx}, {r.sy}
                </td>
                <td>
                  {r.gx}, {r.gy}
                </td>
                <td>{r.optimal}</td>
                <td>
                  <button type="button" className="small" onClick={() => props.runRow(r)} data-testid="scenario-run">
                    Run
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ran && (
        <div className={ran.ok ? 'small-text' : 'warning'} data-testid="scenario-verdict">
          cost at start: {ran.text}
        </div>
      )}
    </div>
  );
}
