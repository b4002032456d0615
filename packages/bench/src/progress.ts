/** A progress bar on stderr: redrawn in place on a terminal, a line every 10% otherwise. */
export class ProgressBar {
  private done = 0;
  private lastDecile = -1;
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(
    private readonly total: number,
    private label = '',
  ) {}

  setLabel(label: string): void {
    this.label = label;
    this.draw();
  }

  tick(n = 1): void {
    this.done = Math.min(this.total, this.done + n);
    this.draw();
  }

  finish(): void {
    this.done = this.total;
    this.draw();
    if (this.tty) process.stderr.write('\n');
  }

  private draw(): void {
    const fraction = this.total === 0 ? 1 : this.done / this.total;
    if (this.tty) {
      const width = 30;
      const filled = Math.round(fraction * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      process.stderr.write(
        `\r[${bar}] ${(fraction * 100).toFixed(0).padStart(3)}% ${this.label.slice(0, 60).padEnd(60)}`,
      );
    } else {
      const decile = Math.floor(fraction * 10);
      if (decile !== this.lastDecile) {
        this.lastDecile = decile;
        process.stderr.write(`progress ${decile * 10}% ${this.label}\n`);
      }
    }
  }
}
