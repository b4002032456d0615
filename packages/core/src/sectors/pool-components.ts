/**
 * The connected components of the entrances, computed by the jobs of a pool build together (each over the sectors
 * it takes; see ./pool-claim.ts): a union-find on the graph's shared `nodeComp`, whose roots are joined with
 * compare-and-swap, so that jobs joining at the same time cannot lose a join (the wait-free union-find of
 * Anderson and Woll, "Wait-free parallel algorithms for the union-find problem", without its ranks). Three
 * stages, each over a run of sectors, each needing the one before it done on every sector:
 * 1. {@link startComponents}: every entrance its own component;
 * 2. {@link joinComponents}: each entrance joined with its region's first entrance and its mates;
 * 3. {@link labelComponents}: each entrance's label, its component's root.
 * A parent always has a smaller index than its child (the larger root is hung under the smaller), so a root is
 * its component's smallest entrance whatever the order of the joins, so the stages over runs of sectors in any
 * order give the labels of one pass over all of them (`computeComponents`, build-phases.ts, on one thread). Shortcuts taken while looking for a root only ever point a node at a smaller node
 * of its component, so they cannot make a loop, whichever job's write lands last.
 */
import type { SectorGraphData } from './sector-data.js';
import { MATES } from './sector-data.js';

/** Stage 1: every entrance of sectors [first, last) its own component. */
export function startComponents(data: SectorGraphData, first: number, last: number): void {
  const parent = data.nodeComp;
  for (let s = first; s < last; s++) {
    const from = data.sectorNodeFirst[s] as number;
    const end = from + (data.sectorNodeCount[s] as number);
    for (let n = from; n < end; n++) parent[n] = n;
  }
}

/** Stage 2: joins each entrance of sectors [first, last) with its region's first entrance and with its mates. */
export function joinComponents(data: SectorGraphData, first: number, last: number): void {
  const parent = data.nodeComp;
  const mates = data.nodeMates;
  for (let s = first; s < last; s++) {
    const from = data.sectorNodeFirst[s] as number;
    const end = from + (data.sectorNodeCount[s] as number);
    for (let n = from; n < end; n++) {
      const r = from + (data.nodeRegion[n] as number);
      if (r !== n) join(parent, n, r);
      for (let d = 0; d < MATES; d++) {
        const m = mates[n * MATES + d] as number;
        if (m >= 0) join(parent, n, m);
      }
    }
  }
}

/** Stage 3: each entrance of sectors [first, last) labelled with its component's root (its smallest entrance). */
export function labelComponents(data: SectorGraphData, first: number, last: number): void {
  const parent = data.nodeComp;
  for (let s = first; s < last; s++) {
    const from = data.sectorNodeFirst[s] as number;
    const end = from + (data.sectorNodeCount[s] as number);
    for (let n = from; n < end; n++) parent[n] = root(parent, n);
  }
}

/**
 * The root of n's tree, pointing the nodes on the way at it. Another job may hang a root under a smaller one
 * meanwhile, or point a node further up: a node is only pointed at `r` while its parent is larger than `r`.
 */
function root(parent: Int32Array, n: number): number {
  let r = n;
  for (let p = parent[r] as number; p !== r; p = parent[r] as number) r = p;
  while (n > r) {
    const next = parent[n] as number;
    if (next > r) parent[n] = r;
    n = next;
  }
  return r;
}

/** Joins the trees of a and b: the larger root is hung under the smaller, unless another job moved it first. */
function join(parent: Int32Array, a: number, b: number): void {
  for (;;) {
    let ra = root(parent, a);
    let rb = root(parent, b);
    if (ra === rb) return;
    if (ra < rb) {
      const t = ra;
      ra = rb;
      rb = t;
    }
    if (Atomics.compareExchange(parent, ra, ra, rb) === ra) return;
  }
}
