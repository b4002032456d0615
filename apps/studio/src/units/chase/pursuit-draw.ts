import { closingIntercept, exactIntercept, type Mover, moverVelocity } from '@fieldmarshal/core/steering';
import { HIT_RADIUS, type PursuitMode, type PursuitWorld, type TargetMode, WORLD_H, WORLD_W } from './pursuit-sim.js';

function drawPlane(ctx: CanvasRenderingContext2D, m: Mover, body: string, edge: string): void {
  ctx.save();
  ctx.translate(m.x, m.y);
  ctx.rotate((m.heading * Math.PI) / 180);
  ctx.fillStyle = body;
  ctx.strokeStyle = edge;
  ctx.lineWidth = 1.5;
  ctx.beginPath(); // nose up in local space (orientation 0 points up)
  ctx.moveTo(0, -12);
  ctx.lineTo(9, 8);
  ctx.lineTo(0, 4);
  ctx.lineTo(-9, 8);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

function drawTrail(ctx: CanvasRenderingContext2D, trail: number[], color: string): void {
  if (trail.length < 4) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(trail[0] as number, trail[1] as number);
  for (let i = 2; i + 1 < trail.length; i += 2) ctx.lineTo(trail[i] as number, trail[i + 1] as number);
  ctx.stroke();
}

/**
 * The prediction of the method not steering the chaser (exact when it follows the closing-velocity point, and
 * the other way round), as a small grey diamond: both methods are on screen at once.
 */
function drawOtherPrediction(ctx: CanvasRenderingContext2D, w: PursuitWorld): void {
  const tv = moverVelocity(w.target);
  const cv = moverVelocity(w.chaser);
  const used = w.plan?.method;
  const other =
    used === 'exact'
      ? closingIntercept(w.chaser, cv, w.target, tv)
      : exactIntercept(w.chaser, w.chaser.maxSpeed, w.target, tv);
  if (!other || !Number.isFinite(other.x) || !Number.isFinite(other.y)) return;
  ctx.strokeStyle = 'rgba(40,40,40,0.7)';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(other.x, other.y - 6);
  ctx.lineTo(other.x + 6, other.y);
  ctx.lineTo(other.x, other.y + 6);
  ctx.lineTo(other.x - 6, other.y);
  ctx.closePath();
  ctx.stroke();
  ctx.fillStyle = '#333';
  ctx.font = '11px "Liberation Sans", sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(used === 'exact' ? 'closing' : 'exact', other.x + 8, other.y + 2);
}

/**
 * Draws the pursuit scene: sky and grid, both trails, the predicted meeting point (intercept mode), the mouse
 * cross (when the yellow plane follows it), the hit circle and the two planes.
 */
export function drawPursuit(
  ctx: CanvasRenderingContext2D,
  w: PursuitWorld,
  mode: PursuitMode,
  targetMode: TargetMode,
): void {
  ctx.fillStyle = '#7fb2e5';
  ctx.fillRect(0, 0, WORLD_W, WORLD_H);
  ctx.strokeStyle = 'rgba(255,255,255,0.25)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= WORLD_W; x += 40) {
    ctx.moveTo(x + 0.5, 0);
    ctx.lineTo(x + 0.5, WORLD_H);
  }
  for (let y = 0; y <= WORLD_H; y += 40) {
    ctx.moveTo(0, y + 0.5);
    ctx.lineTo(WORLD_W, y + 0.5);
  }
  ctx.stroke();
  drawTrail(ctx, w.targetTrail, 'rgba(255,230,60,0.8)');
  drawTrail(ctx, w.chaserTrail, 'rgba(200,20,20,0.7)');
  const p = w.plan?.predicted;
  if (mode === 'intercept' && p) {
    const active = w.plan?.mode === 'intercept';
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = active ? 'rgba(120,0,0,0.8)' : 'rgba(60,60,60,0.5)';
    ctx.beginPath();
    ctx.moveTo(w.chaser.x, w.chaser.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 7, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = '#222';
    ctx.font = '11px "Liberation Sans", sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    const used = w.plan?.method ?? '';
    ctx.fillText(`${used} ${p.time.toFixed(1)} s${active ? '' : ' (behind: chasing)'}`, p.x + 10, p.y - 4);
  }
  if (mode === 'intercept') drawOtherPrediction(ctx, w);
  if (targetMode === 'mouse' && w.mouse) {
    ctx.strokeStyle = 'rgba(0,0,0,0.5)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(w.mouse.x - 6, w.mouse.y);
    ctx.lineTo(w.mouse.x + 6, w.mouse.y);
    ctx.moveTo(w.mouse.x, w.mouse.y - 6);
    ctx.lineTo(w.mouse.x, w.mouse.y + 6);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.15)';
  ctx.beginPath();
  ctx.arc(w.target.x, w.target.y, HIT_RADIUS, 0, Math.PI * 2);
  ctx.stroke();
  drawPlane(ctx, w.target, '#ffe23c', '#6b5a00');
  drawPlane(ctx, w.chaser, '#d41f1f', '#4a0000');
}
