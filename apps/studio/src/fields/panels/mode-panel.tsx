import type { DiagonalRule, Metric } from '@fieldmarshal/core';
import { METRICS } from '@fieldmarshal/core/fields';
import { DIAGONAL_RULES } from '@fieldmarshal/core/grid';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { MAP_MODES, type MapMode, type MapModeInfo, type MapParams } from '../model/map-modes.js';

export interface ModePanelProps {
  mode: MapMode;
  setMode: (mode: MapMode) => void;
  params: MapParams;
  setParams: Dispatch<SetStateAction<MapParams>>;
  info: MapModeInfo;
  pointCount: number;
  clearPoints: () => void;
  computeError: string | null;
  /** The shown result's warning, if any. */
  warning: string | null;
}

/** The Map mode panel: the mode tabs, the parameters the mode uses, the points and the computation's errors. */
export function ModePanel(props: ModePanelProps) {
  const { mode, setMode, params, setParams, info, pointCount } = props;
  const [maxCostText, setMaxCostText] = useState(Number.isFinite(params.maxCost) ? String(params.maxCost) : '');
  const maxCostBad = maxCostText.trim() !== '' && !(Number(maxCostText) >= 0);
  const setParam = <K extends keyof MapParams>(key: K, value: MapParams[K]) =>
    setParams((p) => ({ ...p, [key]: value }));
  const usesMetric = mode === 'cost' || mode === 'safety';
  const usesStrength = mode === 'scent' || mode === 'flee';
  return (
    <div className="panel">
      <h2>Map mode</h2>
      <div className="segmented" role="tablist">
        {MAP_MODES.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            aria-selected={mode === m.id}
            className={mode === m.id ? 'active' : undefined}
            onClick={() => setMode(m.id)}
            title={`${m.label} (key ${m.key})`}
            data-mode={m.id}
          >
            {m.label.split(' ')[0]}
          </button>
        ))}
      </div>
      {usesMetric && (
        <label className="row">
          <span>Metric</span>
          <select
            value={params.metric}
            data-testid="metric"
            onChange={(e) => setParam('metric', e.target.value as Metric)}
          >
            {METRICS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="row">
        <span>Neighbours</span>
        <select
          value={params.neighbors}
          data-testid="neighbors"
          onChange={(e) => setParam('neighbors', Number(e.target.value) as 4 | 8)}
        >
          <option value={4}>4</option>
          <option value={8}>8</option>
        </select>
      </label>
      <label className="row">
        <span>Diagonals</span>
        <select
          value={params.diagonal}
          disabled={params.neighbors === 4}
          title="if-both-free (default): no corner cutting. always: the scent article's 8-way spreading, which cuts corners"
          data-testid="diagonal"
          onChange={(e) => setParam('diagonal', e.target.value as DiagonalRule)}
        >
          {DIAGONAL_RULES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {usesMetric && (
        <label
          className="row"
          title={
            mode === 'safety'
              ? 'Tiles farther than this from every threat are not seeded'
              : 'Range limit: tiles costing more stay unreachable'
          }
        >
          <span>{mode === 'safety' ? 'Threat range' : 'Max cost'}</span>
          <input
            type="number"
            min={0}
            placeholder="∞"
            value={maxCostText}
            aria-invalid={maxCostBad}
            className={maxCostBad ? 'invalid' : undefined}
            data-testid="max-cost"
            onChange={(e) => {
              setMaxCostText(e.target.value);
              const v = Number(e.target.value);
              // A bad entry keeps the last good limit (and says so) instead of silently dropping it.
              if (e.target.value.trim() === '') setParam('maxCost', Number.POSITIVE_INFINITY);
              else if (v >= 0) setParam('maxCost', v);
            }}
          />
        </label>
      )}
      {usesMetric && maxCostBad && (
        <div className="error" data-testid="max-cost-error">
          {mode === 'safety' ? 'Threat range' : 'Max cost'} must be a number of at least 0 (empty: no limit); still
          using {Number.isFinite(params.maxCost) ? params.maxCost : '∞'}.
        </div>
      )}
      {usesStrength && (
        <label className="row">
          <span>Strength</span>
          <input
            type="range"
            min={1}
            max={300}
            step={1}
            value={params.strength}
            onChange={(e) => setParam('strength', Number(e.target.value))}
            data-testid="strength"
          />
          <span className="num">{params.strength}</span>
        </label>
      )}
      {mode === 'safety' && (
        <label className="row">
          <span>Coefficient</span>
          <input
            type="range"
            min={-3}
            max={-0.1}
            step={0.1}
            value={params.coefficient}
            onChange={(e) => setParam('coefficient', Number(e.target.value))}
            data-testid="coefficient"
          />
          <span className="num">{params.coefficient.toFixed(1)}</span>
        </label>
      )}
      <div className="row">
        <span className="grow">
          {pointCount} {pointCount === 1 ? info.point : info.points}
        </span>
        <button type="button" className="small" onClick={props.clearPoints} disabled={pointCount === 0}>
          Clear {info.points}
        </button>
      </div>
      {props.computeError && <div className="error">{props.computeError}</div>}
      {props.warning && <div className="warning">{props.warning}</div>}
    </div>
  );
}
