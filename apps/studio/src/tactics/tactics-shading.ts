import type { Grid } from '@fieldmarshal/core';
import type { ConvexSets, TacticConstants } from '@fieldmarshal/core/tactics';

/** What the map is shaded by. */
export type ShadeMode = 'flank' | 'retreat' | 'sets' | 'plain';

export const SHADE_MODES: readonly { id: ShadeMode; label: string }[] = [
  { id: 'flank', label: 'flank regions (hyperbola, ellipses)' },
  { id: 'retreat', label: 'retreat regions (hyperbola, circles)' },
  { id: 'sets', label: 'convex sets' },
  { id: 'plain', label: 'plain' },
];

/** Tile classes in cost space, each with a colour and an explanation for the legend. */
export const CLASSES = {
  wall: { color: [12, 13, 17], label: 'wall', short: 'wall' },
  plain: { color: [70, 76, 92], label: 'floor', short: 'floor' },
  unreachable: { color: [38, 40, 46], label: 'unreachable by one of them', short: 'unreachable' },
  flankKept: {
    color: [46, 150, 84],
    label: 'flank area: |m − t| ≤ hyperbola, small ≤ m + t ≤ large ellipse',
    short: 'kept',
  },
  outsideHyperbola: {
    color: [70, 76, 92],
    label: 'outside the hyperbola (|m − t| > hyperbola)',
    short: 'rejected: |m − t| > hyperbola',
  },
  insideSmall: {
    color: [112, 74, 150],
    label: 'inside the small ellipse (m + t < 2c): too direct',
    short: 'rejected: m + t < small ellipse',
  },
  outsideLarge: {
    color: [34, 54, 96],
    label: 'outside the large ellipse (m + t > 8c): too far',
    short: 'rejected: m + t > large ellipse',
  },
  retreatKept: {
    color: [214, 128, 40],
    label: 'retreat area: m ≤ t, t − m ≥ hyperbola, t ≥ circle, m ≤ circle',
    short: 'kept',
  },
  nearerTarget: { color: [96, 40, 44], label: 'nearer the target (m > t)', short: 'rejected: m > t' },
  insideHyperbolaR: {
    color: [70, 76, 92],
    label: 'inside the hyperbola (t − m < hyperbola)',
    short: 'rejected: t − m < hyperbola',
  },
  insideTargetCircle: {
    color: [112, 74, 150],
    label: "inside the target's circle (t < 2c)",
    short: 'rejected: t < circle',
  },
  outsidePlayerCircle: {
    color: [34, 54, 96],
    label: "outside the player's circle (m > 2c)",
    short: 'rejected: m > circle',
  },
} as const;

export type TileClass = keyof typeof CLASSES;

/** The flank class of a tile (or a set) with costs m, t (Infinity = unreachable). Order as the seed's tests. */
export function flankClass(m: number, t: number, c: TacticConstants): TileClass {
  if (!Number.isFinite(m) || !Number.isFinite(t) || m < 0 || t < 0) return 'unreachable';
  if (Math.abs(m - t) > c.hyperbola) return 'outsideHyperbola';
  if (m + t < c.smallEllipse) return 'insideSmall';
  if (m + t > c.largeEllipse) return 'outsideLarge';
  return 'flankKept';
}

/** The retreat class of a tile (or a set). Order as the seed's tests. */
export function retreatClass(m: number, t: number, c: TacticConstants): TileClass {
  if (!Number.isFinite(m) || !Number.isFinite(t) || m < 0 || t < 0) return 'unreachable';
  if (m > t) return 'nearerTarget';
  if (t - m < c.hyperbola) return 'insideHyperbolaR';
  if (t < c.circle) return 'insideTargetCircle';
  if (m > c.circle) return 'outsidePlayerCircle';
  return 'retreatKept';
}

/** Legend entries of a mode. */
export function legendClasses(mode: ShadeMode): TileClass[] {
  if (mode === 'flank') return ['flankKept', 'outsideHyperbola', 'insideSmall', 'outsideLarge', 'unreachable', 'wall'];
  if (mode === 'retreat')
    return [
      'retreatKept',
      'nearerTarget',
      'insideHyperbolaR',
      'insideTargetCircle',
      'outsidePlayerCircle',
      'unreachable',
      'wall',
    ];
  return ['plain', 'wall'];
}

export function cssColor(cls: TileClass): string {
  const [r, g, b] = CLASSES[cls].color;
  return `rgb(${r}, ${g}, ${b})`;
}

/** A muted colour per set id (golden-angle hues), for the `sets` mode. */
function setColor(id: number): [number, number, number] {
  const h = (id * 137.508) % 360;
  const s = 0.35;
  const l = 0.42;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * Paints the map at one pixel per tile: per-tile classes in cost space from the two fields (`m` from blue,
 * `t` from red) for the flank/retreat modes, a colour per set, or plain floor. Checkered half-tone on tiles
 * whose set is a candidate is drawn by the overlay instead.
 */
export function paintTactics(
  image: ImageData,
  grid: Grid,
  sets: ConvexSets,
  mode: ShadeMode,
  fromBlue: Float64Array | null,
  fromRed: Float64Array | null,
  constants: TacticConstants | null,
): void {
  const data = image.data;
  const { passable } = grid;
  for (let i = 0; i < passable.length; i++) {
    let rgb: readonly number[];
    if (passable[i] === 0) rgb = CLASSES.wall.color;
    else if (mode === 'sets') rgb = setColor(sets.setOf[i] as number);
    else if ((mode === 'flank' || mode === 'retreat') && fromBlue && fromRed && constants) {
      const m = fromBlue[i] as number;
      const t = fromRed[i] as number;
      rgb = CLASSES[mode === 'flank' ? flankClass(m, t, constants) : retreatClass(m, t, constants)].color;
    } else rgb = CLASSES.plain.color;
    const p = i * 4;
    data[p] = rgb[0] as number;
    data[p + 1] = rgb[1] as number;
    data[p + 2] = rgb[2] as number;
    data[p + 3] = 255;
  }
}
