import type { GeneratedMapSettings } from '../shared/generated-map.js';
import { GeneratedMapForm } from '../shared/generated-map-form.js';
import { MapFileControls } from '../shared/map-files/map-file-ui.js';
import type { MapFilesState } from '../shared/map-files/use-map-files.js';
import { SETS_PER_SLICE } from './tactics-compute.js';
import { ROUTE_COLORS } from './tactics-overlay.js';
import { candidateText, plainSummary } from './tactics-routes.js';
import { FRAME_BUDGET_MS, generatedSource, MAX_SIDES, TACTICS_MAX_SIDE, TACTICS_SIZES } from './tactics-settings.js';
import { SHADE_MODES, type ShadeMode } from './tactics-shading.js';
import type { SearchKind, TacticsState } from './use-tactics-scene.js';

/** The Map panel: open plan, a generated map or a map file, the largest set side, and the decomposition. */
export function TacticsMapPanel({
  state,
  files,
  gen,
  setGen,
}: {
  state: TacticsState;
  files: MapFilesState;
  gen: GeneratedMapSettings;
  setGen: (gen: GeneratedMapSettings) => void;
}) {
  const { source, setSource, sets } = state;
  return (
    <div className="panel">
      <h2>Map</h2>
      <label className="row">
        <span>Map</span>
        <select
          data-testid="tactics-map"
          value={source.kind}
          onChange={(e) => {
            if (e.target.value === 'open-plan') setSource({ kind: 'open-plan' });
            else if (e.target.value === 'generated') setSource(generatedSource(gen));
          }}
        >
          <option value="open-plan">open plan (built in)</option>
          <option value="generated">generated…</option>
          {source.kind === 'file' && <option value="file">file: {source.name}</option>}
        </select>
      </label>
      {source.kind === 'generated' && (
        <GeneratedMapForm
          value={gen}
          onChange={setGen}
          onGenerate={() => setSource(generatedSource(gen))}
          sizes={TACTICS_SIZES}
          square
          maxDensity={0.4}
          densityStep={0.02}
        />
      )}
      <label className="row">
        <span>Set side</span>
        <select
          data-testid="tactics-max-side"
          value={String(state.maxSide)}
          onChange={(e) => state.setMaxSide(Number(e.target.value))}
        >
          {MAX_SIDES.map((m) => (
            <option key={m} value={String(m)}>
              {Number.isFinite(m) ? `at most ${m} tiles` : 'no limit'}
            </option>
          ))}
        </select>
      </label>
      <div className="small-text muted">
        {state.map.label}: {sets.count} convex sets (decomposed in {state.decompositionMs.toFixed(1)} ms)
      </div>
      <MapFileControls files={files} what={`Moving AI .map, ASCII maps, images (up to ${TACTICS_MAX_SIDE} a side)`} />
    </div>
  );
}

/** The Shading panel: what the map is shaded by, and the set outlines. */
export function ShadingPanel(props: {
  mode: ShadeMode;
  setMode: (mode: ShadeMode) => void;
  showSets: boolean;
  setShowSets: (show: boolean) => void;
}) {
  return (
    <div className="panel">
      <h2>Shading</h2>
      <label className="row">
        <span>Shade</span>
        <select
          data-testid="tactics-shade"
          value={props.mode}
          onChange={(e) => props.setMode(e.target.value as ShadeMode)}
        >
          {SHADE_MODES.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <label className="row check">
        <input type="checkbox" checked={props.showSets} onChange={(e) => props.setShowSets(e.target.checked)} />
        <span>outline all sets (when zoomed in)</span>
      </label>
    </div>
  );
}

/** The Controls panel. */
export function TacticsControlsPanel() {
  return (
    <div className="panel" data-testid="tactics-controls">
      <h2>Controls</h2>
      <div className="small-text">
        <div>
          <kbd>Left click</kbd> place the blue player
        </div>
        <div>
          <kbd>Right click</kbd> (or <kbd>Shift</kbd>+click) place the red target
        </div>
        <div>
          <kbd>A</kbd> next candidate of the shaded search, <kbd>Shift</kbd>+<kbd>A</kbd> the previous one (flank when
          neither is shaded); or the ◀ ▶ buttons in Decision
        </div>
        <div>
          <kbd>Wheel</kbd> zoom, <kbd>Middle drag</kbd> or <kbd>Space</kbd>+drag pan
        </div>
      </div>
    </div>
  );
}

/** One search's line with its ◀ ▶ buttons. */
function CandidateLine(props: { state: TacticsState; search: SearchKind; color: string; testId: string }) {
  const { state, search } = props;
  const { shown, routes, picks, cycles } = state;
  if (!shown) return null;
  const result = shown[search];
  const via = search === 'flank' ? routes?.flankVia : routes?.retreatVia;
  const many = result.candidates.length > 1;
  return (
    <div className="row candidate-line">
      <button
        type="button"
        className="small"
        disabled={!many}
        onClick={() => state.step(search, -1)}
        title="Previous candidate (Shift+A)"
        data-testid={`${search}-prev`}
      >
        ◀
      </button>
      <button
        type="button"
        className="small"
        disabled={!many}
        onClick={() => state.step(search, 1)}
        title="Next candidate (A)"
        data-testid={`${search}-next`}
      >
        ▶
      </button>
      <span style={{ color: props.color }} data-testid={props.testId}>
        {candidateText(search, result, routes, via ?? -1, picks?.[search] ?? 0, cycles[search])}
      </span>
    </div>
  );
}

/** The Decision panel: a plain summary, the candidates shown (with ◀ ▶), the constants and the timings. */
export function DecisionPanel({ state }: { state: TacticsState }) {
  const { shown, error, routes } = state;
  const c = shown?.flank.constants ?? null;
  return (
    <div className="panel" data-testid="tactics-decision">
      <h2>Decision</h2>
      {error && <div className="error">{error}</div>}
      {!shown && !error && <div className="muted">computing…</div>}
      {shown && (
        <div className="small-text">
          <div className="plain-summary" data-testid="tactics-summary">
            {plainSummary(shown, routes).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <CandidateLine state={state} search="flank" color={ROUTE_COLORS.flank} testId="tactics-flank" />
          <CandidateLine state={state} search="retreat" color={ROUTE_COLORS.retreat} testId="tactics-retreat" />
          <details>
            <summary>How it is decided (m, t, c)</summary>
            <div>
              sets: blue in <b>{shown.flank.mySet}</b>, red in <b>{shown.flank.targetSet}</b>
            </div>
            {c ? (
              <>
                <div>
                  cost(blue → red's set) = {c.myCost}, cost(red → blue's set) = {c.targetCost}
                </div>
                <div>
                  c = floor(({c.myCost} + {c.targetCost}) / 2) = <b>{c.average}</b>; hyperbola {c.hyperbola}, small
                  ellipse {c.smallEllipse}, large ellipse {c.largeEllipse}, circle {c.circle}
                </div>
                <div className="muted">
                  A flank set keeps |m − t| within the hyperbola (about as far from both) and m + t between the two
                  ellipses (a detour, not too long). A retreat set is nearer blue than red by at least the hyperbola,
                  outside red's circle and inside blue's.
                </div>
              </>
            ) : (
              <div className="muted">
                {shown.flank.mySet === shown.flank.targetSet
                  ? 'both in one set: no candidates, the answer is that set'
                  : 'they cannot reach each other: no candidates'}
              </div>
            )}
          </details>
          <div className="muted" data-testid="tactics-engine">
            fields: {shown.engine} ({shown.fieldsMs.toFixed(1)} ms)
            {shown.engineNote ? ` (pool unavailable: ${shown.engineNote})` : ''}; searches: main thread,{' '}
            {shown.searchSlices} slices of ≤{SETS_PER_SLICE} sets, ≤{FRAME_BUDGET_MS} ms/frame, longest{' '}
            {shown.longestSliceMs.toFixed(2)} ms
          </div>
        </div>
      )}
    </div>
  );
}
