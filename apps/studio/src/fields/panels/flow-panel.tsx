import { MAX_FLOW_RADIUS } from '@fieldmarshal/core/flow';
import { formatValue } from '../../shared/format-value.js';
import { COMPARE_COLORS } from '../draw/draw-flow.js';
import type { ArrowKind, FlowState } from '../hooks/use-flow.js';
import type { FlowCompareState } from '../hooks/use-flow-compare.js';
import type { FlowFollower } from '../model/flow-follower.js';

export interface FlowPanelProps {
  kind: ArrowKind;
  setKind: (kind: ArrowKind) => void;
  radius: number;
  setRadius: (radius: number) => void;
  flowStyle: 'arrows' | 'streamlines';
  setFlowStyle: (style: 'arrows' | 'streamlines') => void;
  flow: FlowState;
  compare: FlowCompareState;
  followers: readonly FlowFollower[];
  /** True when the shown map is a cost field (flows need one). */
  costField: boolean;
}

const len = (v: number) => v.toFixed(2);

/** One row of the comparison table. */
function CompareRow(props: { id: string; label: string; color: string; length: number | null; best: number | null }) {
  const { length, best } = props;
  return (
    <tr data-testid={`compare-${props.id}`} data-length={length ?? ''}>
      <td>
        <span className="swatch" style={{ background: props.color }} /> {props.label}
      </td>
      <td className="num">{length === null ? '–' : len(length)}</td>
      <td className="num">{length === null || !best ? '' : `${((length / best - 1) * 100).toFixed(1)}%`}</td>
    </tr>
  );
}

/**
 * The Directions panel: eight arrows or the smooth flow (V), the flow's mover radius and time, the three
 * followers compared from a start (K at the cursor, or the newest unit), and the flow followers' progress.
 */
export function FlowPanel(props: FlowPanelProps) {
  const { kind, flow, compare, followers } = props;
  const c = compare.comparison;
  const best = c?.anyAngle?.length ?? null;
  return (
    <div className="panel" data-testid="flow-panel">
      <h2>Directions</h2>
      <div className="row" role="radiogroup" aria-label="directions">
        <label className="check">
          <input
            type="radio"
            name="arrow-kind"
            checked={kind === 'eight'}
            onChange={() => props.setKind('eight')}
            data-testid="arrows-eight"
          />
          <span>eight arrows</span>
        </label>
        <label className="check">
          <input
            type="radio"
            name="arrow-kind"
            checked={kind === 'flow'}
            onChange={() => props.setKind('flow')}
            data-testid="arrows-flow"
          />
          <span>smooth flow (V)</span>
        </label>
      </div>
      {kind === 'flow' && !props.costField && (
        <div className="muted small-text">Flows follow cost fields (mode 1).</div>
      )}
      {kind === 'flow' && props.costField && (
        <>
          <label className="row">
            <span>Draw as</span>
            <select
              value={props.flowStyle}
              onChange={(e) => props.setFlowStyle(e.target.value as 'arrows' | 'streamlines')}
              data-testid="flow-style"
            >
              <option value="arrows">arrows</option>
              <option value="streamlines">streamlines (sampleFlow)</option>
            </select>
          </label>
          <label className="row" title="The mover's radius: the flow rounds wall corners this far off them">
            <span>Radius</span>
            <input
              type="range"
              min={0}
              max={MAX_FLOW_RADIUS}
              step={0.05}
              value={props.radius}
              onChange={(e) => props.setRadius(Number(e.target.value))}
              data-testid="flow-radius"
            />
            <span className="num">{props.radius.toFixed(2)}</span>
          </label>
          <div className="muted small-text" data-testid="flow-status">
            {flow.error
              ? flow.error
              : flow.computing || !flow.flow
                ? 'computing the flow…'
                : `flow in ${formatValue(flow.ms ?? 0)} ms (${flow.where})`}
          </div>
          <h3>Path lengths from ({c ? `${c.x}, ${c.y}` : '–'})</h3>
          {c ? (
            <table className="compare-table" data-testid="flow-compare">
              <thead>
                <tr>
                  <th>follower</th>
                  <th>tiles</th>
                  <th>over best</th>
                </tr>
              </thead>
              <tbody>
                <CompareRow
                  id="eight"
                  label="eight arrows"
                  color={COMPARE_COLORS.eight}
                  length={c.eight.length}
                  best={best}
                />
                <CompareRow
                  id="flow"
                  label="smooth flow"
                  color={COMPARE_COLORS.flow}
                  length={c.flow.length}
                  best={best}
                />
                <CompareRow
                  id="any"
                  label="any-angle optimum"
                  color={COMPARE_COLORS.anyAngle}
                  length={c.anyAngle?.length ?? null}
                  best={best}
                />
              </tbody>
            </table>
          ) : (
            <div className="muted small-text">
              Press <kbd>K</kbd> over a tile (or drop a unit) to compare the followers from there.
            </div>
          )}
          {c?.note && <div className="muted small-text">{c.note}</div>}
          {compare.error && <div className="error">{compare.error}</div>}
          {followers.length > 0 && (
            <ul className="unit-list" data-testid="flow-followers">
              {followers.slice(-6).map((f) => (
                <li
                  key={f.id}
                  data-testid="flow-follower"
                  data-status={f.status}
                  data-travelled={f.travelled.toFixed(3)}
                >
                  <span className="swatch round" style={{ background: f.color }} /> ({f.x.toFixed(1)}, {f.y.toFixed(1)})
                  · {f.travelled.toFixed(1)} tiles · {f.status === 'reached' ? 'reached the goal' : f.status}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
