import { formatCount, formatValue } from '../../shared/format-value.js';
import type { CorridorState } from '../hooks/use-corridor.js';
import type { ShownRoute, Tile } from '../hooks/use-sector-route.js';
import type { UnitsWay } from '../model/units-way.js';

export interface RoutePanelProps {
  /** The way the units follow down the corridor field from the start, once the field is complete. */
  way: UnitsWay | null;
  start: Tile | null;
  goal: Tile | null;
  answer: ShownRoute | null;
  error: string | null;
  corridor: CorridorState;
  showCorridor: boolean;
  setShowCorridor: (on: boolean) => void;
  unitCount: number;
  setUnitCount: (n: number) => void;
  /** The corridor field's `fullFieldAbove`: a fraction of the sectors (1: never). */
  fullAbove: number;
  setFullAbove: (f: number) => void;
  arrived: number;
  units: number;
  /** Units' speed, tiles per second. */
  speed: number;
  setSpeed: (speed: number) => void;
}

/** Where the queries ran, in words. */
const WHERE: Record<ShownRoute['where'], string> = {
  shared: 'in the route worker (shared memory)',
  copy: "in the route worker, on a copy of the graph (this page can't share memory)",
  page: 'on this page (no worker)',
};

const at = (t: Tile | null) => (t ? `(${t.x}, ${t.y})` : '–');
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : formatValue(v)} ms`;

/** How the way the units take compares with the drawn path: they may differ, and the cheaper one is said. */
function WayNote({ way, pathCost }: { way: UnitsWay; pathCost: number }) {
  const diff = pathCost - way.cost;
  const same = Math.abs(diff) <= 1e-6 * Math.max(1, pathCost);
  return (
    <div className="small-text" data-testid="way-note">
      {same
        ? `The units follow a way as long as the path (cost ${formatValue(way.cost)}).`
        : diff > 0
          ? `The units follow the corridor field, which found a cheaper way than the path: ${formatValue(way.cost)} against ${formatValue(pathCost)} (both drawn).`
          : `The units' way down the corridor field costs ${formatValue(way.cost)}, the path ${formatValue(pathCost)} (both drawn).`}
    </div>
  );
}

/** The Route panel: start and goal, the route's and the path's costs and times, the corridor field, the units. */
export function RoutePanel(props: RoutePanelProps) {
  const { answer: a, corridor: c } = props;
  return (
    <div className="panel" data-testid="route-panel">
      <h2>Route</h2>
      <div className="small-text">
        start {at(props.start)} · goal {at(props.goal)}
      </div>
      {!props.goal && <div className="muted small-text">Click the map to set the goal (Shift+click: the start).</div>}
      {props.error && (
        <div className="error" data-testid="route-error">
          {props.error}
        </div>
      )}
      {a && !a.reachable && (
        <div className="warning small-text" data-testid="route-unreachable">
          the goal cannot be reached from the start (answered from the components in {ms(a.routeMs)})
        </div>
      )}
      {a?.reachable && (
        <div className="muted small-text" data-testid="route-where" data-where={a.where}>
          query times: best of 3 warm runs, {WHERE[a.where]}
        </div>
      )}
      {a?.reachable && (
        <dl
          className="stats"
          data-testid="route-stats"
          data-cost={a.pathCost}
          data-route-cost={a.routeCost}
          data-goal={`${a.goal.x},${a.goal.y}`}
        >
          <dt>first move</dt>
          <dd>{ms(a.firstMoveMs)}</dd>
          <dt>route (entrances)</dt>
          <dd data-testid="route-cost">
            cost {formatValue(a.routeCost)} · {a.waypoints ? (a.waypoints.length >> 1) - 2 : 0} entrances ·{' '}
            {ms(a.routeMs)}
          </dd>
          <dt>path (tiles)</dt>
          <dd data-testid="path-cost">
            cost {formatValue(a.pathCost)} · {a.path ? formatCount(a.path.length >> 1) : 0} tiles · {ms(a.pathMs)} (
            {a.info.refined})
          </dd>
          <dt>searched</dt>
          <dd>
            {formatCount(a.info.expanded)} entrances, {formatCount(a.info.corridorExpanded)} tiles
          </dd>
        </dl>
      )}
      <h3>Corridor field</h3>
      <label className="row">
        <span>Units</span>
        <select
          value={props.unitCount}
          onChange={(e) => props.setUnitCount(Number(e.target.value))}
          data-testid="unit-count"
        >
          {[1, 10, 100, 1000].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="row">
        <span>Speed</span>
        <input
          type="range"
          min={5}
          max={600}
          step={5}
          value={props.speed}
          onChange={(e) => props.setSpeed(Number(e.target.value))}
          data-testid="unit-speed"
        />
        <span className="num">{props.speed}/s</span>
      </label>
      <label className="row" title="Past this share of the sectors, one full field is computed instead (faster)">
        <span>Full field above</span>
        <select
          value={props.fullAbove}
          onChange={(e) => props.setFullAbove(Number(e.target.value))}
          data-testid="full-field-above"
        >
          {[0.25, 0.5, 1].map((f) => (
            <option key={f} value={f}>
              {f < 1 ? `${f * 100}% of the sectors` : 'never'}
            </option>
          ))}
        </select>
      </label>
      <label className="row check">
        <input type="checkbox" checked={props.showCorridor} onChange={(e) => props.setShowCorridor(e.target.checked)} />
        <span>Heatmap of the corridor (H)</span>
      </label>
      {c.error && <div className="error">{c.error}</div>}
      {props.way && a?.reachable && <WayNote way={props.way} pathCost={a.pathCost} />}
      {c.field && (
        <dl
          className="stats"
          data-testid="corridor-stats"
          data-sectors={c.field.sectors}
          data-full-field={c.field.fullField ? 'true' : 'false'}
          data-done={c.progress === null && c.ms !== null ? 'true' : 'false'}
        >
          <dt>kind</dt>
          <dd data-testid="corridor-kind">
            {c.field.fullField ? 'one full field (the corridor was too wide)' : 'corridor of sectors'}
          </dd>
          <dt>sectors</dt>
          <dd>{formatCount(c.field.sectors)}</dd>
          <dt>tiles reached</dt>
          <dd>{formatCount(c.image?.reached ?? 0)}</dd>
          <dt>time</dt>
          <dd>
            {c.ms === null
              ? 'filling…'
              : `${ms(c.ms)} (plan + ${c.field.fullField ? 'full field' : 'fill'} in the pool)`}
          </dd>
          {props.way && (
            <>
              <dt>units' way</dt>
              <dd data-testid="way-cost" data-cost={props.way.cost}>
                cost {formatValue(props.way.cost)} · {formatCount(props.way.tiles.length >> 1)} tiles
                {props.way.arrives ? '' : ' (does not reach the goal)'}
              </dd>
            </>
          )}
          <dt>units at the goal</dt>
          <dd data-testid="corridor-arrived" data-arrived={props.arrived}>
            {props.arrived} of {props.units}
          </dd>
        </dl>
      )}
    </div>
  );
}
