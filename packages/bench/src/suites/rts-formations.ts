import { createRandom, Grid } from '@fieldmarshal/core';
import { type RtsGroup, type RtsUnit, RtsWorld } from '@fieldmarshal/core/rts';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { percentile } from '../stats.js';

/**
 * Formations across the studio's RTS battlefield (apps/studio/src/units/rts/rts-map.ts, built again here: 48x32,
 * a ridge with a one-tile canyon and a three-tile pass, four blocks; the studio's twenty blue units, sixteen red
 * ones, three canyon guards and a hero). Per seed, a random walkable tile east of the ridge; the blue army is
 * ordered there in a wedge and in a box, and, in a world of its own, one blue unit from the army's middle alone.
 * Simulated seconds (fixed steps of 1/20 s) until the group arrives, over the single unit's; members that failed or
 * stand off their place at the end.
 */
const W = 48;
const H = 32;
const LIMIT_S = 150;

function battlefield(): { world: RtsWorld; blue: RtsUnit[] } {
  const grid = Grid.open(W, H, { shared: false });
  const wall = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grid.passable[y * W + x] = 0;
  };
  wall(0, 0, W - 1, 0);
  wall(0, H - 1, W - 1, H - 1);
  wall(0, 0, 0, H - 1);
  wall(W - 1, 0, W - 1, H - 1);
  wall(20, 5, 27, 14);
  wall(20, 16, 27, H - 2);
  wall(20, 1, 27, 1);
  wall(8, 7, 11, 11);
  wall(34, 20, 38, 24);
  wall(35, 6, 40, 8);
  wall(12, 23, 13, 27);
  grid.touch();
  const world = new RtsWorld(grid);
  const blue: RtsUnit[] = [];
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) blue.push(world.addUnit(3 + c, 17 + r, { speed: 3, priority: 1 }));
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) world.addUnit(40 + c, 12 + r, { speed: 2.5, team: 1 });
  for (const x of [22, 23, 24]) world.addUnit(x, 15, { speed: 2.5, team: 2 });
  world.addUnit(3, 13, { speed: 5, priority: 5, hardRadius: 0.42, softRadius: 0.7 });
  return { world, blue };
}

function runGroup(formation: 'wedge' | 'box', tx: number, ty: number) {
  const { world, blue } = battlefield();
  const g: RtsGroup = world.orderGroup(blue, tx, ty, { formation });
  let steps = 0;
  while (g.phase !== 'arrived' && g.phase !== 'failed' && steps < LIMIT_S * 20) {
    world.step();
    steps++;
  }
  const failed = g.units.filter((u) => u.failed).length;
  const off = g.units.filter(
    (u) => !u.failed && u !== g.commander && Math.hypot(u.tailX - u.slotX, u.tailY - u.slotY) > 0.05,
  ).length;
  return { seconds: g.phase === 'arrived' ? steps / 20 : Number.POSITIVE_INFINITY, failed, off };
}

function runSingle(tx: number, ty: number): number {
  const { world, blue } = battlefield();
  const u = blue[12] as RtsUnit;
  world.moveUnit(u, tx, ty);
  for (let steps = 1; steps <= LIMIT_S * 20; steps++) {
    world.step();
    if (u.state === 'destination-reached') return steps / 20;
  }
  return Number.POSITIVE_INFINITY;
}

/** `seeds` seeds from `firstSeed` (default 1): 1-30 is the usual set, 31 on are held-out targets. */
export function runRtsFormations(options: { seeds: number; firstSeed?: number }) {
  const first = options.firstSeed ?? 1;
  const bar = new ProgressBar(options.seeds, 'rts-formations');
  const ratios: Record<'wedge' | 'box', number[]> = { wedge: [], box: [] };
  const times: Record<'wedge' | 'box', number[]> = { wedge: [], box: [] };
  const bad: Record<'wedge' | 'box', number> = { wedge: 0, box: 0 };
  const singles: number[] = [];
  const probe = battlefield().world.grid;
  for (let seed = first; seed < first + options.seeds; seed++) {
    const random = createRandom(seed);
    let tx = 0;
    let ty = 0;
    do {
      tx = 29 + Math.floor(random() * 17);
      ty = 1 + Math.floor(random() * 29);
    } while (!probe.isPassable(tx, ty));
    const single = runSingle(tx, ty);
    singles.push(single);
    for (const formation of ['wedge', 'box'] as const) {
      const r = runGroup(formation, tx, ty);
      times[formation].push(r.seconds);
      ratios[formation].push(r.seconds / single);
      if (r.failed > 0 || r.off > 0 || !Number.isFinite(r.seconds)) {
        bad[formation]++;
        process.stderr.write(
          `\nrts-formations: seed ${seed}, ${formation}: ${r.failed} failed, ${r.off} off its place\n`,
        );
      }
    }
    bar.tick();
  }
  bar.finish();
  const rows: string[][] = [];
  const data: Row[] = [];
  const sortedSingles = [...singles].sort((a, b) => a - b);
  for (const formation of ['wedge', 'box'] as const) {
    const r = [...ratios[formation]].sort((a, b) => a - b);
    const t = [...times[formation]].sort((a, b) => a - b);
    const within = r.filter((v) => v <= 1.5).length;
    data.push({
      suite: 'rts-formations',
      map: 'studio-battlefield-48x32',
      case: `20 units, ${formation}`,
      extra: {
        seeds: options.seeds,
        firstSeed: first,
        ratioP10: percentile(r, 10),
        ratioP50: percentile(r, 50),
        ratioP90: percentile(r, 90),
        ratioMax: r.at(-1) as number,
        timeP50: percentile(t, 50),
        singleP50: percentile(sortedSingles, 50),
        within15: within,
        notAllPlaced: bad[formation],
      },
    });
    rows.push([
      `20 units, ${formation}`,
      `${options.seeds}`,
      fmt(percentile(sortedSingles, 50)),
      fmt(percentile(t, 50)),
      `${fmt(percentile(r, 10))} / ${fmt(percentile(r, 50))} / ${fmt(percentile(r, 90))} / ${fmt(r.at(-1) as number)}`,
      `${within} of ${options.seeds}`,
      `${bad[formation]}`,
    ]);
  }
  return {
    title: 'Formations across the studio battlefield: arrival (simulated s) over one unit alone on the same trip',
    header: [
      'case',
      'seeds',
      'single p50 s',
      'group p50 s',
      'ratio p10 / p50 / p90 / max',
      'ratio <= 1.5',
      'not all placed',
    ],
    rows,
    data,
  };
}
