import type { WalkersState } from '../hooks/use-walkers.js';
import type { MapMode } from '../model/map-modes.js';
import { statusText } from '../model/readout.js';

/** The Units panel: speed, Pause/Run, Restart, Clear, and the newest units with their trails (for tests). */
export function UnitsPanel({ units, mode }: { units: WalkersState; mode: MapMode }) {
  const { walkers } = units;
  return (
    <div className="panel">
      <h2>Units</h2>
      <label className="row">
        <span>Speed</span>
        <input
          type="range"
          min={1}
          max={60}
          value={units.speed}
          onChange={(e) => units.setSpeed(Number(e.target.value))}
          data-testid="units-speed"
        />
        <span className="num">{units.speed}/s</span>
      </label>
      <div className="row">
        <button type="button" className="small" onClick={() => units.setRunning((r) => !r)}>
          {units.running ? 'Pause' : 'Run'}
        </button>
        <button type="button" className="small" onClick={units.restart} disabled={walkers.length === 0}>
          Restart
        </button>
        <button type="button" className="small" onClick={units.clear} disabled={walkers.length === 0}>
          Clear units
        </button>
      </div>
      {walkers.length === 0 ? (
        <div className="muted small-text">Press U over the map (or use the Unit tool) to drop a unit.</div>
      ) : (
        <ul className="unit-list" data-testid="units">
          {walkers.slice(-6).map((w) => (
            <li
              key={w.id}
              data-status={w.status}
              data-trail={w.trailX.length <= 256 ? w.trailX.map((x, i) => `${x},${w.trailY[i]}`).join(' ') : undefined}
            >
              <span className="swatch round" style={{ background: w.color }} /> ({w.x}, {w.y}) · {w.steps} steps ·{' '}
              <span className={w.status === 'moving' ? undefined : 'muted'}>{statusText(w.status, mode)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
