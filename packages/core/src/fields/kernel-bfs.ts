import { CONTROL_INTERVAL, pollControl } from './control.js';
import type { KernelInput } from './kernel-input.js';
import { RULE_ALWAYS, RULE_BOTH_FREE, RULE_NEVER } from './options.js';
import { growRing, ring, SETTLED } from './scratch.js';

// Direction indices written into `dir` (the step from the discovered tile back towards the tile it came from).
const N = 0;
const E = 1;
const S = 2;
const W = 3;
const NE = 4;
const SE = 5;
const SW = 6;
const NW = 7;

/**
 * Breadth-first waves: every move costs 1 and every seed has the same starting value. Exact (each tile is
 * labelled on first discovery, the queue is FIFO so costs leave it in order). Returns the number of tiles
 * expanded or labelled.
 *
 * PERF: one state byte per padded tile tells both passability and "already labelled"; the queue is a ring of
 * (padded index, tile index) pairs so no division is needed to go between the two layouts; the eight neighbour
 * tests are unrolled and the diagonal rule is a loop-invariant branch.
 */
export function runBfs(k: KernelInput): number {
  const { st, cost, dir, stride, width, rule, maxCost, seeds, control } = k;
  let q = ring();
  let mask = q.length - 1;
  let head = 0;
  let tail = 0;
  const v0 = seeds.v[0] as number;
  let labelled = 0;
  for (let s = 0; s < seeds.n; s++) {
    const p = seeds.p[s] as number;
    if ((st[p] as number) & SETTLED) continue;
    st[p] = (st[p] as number) | SETTLED;
    const i = seeds.i[s] as number;
    cost[i] = v0;
    dir[i] = 255;
    if (((tail - head) & mask) + 2 >= q.length) {
      q = growRing(q, head, tail);
      tail = (tail - head) & mask;
      head = 0;
      mask = q.length - 1;
    }
    q[tail] = p;
    q[tail + 1] = i;
    tail = (tail + 2) & mask;
    labelled++;
  }
  let budget = CONTROL_INTERVAL;
  const sN = -stride;
  const wN = -width;
  const diagonals = rule !== RULE_NEVER;
  while (head !== tail) {
    // PERF: grow before expanding so the eight pushes below need no capacity test.
    if (((tail - head) & mask) + 18 >= q.length) {
      const used = (tail - head) & mask;
      q = growRing(q, head, tail);
      head = 0;
      tail = used;
      mask = q.length - 1;
    }
    const p = q[head] as number;
    const i = q[head + 1] as number;
    head = (head + 2) & mask;
    const c = (cost[i] as number) + 1;
    if (c > maxCost) break; // FIFO: every later tile is at least as far.
    if (--budget === 0) {
      budget = CONTROL_INTERVAL;
      pollControl(control, labelled);
    }
    const pu = (st[p] as number) & 3;
    // Orthogonal neighbours. PERF: `st[x] === pu` is "same code and not yet labelled".
    let t = p + sN;
    const aN = st[t] as number;
    if (aN === pu) {
      st[t] = pu | SETTLED;
      const j = i + wN;
      cost[j] = c;
      dir[j] = S;
      q[tail] = t;
      q[tail + 1] = j;
      tail = (tail + 2) & mask;
      labelled++;
    }
    t = p + 1;
    const aE = st[t] as number;
    if (aE === pu) {
      st[t] = pu | SETTLED;
      const j = i + 1;
      cost[j] = c;
      dir[j] = W;
      q[tail] = t;
      q[tail + 1] = j;
      tail = (tail + 2) & mask;
      labelled++;
    }
    t = p + stride;
    const aS = st[t] as number;
    if (aS === pu) {
      st[t] = pu | SETTLED;
      const j = i + width;
      cost[j] = c;
      dir[j] = N;
      q[tail] = t;
      q[tail + 1] = j;
      tail = (tail + 2) & mask;
      labelled++;
    }
    t = p - 1;
    const aW = st[t] as number;
    if (aW === pu) {
      st[t] = pu | SETTLED;
      const j = i - 1;
      cost[j] = c;
      dir[j] = E;
      q[tail] = t;
      q[tail + 1] = j;
      tail = (tail + 2) & mask;
      labelled++;
    }
    if (!diagonals) continue;
    const fN = (aN & 3) === pu;
    const fE = (aE & 3) === pu;
    const fS = (aS & 3) === pu;
    const fW = (aW & 3) === pu;
    let ne: boolean;
    let se: boolean;
    let sw: boolean;
    let nw: boolean;
    if (rule === RULE_BOTH_FREE) {
      ne = fN && fE;
      se = fS && fE;
      sw = fS && fW;
      nw = fN && fW;
    } else if (rule === RULE_ALWAYS) {
      ne = se = sw = nw = true;
    } else {
      ne = fN || fE;
      se = fS || fE;
      sw = fS || fW;
      nw = fN || fW;
    }
    if (ne) {
      t = p + sN + 1;
      if (st[t] === pu) {
        st[t] = pu | SETTLED;
        const j = i + wN + 1;
        cost[j] = c;
        dir[j] = SW;
        q[tail] = t;
        q[tail + 1] = j;
        tail = (tail + 2) & mask;
        labelled++;
      }
    }
    if (se) {
      t = p + stride + 1;
      if (st[t] === pu) {
        st[t] = pu | SETTLED;
        const j = i + width + 1;
        cost[j] = c;
        dir[j] = NW;
        q[tail] = t;
        q[tail + 1] = j;
        tail = (tail + 2) & mask;
        labelled++;
      }
    }
    if (sw) {
      t = p + stride - 1;
      if (st[t] === pu) {
        st[t] = pu | SETTLED;
        const j = i + width - 1;
        cost[j] = c;
        dir[j] = NE;
        q[tail] = t;
        q[tail + 1] = j;
        tail = (tail + 2) & mask;
        labelled++;
      }
    }
    if (nw) {
      t = p + sN - 1;
      if (st[t] === pu) {
        st[t] = pu | SETTLED;
        const j = i + wN - 1;
        cost[j] = c;
        dir[j] = SE;
        q[tail] = t;
        q[tail + 1] = j;
        tail = (tail + 2) & mask;
        labelled++;
      }
    }
  }
  return labelled;
}
