import { PEER_NAMES, type PeerName } from '@fieldmarshal/bench/scenarios';
import { Check, toggle } from './bench-setup.js';
import type { BenchConfig } from './run-bench.js';

/** Crowd sizes and RTS unit counts offered (the CLI's defaults). */
export const CROWD_SIZES = [10_000, 50_000] as const;
export const RTS_SIZES = [200, 1000] as const;

/** Peers' names as the CLI's `--peers` takes them, with what they are. */
const PEER_LABELS: Record<PeerName, string> = {
  'pf-astar': 'PathFinding.js A*',
  'pf-jps': 'PathFinding.js JPS',
  easystarjs: 'EasyStar.js',
  'ngraph.path': 'ngraph.path (slow)',
  'rot-astar': 'rot.js A* (slow)',
  'rot-dijkstra': 'rot.js Dijkstra (very slow)',
  'l1-path-finder': 'l1-path-finder',
};

/** The suites besides the field kernels: the peer race, field repair, the crowd and the RTS world. */
export function BenchSuitesSetup({
  config,
  setConfig,
  running,
}: {
  config: BenchConfig;
  setConfig: (c: BenchConfig) => void;
  running: boolean;
}) {
  const set = (patch: Partial<BenchConfig>) => setConfig({ ...config, ...patch });
  return (
    <div className="panel">
      <h2>Suites</h2>
      <Check
        label="peer libraries (the CLI's peer race)"
        checked={config.peers}
        onChange={() => set({ peers: !config.peers })}
        disabled={running}
      />
      {config.peers && (
        <div className="check-grid indent" data-testid="peer-list">
          {PEER_NAMES.map((p) => (
            <Check
              key={p}
              label={PEER_LABELS[p]}
              checked={config.peerNames.includes(p)}
              onChange={() => set({ peerNames: PEER_NAMES.filter((n) => (n === p) !== config.peerNames.includes(n)) })}
              disabled={running}
            />
          ))}
        </div>
      )}
      <Check
        label="field repair against a full recompute"
        checked={config.repair}
        onChange={() => set({ repair: !config.repair })}
        disabled={running}
      />
      <div className="muted small-text">Crowd (units; on one thread and on pools of workers):</div>
      <div className="check-grid">
        {CROWD_SIZES.map((n) => (
          <Check
            key={n}
            label={`crowd ${n / 1000}k`}
            checked={config.crowdUnits.includes(n)}
            onChange={() => set({ crowdUnits: toggle(config.crowdUnits, n).sort((a, b) => a - b) })}
            disabled={running}
          />
        ))}
        {[1, 2].map((w) => (
          <Check
            key={w}
            label={`crowd on ${w} worker${w > 1 ? 's' : ''}`}
            checked={config.crowdWorkers.includes(w)}
            onChange={() => set({ crowdWorkers: toggle(config.crowdWorkers, w).sort((a, b) => a - b) })}
            disabled={running}
          />
        ))}
      </div>
      <div className="muted small-text">RTS world (units):</div>
      <div className="check-grid">
        {RTS_SIZES.map((n) => (
          <Check
            key={n}
            label={`rts ${n}`}
            checked={config.rtsUnits.includes(n)}
            onChange={() => set({ rtsUnits: toggle(config.rtsUnits, n).sort((a, b) => a - b) })}
            disabled={running}
          />
        ))}
      </div>
      <label className="row">
        <span>crowd steps</span>
        <input
          type="number"
          min={2}
          max={200}
          value={config.behaviourSteps}
          onChange={(e) => set({ behaviourSteps: Math.max(2, Math.min(200, Math.round(Number(e.target.value)) || 2)) })}
          disabled={running}
          aria-label="crowd steps"
        />
      </label>
      <p className="help">
        The CLI's scenarios (<code>@fieldmarshal/bench/scenarios</code>): the same maps, seeds, queries and steps. RTS
        times ten times as many updates as crowd steps. Everything runs in the bench's worker.
      </p>
    </div>
  );
}
