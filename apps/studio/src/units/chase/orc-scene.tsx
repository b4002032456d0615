import { useRef, useState } from 'react';
import { useFrameLoop } from './frame-loop.js';
import {
  createOrcWorld,
  createRoom,
  frodoTile,
  ORC_MODES,
  type OrcMode,
  type OrcWorld,
  orcIntercept,
  orcSeesFrodo,
  SCREEN_H,
  SCREEN_W,
  stepOrcWorld,
  walkVelocity,
} from './orc-sim.js';
import { useSceneKeys } from './scene-keys.js';
import { SceneLayout, ScenePanel, TurnRateSlider } from './scene-layout.js';
import { drawGlyph, drawTileDots, drawTileLine, drawTileMap, TILE, tileAt } from './tile-draw.js';

const ORC_COLORS = ['#ff6b6b', '#ffd84d', '#7dff6b', '#35e0ff', '#ff7ad9', '#ff9f43', '#b18cff', '#e6e8ee'];

const CHECK_LABEL = { display: 'flex', gap: 6, alignItems: 'baseline', marginBottom: 8 } as const;

interface Hud {
  turn: number;
  caught: number;
  blocked: number;
  seeing: number;
  walking: boolean;
}

/** The seed's Pgm01b: orcs rush Frodo with the basic chase, along Bresenham lines, or to intercept him. */
export function OrcScene() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const world = useRef<OrcWorld | null>(null);
  if (world.current === null) world.current = createOrcWorld(createRoom());
  const clock = useRef(0);
  const [mode, setMode] = useState<OrcMode>('basic');
  const [playing, setPlaying] = useState(true);
  const [turnsPerSecond, setTurnsPerSecond] = useState(10);
  const [showSight, setShowSight] = useState(true);
  const [hud, setHud] = useState<Hud>({ turn: 0, caught: 0, blocked: 0, seeing: 8, walking: false });

  const reset = (keepFrodo = false) => {
    const old = world.current;
    if (!old) return;
    const w = createOrcWorld(old.grid);
    if (keepFrodo) {
      w.fx = old.fx;
      w.fy = old.fy;
      w.vx = old.vx;
      w.vy = old.vy;
    }
    world.current = w;
    clock.current = 0;
  };
  const chooseMode = (m: OrcMode) => {
    setMode(m);
    reset(true);
  };
  const walk = (dx: number, dy: number) => {
    const w = world.current;
    if (!w) return;
    const v = walkVelocity(dx, dy);
    w.vx = v.vx;
    w.vy = v.vy;
  };

  useSceneKeys({
    arrows: walk,
    keys: {
      ...Object.fromEntries(ORC_MODES.map((m) => [m.key.toLowerCase(), () => chooseMode(m.id)])),
      ' ': () => setPlaying((p) => !p),
      r: () => reset(),
      s: () => walk(0, 0),
      l: () => setShowSight((s) => !s),
      '.': () => {
        if (world.current) stepOrcWorld(world.current, mode);
      },
    },
  });

  useFrameLoop((dt) => {
    const w = world.current;
    if (!w) return;
    if (playing) {
      clock.current += dt * turnsPerSecond;
      let n = 0;
      while (clock.current >= 1 && n++ < 8) {
        clock.current -= 1;
        stepOrcWorld(w, mode);
      }
    }
    draw(w);
    const caught = w.orcs.filter((o) => o.caught).length;
    const blocked = w.orcs.filter((o) => !o.caught && o.blocked).length;
    const seeing = w.orcs.filter((o) => orcSeesFrodo(w, o)).length;
    const walking = w.vx !== 0 || w.vy !== 0;
    if (
      hud.turn !== w.turn ||
      hud.caught !== caught ||
      hud.blocked !== blocked ||
      hud.seeing !== seeing ||
      hud.walking !== walking
    )
      setHud({ turn: w.turn, caught, blocked, seeing, walking });
  });

  function draw(w: OrcWorld) {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    drawTileMap(ctx, w.grid);
    const f = frodoTile(w);
    w.orcs.forEach((o, i) => {
      const color = ORC_COLORS[i % ORC_COLORS.length] as string;
      drawTileDots(ctx, o.trail, `${color}aa`, 0.36);
      if (!o.caught && showSight) {
        const sees = orcSeesFrodo(w, o);
        ctx.setLineDash(sees ? [] : [3, 3]);
        drawTileLine(ctx, [o.x, o.y, f.x, f.y], sees ? 'rgba(125,255,107,0.35)' : 'rgba(255,107,107,0.45)');
        ctx.setLineDash([]);
      }
      if (!o.caught && (mode === 'bresenham' || mode === 'symmetric')) {
        const chaser = mode === 'symmetric' ? o.symmetric : o.chaser;
        const line = chaser.line();
        const from = Math.min(chaser.position, line.length / 2);
        drawTileDots(ctx, line.subarray(2 * from), `${color}55`, 0.2);
      }
      if (!o.caught && mode === 'intercept') {
        const p = orcIntercept(w, o);
        if (p) {
          ctx.strokeStyle = color;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.arc(p.x * TILE + TILE / 2, p.y * TILE + TILE / 2, TILE * 0.6, 0, Math.PI * 2);
          ctx.stroke();
        }
      }
    });
    w.orcs.forEach((o, i) => {
      drawGlyph(ctx, o.x, o.y, 'O', '#ffe94d', '#c00000');
      ctx.strokeStyle = ORC_COLORS[i % ORC_COLORS.length] as string;
      ctx.lineWidth = 1;
      ctx.strokeRect(o.x * TILE + 0.5, o.y * TILE + 0.5, TILE - 1, TILE - 1);
    });
    drawGlyph(ctx, f.x, f.y, 'F', '#1d4fd8', '#ff4d4d');
  }

  const onMouseDown = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const t = tileAt(e, canvas);
    const w = world.current;
    if (!w) return;
    if (t.x <= 0 || t.y <= 0 || t.x >= SCREEN_W - 1 || t.y >= SCREEN_H - 1) return;
    if (e.shiftKey) {
      const f = frodoTile(w);
      if (t.x === f.x && t.y === f.y) return;
      w.grid.setPassable(t.x, t.y, !w.grid.isPassable(t.x, t.y));
      for (const o of w.orcs) {
        o.chaser.reset();
        o.symmetric.reset();
      }
    } else if (w.grid.isPassable(t.x, t.y)) {
      w.fx = t.x;
      w.fy = t.y;
    }
  };

  const note = ORC_MODES.find((m) => m.id === mode)?.note ?? '';
  return (
    <SceneLayout
      canvasRef={canvasRef}
      width={SCREEN_W * TILE}
      height={SCREEN_H * TILE}
      onMouseDown={onMouseDown}
      testId="orc-canvas"
      crosshair
      help={
        <>
          <kbd>click</kbd> place Frodo · <kbd>shift</kbd>+<kbd>click</kbd> add/remove a wall · <kbd>arrows</kbd> Frodo
          walks (half an orc's speed) · <kbd>S</kbd> Frodo stops · <kbd>1</kbd>/<kbd>2</kbd>/<kbd>3</kbd>/<kbd>4</kbd>{' '}
          mode · <kbd>space</kbd> play/pause · <kbd>.</kbd> one turn · <kbd>R</kbd> reset · <kbd>L</kbd> sight lines. An
          orc whose next tile is a wall waits there: walking around obstacles is the fields' job.
        </>
      }
    >
      <ScenePanel title="Orcs rush Frodo">
        <div className="controls" role="radiogroup" aria-label="orc mode">
          {ORC_MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              className={m.id === mode ? 'active' : undefined}
              aria-pressed={m.id === mode}
              onClick={() => chooseMode(m.id)}
              data-orc-mode={m.id}
            >
              {m.key}. {m.label}
            </button>
          ))}
        </div>
        <p className="help">{note}</p>
        <div className="controls">
          <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="orc-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => reset()}>
            Reset
          </button>
          <button
            type="button"
            onClick={() => {
              if (world.current) world.current.grid = createRoom();
              reset(true);
            }}
          >
            Clear walls
          </button>
        </div>
        <TurnRateSlider value={turnsPerSecond} onChange={setTurnsPerSecond} />
        <label style={CHECK_LABEL}>
          <input type="checkbox" checked={showSight} onChange={(e) => setShowSight(e.target.checked)} /> sight lines
          (green: clear, red dashed: a wall is in the way)
        </label>
      </ScenePanel>
      <ScenePanel title="Status" testId="orc-hud">
        <div>turn {hud.turn}</div>
        <div>
          orcs on Frodo {hud.caught} / 8{hud.blocked > 0 ? ` · ${hud.blocked} stuck at a wall` : ''}
        </div>
        <div>orcs that see Frodo {hud.seeing} / 8</div>
        <div>Frodo {hud.walking ? 'walks' : 'stands still'}</div>
      </ScenePanel>
    </SceneLayout>
  );
}
