import { METRIC_OCTILE, METRIC_STEPS, RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from '../options.js';
import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { SETTLED } from './scratch.js';

// Orthogonal neighbours of each diagonal direction (4 NE, 5 SE, 6 SW, 7 NW) in DIRECTIONS order.
const DIAG_A = [0, 2, 2, 0];
const DIAG_B = [1, 1, 3, 3];
const OPPOSITE = [2, 3, 0, 1, 6, 7, 4, 5];
const DX = [0, 1, 0, -1, 1, 1, -1, -1];
const DY = [-1, 0, 1, 0, -1, 1, 1, -1];

let heapCost = new Float64Array(1024);
let heapP = new Int32Array(1024);
let heapI = new Int32Array(1024);

/**
 * Dijkstra with a binary heap, used only when the terrain is so expensive that Dial's buckets would be too
 * many (an edge over MAX_DIAL_BUCKETS cost units). Same semantics and tie rules as the Dial kernel.
 */
export function runHeap(k: KernelInput): number {
  const { st, cost, dir, stride, width, rule, maxCost, seeds, control, terrain, metric } = k;
  cost.fill(Number.POSITIVE_INFINITY);
  dir.fill(255);
  const offP = DX.map((dx, d) => (DY[d] as number) * stride + dx);
  const offI = DX.map((dx, d) => (DY[d] as number) * width + dx);
  const dirs = rule === RULE_NEVER ? 4 : 8;
  let size = 0;
  const push = (c: number, p: number, i: number): void => {
    if (size === heapCost.length) {
      const cap = size * 2;
      const nc = new Float64Array(cap);
      nc.set(heapCost);
      heapCost = nc;
      const np = new Int32Array(cap);
      np.set(heapP);
      heapP = np;
      const ni = new Int32Array(cap);
      ni.set(heapI);
      heapI = ni;
    }
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heapCost[parent] as number) <= c) break;
      heapCost[at] = heapCost[parent] as number;
      heapP[at] = heapP[parent] as number;
      heapI[at] = heapI[parent] as number;
      at = parent;
    }
    heapCost[at] = c;
    heapP[at] = p;
    heapI[at] = i;
  };
  const popInto = (): void => {
    // Moves the last entry down from the root after the root was read.
    size--;
    if (size === 0) return;
    const c = heapCost[size] as number;
    const p = heapP[size] as number;
    const i = heapI[size] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && (heapCost[child + 1] as number) < (heapCost[child] as number)) child++;
      if ((heapCost[child] as number) >= c) break;
      heapCost[at] = heapCost[child] as number;
      heapP[at] = heapP[child] as number;
      heapI[at] = heapI[child] as number;
      at = child;
    }
    heapCost[at] = c;
    heapP[at] = p;
    heapI[at] = i;
  };
  for (let s = 0; s < seeds.n; s++) {
    const i = seeds.i[s] as number;
    const v = seeds.v[s] as number;
    if (!(v < (cost[i] as number))) continue;
    cost[i] = v;
    dir[i] = 255;
    push(v, seeds.p[s] as number, i);
  }
  let settled = 0;
  let budget = CONTROL_INTERVAL;
  while (size > 0) {
    const p = heapP[0] as number;
    const i = heapI[0] as number;
    popInto();
    const a0 = st[p] as number;
    if (a0 & SETTLED) continue;
    st[p] = a0 | SETTLED;
    settled++;
    if (--budget === 0) {
      budget = CONTROL_INTERVAL;
      pollControl(control, settled);
    }
    const pu = a0 & 3;
    const cu = cost[i] as number;
    const wo = metric === METRIC_STEPS || metric === METRIC_OCTILE || terrain === null ? 1 : (terrain[i] as number);
    const wd = metric === METRIC_STEPS ? 1 : wo * Math.SQRT2;
    for (let d = 0; d < dirs; d++) {
      const t = p + (offP[d] as number);
      if (st[t] !== pu) continue;
      if (d >= 4 && rule !== RULE_ALWAYS) {
        const fa = ((st[p + (offP[DIAG_A[d - 4] as number] as number)] as number) & 3) === pu;
        const fb = ((st[p + (offP[DIAG_B[d - 4] as number] as number)] as number) & 3) === pu;
        if (rule === RULE_BOTH_FREE ? !(fa && fb) : !(fa || fb)) continue;
      }
      const j = i + (offI[d] as number);
      const c = cu + (d < 4 ? wo : wd);
      if (c < (cost[j] as number) && c <= maxCost) {
        cost[j] = c;
        dir[j] = OPPOSITE[d] as number;
        push(c, t, j);
      }
    }
  }
  return settled;
}
