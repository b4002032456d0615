import type { Grid } from '@fieldmarshal/core';
import type { RtsUnit, RtsWorld } from '@fieldmarshal/core/rts';
import type { RtsTeam } from './rts-map.js';

/** Canvas pixels per tile. */
export const RTS_TILE = 18;

export const RTS_COLORS = {
  floor: '#1b1f27',
  wall: '#59627a',
  blue: '#4f8cff',
  red: '#f0605a',
  guard: '#b57cff',
  hero: '#f0b429',
  selected: '#ffffff',
  soft: 'rgba(255,255,255,0.25)',
  predicted: 'rgba(255,255,255,0.55)',
  route: 'rgba(120,220,140,0.8)',
  plan: 'rgba(240,180,41,0.9)',
  slot: 'rgba(240,180,41,0.6)',
  unsolved: '#ff4d4d',
  solving: '#ff9f1a',
  solved: '#3ddc84',
  box: 'rgba(255,255,255,0.8)',
  building: '#8a6a3c',
  ghost: 'rgba(240, 200, 120, 0.55)',
} as const;

/** Renders the walls once into an offscreen canvas. */
export function renderRtsWalls(grid: Grid): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = grid.width * RTS_TILE;
  canvas.height = grid.height * RTS_TILE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = RTS_COLORS.floor;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = RTS_COLORS.wall;
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++)
      if (grid.passable[y * grid.width + x] === 0) ctx.fillRect(x * RTS_TILE, y * RTS_TILE, RTS_TILE, RTS_TILE);
  return canvas;
}

/** Renders the walls, with the buildings put up since in their own colour. */
export function renderRtsMap(
  grid: Grid,
  buildings: readonly { x: number; y: number; size: number }[],
): HTMLCanvasElement {
  const canvas = renderRtsWalls(grid);
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  for (const b of buildings) {
    ctx.fillStyle = RTS_COLORS.building;
    ctx.fillRect(b.x * RTS_TILE, b.y * RTS_TILE, b.size * RTS_TILE, b.size * RTS_TILE);
    ctx.strokeStyle = '#2a1e0e';
    ctx.strokeRect(b.x * RTS_TILE + 0.5, b.y * RTS_TILE + 0.5, b.size * RTS_TILE - 1, b.size * RTS_TILE - 1);
  }
  return canvas;
}

export interface RtsDrawOptions {
  debug: boolean;
  selected: ReadonlySet<RtsUnit>;
  team: ReadonlyMap<RtsUnit, RtsTeam>;
  /** Drag box in tile coordinates, or null. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Where B would build (corner and side in tiles), or null. */
  ghost?: { x: number; y: number; size: number } | null;
}

const at = { x: 0, y: 0 };

/** Draws the world: walls, units at their interpolated positions and, in debug mode, the seed's internals. */
export function drawRts(ctx: CanvasRenderingContext2D, world: RtsWorld, walls: HTMLCanvasElement, o: RtsDrawOptions) {
  const T = RTS_TILE;
  ctx.drawImage(walls, 0, 0);
  if (o.debug) {
    // Group plans and formation slots.
    for (const g of world.groups) {
      if (g.phase === 'arrived' || g.plan.length < 2) continue;
      ctx.strokeStyle = RTS_COLORS.plan;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      for (let k = 0; k < g.plan.length; k += 2) ctx.lineTo((g.plan[k] as number) * T, (g.plan[k + 1] as number) * T);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    for (const u of world.units) {
      // Waypoints still to go.
      if (u.state === 'moving' && u.route.length > 0) {
        ctx.strokeStyle = RTS_COLORS.route;
        ctx.beginPath();
        ctx.moveTo(u.tailX * T, u.tailY * T);
        for (let k = u.routeIndex * 2; k < u.route.length; k += 2)
          ctx.lineTo((u.route[k] as number) * T, (u.route[k + 1] as number) * T);
        ctx.stroke();
        ctx.fillStyle = RTS_COLORS.route;
        for (let k = u.routeIndex * 2; k < u.route.length; k += 2)
          ctx.fillRect((u.route[k] as number) * T - 2, (u.route[k + 1] as number) * T - 2, 4, 4);
      }
      if (!Number.isNaN(u.slotX)) {
        ctx.strokeStyle = RTS_COLORS.slot;
        ctx.strokeRect(u.slotX * T - 3, u.slotY * T - 3, 6, 6);
      }
      // Predicted positions (the rolling queue), newest last.
      ctx.fillStyle = RTS_COLORS.predicted;
      for (let k = 1; k <= world.options.horizon; k++) {
        u.predicted(k, at);
        ctx.fillRect(at.x * T - 1, at.y * T - 1, 2, 2);
      }
      // Avoidance and push targets.
      if (!Number.isNaN(u.avoidX)) {
        ctx.strokeStyle = RTS_COLORS.solving;
        ctx.beginPath();
        ctx.moveTo(u.x * T, u.y * T);
        ctx.lineTo(u.avoidX * T, u.avoidY * T);
        ctx.stroke();
      }
      for (let k = 0; k < u.returnStack.length; k += 2) {
        ctx.strokeStyle = RTS_COLORS.guard;
        ctx.strokeRect((u.returnStack[k] as number) * T - 4, (u.returnStack[k + 1] as number) * T - 4, 8, 8);
      }
    }
  }
  for (const u of world.units) {
    world.renderPosition(u, at);
    const x = at.x * T;
    const y = at.y * T;
    const team = o.team.get(u) ?? 'blue';
    if (o.debug) {
      ctx.strokeStyle = RTS_COLORS.soft;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.arc(x, y, u.softRadius * T, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.fillStyle = RTS_COLORS[team];
    ctx.beginPath();
    ctx.arc(x, y, u.hardRadius * T, 0, Math.PI * 2);
    ctx.fill();
    // Heading tick.
    ctx.strokeStyle = '#0b0d12';
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + u.headingX * u.hardRadius * T, y + u.headingY * u.hardRadius * T);
    ctx.stroke();
    if (o.debug && u.collision !== 'none') {
      ctx.strokeStyle = RTS_COLORS[u.collision];
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x, y, u.hardRadius * T + 2, 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1;
    }
    if (o.selected.has(u)) {
      ctx.strokeStyle = RTS_COLORS.selected;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(x, y, u.hardRadius * T + (o.debug ? 5 : 3), 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1;
    }
  }
  if (o.ghost) {
    ctx.strokeStyle = RTS_COLORS.ghost;
    ctx.setLineDash([3, 3]);
    ctx.strokeRect(o.ghost.x * T + 0.5, o.ghost.y * T + 0.5, o.ghost.size * T - 1, o.ghost.size * T - 1);
    ctx.setLineDash([]);
  }
  if (o.box) {
    ctx.strokeStyle = RTS_COLORS.box;
    ctx.setLineDash([4, 3]);
    const x = Math.min(o.box.x0, o.box.x1) * T;
    const y = Math.min(o.box.y0, o.box.y1) * T;
    ctx.strokeRect(x, y, Math.abs(o.box.x1 - o.box.x0) * T, Math.abs(o.box.y1 - o.box.y0) * T);
    ctx.setLineDash([]);
  }
}
