import { PatternParseError } from '@fieldmarshal/core';
import { type ControlRecord, globalToLocal, parseControlPattern } from '@fieldmarshal/core/steering';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import { PatternErrorBox } from './pattern-error-box.js';
import { drawPursuit } from './pursuit-draw.js';
import {
  createPursuitWorld,
  DEFAULT_FLIGHT,
  type PursuitMode,
  type PursuitSettings,
  type PursuitWorld,
  restartFlight,
  stepPursuit,
  type TargetMode,
  WORLD_H,
  WORLD_W,
} from './pursuit-sim.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel } from './scene-layout.js';

const MODES: readonly { id: PursuitMode; label: string; key: string; note: string }[] = [
  {
    id: 'chase',
    label: 'Chase',
    key: 'C',
    note: 'Line-of-sight chase: turn towards the yellow plane every frame (within the turn rate). It usually ends up behind it.',
  },
  {
    id: 'intercept',
    label: 'Intercept',
    key: 'I',
    note: 'Head for where the yellow plane will be (circle). When it is behind the red plane, or no meeting exists, chase instead.',
  },
  {
    id: 'evade',
    label: 'Evade',
    key: 'E',
    note: 'Turn the other way: the red plane flees the yellow one, pushed back by the edges. Fly the yellow plane with the mouse to chase it.',
  },
];

interface Hud {
  hits: number;
  distance: number;
  mode: string;
  behind: boolean;
  time: string;
}

function parseFlight(text: string): { records: ControlRecord[] | null; error: PatternParseError | null } {
  try {
    return { records: parseControlPattern(text), error: null };
  } catch (e) {
    if (e instanceof PatternParseError) return { records: null, error: e };
    throw e;
  }
}

/** The seed's Pgm01d: the Red Baron chases, intercepts or evades Snoopy's yellow biplane. */
export function PursuitScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<PursuitMode>('intercept');
  // The book's closing-velocity point first: the library's default, the chapter's LineOfSightIntercept.
  const [method, setMethod] = useState<'exact' | 'closing'>('closing');
  const [speedControl, setSpeedControl] = useState(true);
  const [targetMode, setTargetMode] = useState<TargetMode>('pattern');
  const [playing, setPlaying] = useState(true);
  const [chaserSpeed, setChaserSpeed] = useState(120);
  const [chaserTurnRate, setChaserTurnRate] = useState(120);
  const [targetSpeed, setTargetSpeed] = useState(110);
  const [flightText, setFlightText] = useState(DEFAULT_FLIGHT);
  const flight = useMemo(() => parseFlight(flightText), [flightText]);
  const lastGoodFlight = useRef<readonly ControlRecord[] | null>(null);
  if (lastGoodFlight.current === null) lastGoodFlight.current = parseControlPattern(DEFAULT_FLIGHT);
  if (flight.records) lastGoodFlight.current = flight.records;

  const settings: PursuitSettings = {
    mode,
    method,
    speedControl,
    targetMode,
    flight: lastGoodFlight.current ?? [],
    chaserSpeed,
    chaserTurnRate,
    targetSpeed,
  };
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const world = useRef<PursuitWorld | null>(null);
  if (world.current === null) world.current = createPursuitWorld(settings);
  const [hud, setHud] = useState<Hud>({ hits: 0, distance: 0, mode: '', behind: false, time: '0.0' });
  const [flightError, setFlightError] = useState<string | null>(null);

  const reset = () => {
    world.current = createPursuitWorld(settings);
  };
  // The count means catches when chasing and being tagged when evading: a new mode counts from zero.
  useEffect(() => {
    void mode;
    if (world.current) world.current.hits = 0;
  }, [mode]);
  // A new valid pattern starts the yellow plane's flight over (the running record may no longer exist).
  const records = flight.records;
  useEffect(() => {
    if (records && world.current) restartFlight(world.current, settingsRef.current);
  }, [records]);

  useSceneKeys({
    keys: {
      ...Object.fromEntries(MODES.map((m) => [m.key.toLowerCase(), () => setMode(m.id)])),
      ' ': () => setPlaying((p) => !p),
      r: reset,
      m: () => setMethod((x) => (x === 'exact' ? 'closing' : 'exact')),
      t: () => setTargetMode((x) => (x === 'pattern' ? 'mouse' : 'pattern')),
      v: () => setSpeedControl((x) => !x),
    },
  });

  useFrameLoop((dt) => {
    const w = world.current;
    if (!w) return;
    if (playing) stepPursuit(w, settings, dt);
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) drawPursuit(ctx, w, mode, targetMode);
    const distance = Math.round(Math.hypot(w.chaser.x - w.target.x, w.chaser.y - w.target.y));
    const planMode =
      mode === 'evade'
        ? 'evading'
        : mode === 'chase'
          ? 'chasing'
          : w.plan?.mode === 'chase'
            ? w.plan.behind
              ? 'chasing (target behind it)'
              : 'chasing (no meeting point)'
            : `intercepting (${w.plan?.method === 'closing' ? 'closing-velocity point' : 'exact point'})`;
    const behind = globalToLocal(w.chaser.heading, w.target.x - w.chaser.x, w.target.y - w.chaser.y).y < 0;
    const time = w.time.toFixed(1);
    if (
      hud.hits !== w.hits ||
      hud.distance !== distance ||
      hud.mode !== planMode ||
      hud.behind !== behind ||
      hud.time !== time
    )
      setHud({ hits: w.hits, distance, mode: planMode, behind, time });
    if (w.flightError !== flightError) setFlightError(w.flightError);
  });

  const onMouseMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const w = world.current;
    if (!canvas || !w) return;
    const r = canvas.getBoundingClientRect();
    w.mouse = {
      x: ((e.clientX - r.left) * canvas.width) / r.width,
      y: ((e.clientY - r.top) * canvas.height) / r.height,
    };
  };

  const note = MODES.find((m) => m.id === mode)?.note ?? '';
  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={WORLD_W}
      height={WORLD_H}
      onMouseMove={onMouseMove}
      onMouseLeave={() => {
        if (world.current) world.current.mouse = null;
      }}
      testId="pursuit-canvas"
      help={
        <>
          <kbd>C</kbd>/<kbd>I</kbd>/<kbd>E</kbd> chase, intercept, evade · <kbd>M</kbd> exact or closing-velocity
          intercept · <kbd>V</kbd> speed control · <kbd>T</kbd> yellow plane flies its pattern or follows the{' '}
          <kbd>mouse</kbd> · <kbd>space</kbd> play/pause · <kbd>R</kbd> reset
        </>
      }
      below={
        <div className="panel">
          <h2>Yellow plane flight pattern</h2>
          <textarea
            value={flightText}
            onChange={(e) => setFlightText(e.target.value)}
            rows={10}
            cols={80}
            spellCheck={false}
            aria-label="flight pattern"
            data-testid="flight-pattern"
            style={{ fontFamily: '"Liberation Mono", monospace', width: '100%' }}
          />
          <div className="controls">
            <button
              type="button"
              onClick={() => world.current && restartFlight(world.current, settings)}
              disabled={!flight.records}
            >
              Restart flight
            </button>
            <span className="help">
              {flight.records ? `${flight.records.length} records` : 'fix the error to fly the new pattern'}
            </span>
          </div>
          <PatternErrorBox text={flightText} error={flight.error} />
          {flightError ? (
            <p role="alert" style={{ color: '#ff8a8a' }}>
              {flightError}
            </p>
          ) : null}
        </div>
      }
    >
      <ScenePanel title="Red plane">
        <div className="controls" role="radiogroup" aria-label="pursuit mode">
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              className={m.id === mode ? 'active' : undefined}
              aria-pressed={m.id === mode}
              onClick={() => setMode(m.id)}
              data-pursuit-mode={m.id}
            >
              {m.label} ({m.key})
            </button>
          ))}
        </div>
        <p className="help">{note}</p>
        <label className="controls">
          Prediction
          <select value={method} onChange={(e) => setMethod(e.target.value as 'exact' | 'closing')}>
            <option value="closing">closing velocity (the book's LineOfSightIntercept, the default)</option>
            <option value="exact">exact (earliest meeting at top speed; closing velocity when there is none)</option>
          </select>
        </label>
        <p className="help">
          The circle is the point steered at, labelled with its method; the grey diamond is the other method's
          prediction. Exact is the true meeting of a straight flight at top speed; closing velocity is the book's
          cheaper estimate.
        </p>
        <label style={{ display: 'flex', gap: 6, alignItems: 'baseline', marginBottom: 8 }}>
          <input type="checkbox" checked={speedControl} onChange={(e) => setSpeedControl(e.target.checked)} /> speed
          control near the target
        </label>
        <label className="controls">
          top speed {chaserSpeed}
          <input
            type="range"
            min={40}
            max={300}
            value={chaserSpeed}
            onChange={(e) => setChaserSpeed(Number(e.target.value))}
          />
        </label>
        <label className="controls">
          turn rate {chaserTurnRate} deg/s
          <input
            type="range"
            min={30}
            max={360}
            value={chaserTurnRate}
            onChange={(e) => setChaserTurnRate(Number(e.target.value))}
          />
        </label>
      </ScenePanel>
      <ScenePanel title="Yellow plane">
        <label className="controls">
          <select value={targetMode} onChange={(e) => setTargetMode(e.target.value as TargetMode)}>
            <option value="pattern">flies its pattern</option>
            <option value="mouse">follows the mouse</option>
          </select>
        </label>
        <label className="controls">
          top speed {targetSpeed}
          <input
            type="range"
            min={20}
            max={250}
            value={targetSpeed}
            onChange={(e) => setTargetSpeed(Number(e.target.value))}
          />
        </label>
      </ScenePanel>
      <ScenePanel title="Status" testId="pursuit-hud">
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={reset}>
            Reset
          </button>
        </div>
        <div>time {hud.time} s</div>
        <div>
          {mode === 'evade' ? 'tagged' : 'catches'} {hud.hits}
        </div>
        <div>distance {hud.distance}</div>
        <div data-testid="pursuit-mode">red plane is {hud.mode}</div>
        <div>yellow plane is {hud.behind ? 'behind' : 'ahead of'} the red one</div>
      </ScenePanel>
    </SceneLayout>
  );
}
