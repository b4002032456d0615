/** A growable list of tile coordinates (x, y pairs) for path assembly, reused between queries. */
export class PathBuffer {
  xy = new Int32Array(1024);
  /** Number of tiles (pairs). */
  n = 0;

  clear(): void {
    this.n = 0;
  }

  push(x: number, y: number): void {
    if (2 * this.n + 2 > this.xy.length) {
      const bigger = new Int32Array(this.xy.length * 2);
      bigger.set(this.xy);
      this.xy = bigger;
    }
    this.xy[2 * this.n] = x;
    this.xy[2 * this.n + 1] = y;
    this.n++;
  }

  /** Empties the buffer and puts (x, y) in it; returns it. */
  start(x: number, y: number): this {
    this.n = 0;
    this.push(x, y);
    return this;
  }

  /** Reverses the tiles [from, n). */
  reverseFrom(from: number): void {
    const xy = this.xy;
    for (let i = from, j = this.n - 1; i < j; i++, j--) {
      const x = xy[2 * i] as number;
      const y = xy[2 * i + 1] as number;
      xy[2 * i] = xy[2 * j] as number;
      xy[2 * i + 1] = xy[2 * j + 1] as number;
      xy[2 * j] = x;
      xy[2 * j + 1] = y;
    }
  }

  /** A copy of the tiles as a new Int32Array. */
  toArray(): Int32Array {
    return this.xy.slice(0, 2 * this.n);
  }
}
