import { type Grid, PatternParseError } from '@fieldmarshal/core';
import {
  type BresenhamStyle,
  buildTilePatternPath,
  parseTilePattern,
  patternStepIndex,
  type TilePattern,
} from '@fieldmarshal/core/steering';
import { useMemo, useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import { createRoom, SCREEN_H, SCREEN_W } from './orc-sim.js';
import { PatternErrorBox } from './pattern-error-box.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel, TurnRateSlider } from './scene-layout.js';
import { drawGlyph, drawTileDots, drawTileMap, TILE } from './tile-draw.js';

/** The book's oasis: six orcs, the first one (index 0) the guard whose start is the pattern's origin. */
export const OASIS_ORCS: readonly (readonly [number, number])[] = [
  [19, 15],
  [21, 17],
  [22, 17],
  [21, 18],
  [22, 18],
  [21, 19],
];

/**
 * The guard's "oasis.txt", normalised (the first point is 0 0), in the book's stream format: four integers per
 * segment, whatever the line breaks. Segments that are not at 45 degrees show where the two line styles differ.
 */
export const OASIS_PATTERN = `# oasis.txt: x0 y0 x1 y1 per segment, read as one stream of integers
0 0 9 0   9 0 11 3   11 3 11 6
11 6 6 8   6 8 0 7
0 7 0 0
`;

/** The pool the guard walks around (tiles of water, drawn only). */
const WATER = { x0: 24, y0: 18, x1: 27, y1: 20 };

const STYLES: readonly { id: BresenhamStyle; label: string; key: string }[] = [
  { id: 'listing', label: "the book's Bresenham (listing, the default)", key: 'b' },
  { id: 'symmetric', label: 'symmetric Bresenham', key: 'y' },
];

function parse(text: string): { pattern: TilePattern | null; error: PatternParseError | null } {
  try {
    return { pattern: parseTilePattern(text), error: null };
  } catch (e) {
    if (e instanceof PatternParseError) return { pattern: null, error: e };
    throw e;
  }
}

/** Tiles (indices into the path) where the two styles put the guard on different tiles. */
function differingTiles(a: Int32Array, b: Int32Array): number {
  let n = Math.abs(a.length - b.length) / 2;
  for (let i = 0; i + 1 < Math.min(a.length, b.length); i += 2) if (a[i] !== b[i] || a[i + 1] !== b[i + 1]) n++;
  return n;
}

function drawWater(ctx: CanvasRenderingContext2D, grid: Grid): void {
  ctx.fillStyle = '#1f6fb8';
  for (let y = WATER.y0; y <= WATER.y1; y++)
    for (let x = WATER.x0; x <= WATER.x1; x++) if (grid.isPassable(x, y)) ctx.fillRect(x * TILE, y * TILE, TILE, TILE);
}

/**
 * The book's patterned movement: the orc guard of the oasis replays a normalised pattern from its own start
 * tile, each segment drawn with Bresenham (the book's listing, or the symmetric line), one tile per turn. The
 * path is the book's: a closed pattern ends on its start again (the library's default `keepReturnTile`), and
 * `patternStepIndex` walks it round without standing on the start twice.
 */
export function OasisScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const grid = useMemo(() => createRoom(), []);
  const [text, setText] = useState(OASIS_PATTERN);
  const [style, setStyle] = useState<BresenhamStyle>('listing');
  const [playing, setPlaying] = useState(true);
  const [turnsPerSecond, setTurnsPerSecond] = useState(10);
  const parsed = useMemo(() => parse(text), [text]);
  const lastGood = useRef<TilePattern | null>(null);
  if (parsed.pattern) lastGood.current = parsed.pattern;
  const pattern = parsed.pattern ?? lastGood.current ?? (parse(OASIS_PATTERN).pattern as TilePattern);
  const [gx, gy] = OASIS_ORCS[0] as readonly [number, number];
  const paths = useMemo(
    () => ({
      listing: buildTilePatternPath(pattern, { x: gx, y: gy }, { style: 'listing' }).points,
      symmetric: buildTilePatternPath(pattern, { x: gx, y: gy }, { style: 'symmetric' }).points,
    }),
    [pattern, gx, gy],
  );
  const path = paths[style];
  const other = paths[style === 'listing' ? 'symmetric' : 'listing'];
  const tiles = path.length / 2;
  const turn = useRef(0);
  const clock = useRef(0);
  const [hud, setHud] = useState({ turn: 0, index: 0, x: gx, y: gy });

  const chooseStyle = (s: BresenhamStyle) => setStyle(s);
  useSceneKeys({
    keys: {
      ' ': () => setPlaying((p) => !p),
      r: () => {
        turn.current = 0;
      },
      '.': () => {
        turn.current++;
      },
      ...Object.fromEntries(STYLES.map((s) => [s.key, () => chooseStyle(s.id)])),
    },
  });

  useFrameLoop((dt) => {
    if (playing) {
      clock.current += dt * turnsPerSecond;
      while (clock.current >= 1) {
        clock.current -= 1;
        turn.current++;
      }
    }
    const index = patternStepIndex(tiles, pattern.closed, turn.current);
    const x = path[2 * index] as number;
    const y = path[2 * index + 1] as number;
    if (hud.turn !== turn.current || hud.index !== index || hud.x !== x || hud.y !== y)
      setHud({ turn: turn.current, index, x, y });
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    drawTileMap(ctx, grid);
    drawWater(ctx, grid);
    // The other style's tiles where they differ: hollow squares; the active path: dots.
    ctx.strokeStyle = 'rgba(255,159,67,0.9)';
    ctx.lineWidth = 1;
    for (let i = 0; i + 1 < other.length; i += 2) {
      if (i < path.length && other[i] === path[i] && other[i + 1] === path[i + 1]) continue;
      ctx.strokeRect((other[i] as number) * TILE + 2.5, (other[i + 1] as number) * TILE + 2.5, TILE - 5, TILE - 5);
    }
    drawTileDots(ctx, path, 'rgba(53,224,255,0.75)', 0.3);
    OASIS_ORCS.forEach(([ox, oy], i) => {
      if (i > 0) drawGlyph(ctx, ox, oy, 'O', '#ffe94d', '#c00000');
    });
    drawGlyph(ctx, x, y, 'O', '#ffe94d', '#1d4fd8');
  });

  const differ = differingTiles(paths.listing, paths.symmetric);
  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={SCREEN_W * TILE}
      height={SCREEN_H * TILE}
      testId="oasis-canvas"
      help={
        <>
          <kbd>space</kbd> play/pause · <kbd>.</kbd> one turn · <kbd>R</kbd> back to the start · <kbd>B</kbd> the book's
          Bresenham · <kbd>Y</kbd> the symmetric one · edit the pattern below (the book's stream of{' '}
          <code>x0 y0 x1 y1</code> segments). Blue O: the guard; red O: the orcs resting at the oasis; dots: the guard's
          path; orange squares: where the other line style would step instead.
        </>
      }
      below={
        <div className="panel">
          <h2>Pattern (oasis.txt)</h2>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={6}
            spellCheck={false}
            data-testid="oasis-pattern"
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
          <PatternErrorBox text={text} error={parsed.error} />
        </div>
      }
    >
      <ScenePanel title="Orc guards of the oasis">
        <div className="controls" role="radiogroup" aria-label="line style">
          {STYLES.map((s) => (
            <button
              key={s.id}
              type="button"
              className={s.id === style ? 'active' : undefined}
              aria-pressed={s.id === style}
              onClick={() => chooseStyle(s.id)}
              data-oasis-style={s.id}
            >
              {s.key.toUpperCase()}. {s.label}
            </button>
          ))}
        </div>
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="oasis-play">
            {playing ? 'Pause' : 'Play'}
          </button>
        </div>
        <TurnRateSlider value={turnsPerSecond} onChange={setTurnsPerSecond} />
      </ScenePanel>
      <ScenePanel title="Status" testId="oasis-hud">
        <div
          data-testid="oasis-guard"
          data-turn={hud.turn}
          data-index={hud.index}
          data-x={hud.x}
          data-y={hud.y}
          data-path={Array.from(path).join(',')}
          data-closed={String(pattern.closed)}
        >
          turn {hud.turn} · guard at ({hud.x}, {hud.y}), tile {hud.index + 1} of {tiles}
        </div>
        <div data-testid="oasis-differ">
          the two line styles differ on {differ} of {tiles} tiles
        </div>
        <div>{playing ? 'playing' : 'paused'}</div>
      </ScenePanel>
    </SceneLayout>
  );
}
