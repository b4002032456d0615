import { useState } from 'react';
import type { GeneratedMapSettings } from '../shared/generated-map.js';
import { GeneratedMapForm } from '../shared/generated-map-form.js';
import { SETS_PER_SLICE } from './tactics-compute.js';
import { ROUTE_COLORS } from './tactics-overlay.js';
import { candidateText } from './tactics-routes.js';
import { DEFAULT_TACTICS_GEN, FRAME_BUDGET_MS, generatedSource, MAX_SIDES, TACTICS_SIZES } from './tactics-settings.js';
import { SHADE_MODES, type ShadeMode } from './tactics-shading.js';
import type { TacticsState } from './use-tactics-scene.js';

/** The Map panel: open plan or a generated map, the largest set side, and the decomposition's size and time. */
export function TacticsMapPanel({ state }: { state: TacticsState }) {
  const { source, setSource, sets } = state;
  const [gen, setGen] = useState<GeneratedMapSettings>(DEFAULT_TACTICS_GEN);
  return (
    <div className="panel">
      <h2>Map</h2>
      <label className="row">
        <span>Map</span>
        <select
          data-testid="tactics-map"
          value={source.kind}
          onChange={(e) => setSource(e.target.value === 'open-plan' ? { kind: 'open-plan' } : generatedSource(gen))}
        >
          <option value="open-plan">open plan (built in)</option>
          <option value="generated">generated…</option>
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
          <kbd>A</kbd> cycle through the flank and retreat candidates
        </div>
        <div>
          <kbd>Wheel</kbd> zoom, <kbd>Middle drag</kbd> or <kbd>Space</kbd>+drag pan
        </div>
      </div>
    </div>
  );
}

/** The Decision panel: the sets, costs and constants of the searches, the candidates shown, and the timings. */
export function DecisionPanel({ state }: { state: TacticsState }) {
  const { shown, error, routes, picks, cycle } = state;
  const c = shown?.flank.constants ?? null;
  return (
    <div className="panel" data-testid="tactics-decision">
      <h2>Decision</h2>
      {error && <div className="error">{error}</div>}
      {!shown && !error && <div className="muted">computing…</div>}
      {shown && (
        <div className="small-text">
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
            </>
          ) : (
            <div className="muted">
              {shown.flank.mySet === shown.flank.targetSet
                ? 'both in one set: no candidates, the answer is that set'
                : 'they cannot reach each other: no candidates'}
            </div>
          )}
          <div style={{ color: ROUTE_COLORS.flank }} data-testid="tactics-flank">
            {candidateText('flank', shown.flank, routes, routes?.flankVia ?? -1, picks?.flank ?? 0, cycle)}
          </div>
          <div style={{ color: ROUTE_COLORS.retreat }} data-testid="tactics-retreat">
            {candidateText('retreat', shown.retreat, routes, routes?.retreatVia ?? -1, picks?.retreat ?? 0, cycle)}
          </div>
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
