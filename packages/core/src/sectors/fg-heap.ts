/**
 * The open list of the sector searches (abstract-search.ts, refine-corridor.ts): a binary min-heap of
 * (f, g, node) entries over three parallel typed arrays, lowest f first and on equal f the larger g (the deeper
 * entry: fewer expansions on open ground). Grows by doubling; allocates nothing once warm. Stale entries are
 * left in and skipped by the caller (no decrease-key).
 */
export class FGHeap {
  private hf = new Float64Array(1024);
  private hg = new Float64Array(1024);
  private hn = new Int32Array(1024);
  /** Entries in the heap. */
  size = 0;
  /** The g of the entry taken by the last {@link FGHeap.pop}. */
  popped = 0;

  /** Adds node `n` with estimate `f` and cost `g`. */
  push(f: number, g: number, n: number): void {
    if (this.size === this.hn.length) {
      const c = this.size * 2;
      const a = new Float64Array(c);
      a.set(this.hf);
      this.hf = a;
      const b = new Float64Array(c);
      b.set(this.hg);
      this.hg = b;
      const d = new Int32Array(c);
      d.set(this.hn);
      this.hn = d;
    }
    const { hf, hg, hn } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pf = hf[p] as number;
      if (pf < f || (pf === f && (hg[p] as number) >= g)) break;
      hf[i] = pf;
      hg[i] = hg[p] as number;
      hn[i] = hn[p] as number;
      i = p;
    }
    hf[i] = f;
    hg[i] = g;
    hn[i] = n;
  }

  /** Removes the top entry (the heap must not be empty); returns its node and leaves its g in `popped`. */
  pop(): number {
    const { hf, hg, hn } = this;
    const top = hn[0] as number;
    this.popped = hg[0] as number;
    const size = --this.size;
    if (size > 0) {
      const f = hf[size] as number;
      const g = hg[size] as number;
      const n = hn[size] as number;
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size) {
          const fa = hf[c] as number;
          const fb = hf[c + 1] as number;
          if (fb < fa || (fb === fa && (hg[c + 1] as number) > (hg[c] as number))) c++;
        }
        const fc = hf[c] as number;
        if (fc > f || (fc === f && (hg[c] as number) <= g)) break;
        hf[i] = fc;
        hg[i] = hg[c] as number;
        hn[i] = hn[c] as number;
        i = c;
      }
      hf[i] = f;
      hg[i] = g;
      hn[i] = n;
    }
    return top;
  }
}
