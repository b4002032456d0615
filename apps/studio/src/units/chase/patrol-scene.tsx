import type { TilePattern } from '@fieldmarshal/core/steering';
import { useMemo, useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import {
  buildGuards,
  CASTLE_H,
  CASTLE_START,
  CASTLE_W,
  castleRange,
  clampCastle,
  createCastleGrid,
  DEFAULT_GUARDS,
  guardTile,
  PATROL_H,
  PATROL_W,
  parseGuards,
} from './patrol-sim.js';
import { PatternErrorBox } from './pattern-error-box.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel } from './scene-layout.js';
import { drawGlyph, drawTileDots, drawTileMap, TILE, tileAt } from './tile-draw.js';

const GUARD_COLORS = ['#35e0ff', '#7dff6b', '#ff7ad9', '#ffd84d', '#ff9f43', '#b18cff', '#e6e8ee'];

/** Problem 1-2: guards patrol a castle wall from a pattern file the user edits. */
export function PatrolScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [text, setText] = useState(DEFAULT_GUARDS);
  const [castle, setCastle] = useState(CASTLE_START);
  const [playing, setPlaying] = useState(true);
  const [stepsPerSecond, setStepsPerSecond] = useState(10);
  const [showPaths, setShowPaths] = useState(true);
  const [hudStep, setHudStep] = useState(0);
  const parsed = useMemo(() => parseGuards(text), [text]);
  const lastGood = useRef<TilePattern[] | null>(null);
  if (parsed.patterns) lastGood.current = parsed.patterns;
  const patterns = useMemo(
    () => parsed.patterns ?? lastGood.current ?? parseGuards(DEFAULT_GUARDS).patterns ?? [],
    [parsed.patterns],
  );
  const range = useMemo(() => castleRange(patterns), [patterns]);
  // Patterns that reach further out move the castle in, so no guard walks off the map.
  const placed = clampCastle(castle.x, castle.y, range);
  if (placed.x !== castle.x || placed.y !== castle.y) setCastle(placed);
  const grid = useMemo(() => createCastleGrid(castle.x, castle.y), [castle]);
  const guards = useMemo(() => buildGuards(patterns, grid, castle.x, castle.y), [patterns, grid, castle]);
  const step = useRef(0);
  const clock = useRef(0);

  const moveCastle = (dx: number, dy: number) => setCastle((c) => clampCastle(c.x + dx, c.y + dy, range));

  useSceneKeys({
    arrows: moveCastle,
    keys: {
      ' ': () => setPlaying((p) => !p),
      r: () => {
        step.current = 0;
      },
      p: () => setShowPaths((s) => !s),
      '.': () => {
        step.current++;
      },
    },
  });

  useFrameLoop((dt) => {
    if (playing) {
      clock.current += dt * stepsPerSecond;
      while (clock.current >= 1) {
        clock.current -= 1;
        step.current++;
      }
    }
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) {
      drawTileMap(ctx, grid, '#8a8f99');
      ctx.fillStyle = 'rgba(0,0,0,0.35)';
      ctx.fillRect((castle.x + 1) * TILE, (castle.y + 1) * TILE, (CASTLE_W - 2) * TILE, (CASTLE_H - 2) * TILE);
      guards.forEach((g, i) => {
        const color = GUARD_COLORS[i % GUARD_COLORS.length] as string;
        if (showPaths) drawTileDots(ctx, g.path, `${color}66`, 0.3);
        const t = guardTile(g, step.current);
        drawGlyph(ctx, t.x, t.y, '\u2666', '#000000', color);
      });
    }
    if (hudStep !== step.current) setHudStep(step.current);
  });

  const onMouseDown = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const t = tileAt(e, canvas);
    setCastle(clampCastle(t.x, t.y, range));
  };

  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={PATROL_W * TILE}
      height={PATROL_H * TILE}
      onMouseDown={onMouseDown}
      testId="patrol-canvas"
      crosshair
      help={
        <>
          <kbd>click</kbd> put the castle's top-left corner there (as near as the guards' rounds stay on the map) ·{' '}
          <kbd>arrows</kbd> move the castle (the guards follow: their patterns are normalised) · <kbd>space</kbd>{' '}
          play/pause · <kbd>.</kbd> one step · <kbd>R</kbd> restart the march · <kbd>P</kbd> show paths
        </>
      }
      below={
        <div className="panel">
          <h2>Guard patterns (edit me)</h2>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={18}
            cols={80}
            spellCheck={false}
            aria-label="guard patterns"
            data-testid="guard-patterns"
            style={{ fontFamily: '"Liberation Mono", monospace', width: '100%' }}
          />
          <PatternErrorBox text={text} error={parsed.error} />
          {parsed.error ? <p className="help">The guards keep the last patterns that parsed.</p> : null}
        </div>
      }
    >
      <ScenePanel title="Guards on patrol">
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            onClick={() => {
              step.current = 0;
            }}
          >
            Reset
          </button>
          <button type="button" onClick={() => setText(DEFAULT_GUARDS)}>
            Default patterns
          </button>
        </div>
        <label className="controls">
          Steps per second {stepsPerSecond}
          <input
            type="range"
            min={1}
            max={30}
            value={stepsPerSecond}
            onChange={(e) => setStepsPerSecond(Number(e.target.value))}
          />
        </label>
        <label style={{ display: 'flex', gap: 6, alignItems: 'baseline', marginBottom: 8 }}>
          <input type="checkbox" checked={showPaths} onChange={(e) => setShowPaths(e.target.checked)} /> show paths
        </label>
        <div className="help">
          castle at ({castle.x}, {castle.y}) · step {hudStep}
        </div>
      </ScenePanel>
      <ScenePanel title="Guards" testId="patrol-guards">
        <table>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>name</th>
              <th>tiles</th>
              <th>walk</th>
              <th>on walls</th>
            </tr>
          </thead>
          <tbody>
            {guards.map((g, i) => (
              <tr key={g.id}>
                <td style={{ textAlign: 'left', color: GUARD_COLORS[i % GUARD_COLORS.length] }}>{g.name}</td>
                <td>{g.path.length / 2}</td>
                <td>{g.closed ? 'loop' : 'back and forth'}</td>
                <td style={{ color: g.badTiles > 0 ? '#ff8a8a' : undefined }}>{g.badTiles}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScenePanel>
    </SceneLayout>
  );
}
