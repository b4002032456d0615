import { AbortError } from '../errors.js';
import type { Field, FieldOptions } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import type { FieldService, JobOptions } from './field-service-types.js';
import { isFieldStale } from './field-stale.js';

/**
 * A field kept up to date by the worker service, double-buffered: a refresh computes into a scratch buffer
 * (never the published one) and publishes it only when complete, bumping {@link LiveField.generation}. A new
 * refresh cancels the one in flight (latest wins). Readers read {@link LiveField.field} each frame; a replaced
 * field's buffers are recycled only when the NEXT field is published (one generation of grace).
 */
export class LiveField {
  private current: Field | null = null;
  private previous: Field | null = null;
  private gen = 0;
  private inFlight: AbortController | null = null;
  private disposed = false;

  constructor(
    private readonly service: FieldService,
    /** The grid the field describes (on a SharedArrayBuffer). */
    readonly grid: Grid,
    /** Options of the next refresh; replaced by the options given to {@link LiveField.refresh}. */
    public options: FieldOptions,
  ) {}

  /** The latest complete field, or null before the first refresh finished. */
  get field(): Field | null {
    return this.current;
  }

  /** Number of fields published so far (0 before the first). */
  get generation(): number {
    return this.gen;
  }

  /** True when there is no field yet or the grid changed since it was computed. */
  get stale(): boolean {
    return this.current === null || isFieldStale(this.current, this.grid);
  }

  /** True while a refresh is running. */
  get busy(): boolean {
    return this.inFlight !== null;
  }

  /**
   * Recomputes the field (with new `options` when given) and publishes it. Rejects with AbortError when a
   * later refresh, `jobOptions.signal` or {@link LiveField.dispose} cancels it; the published field stays.
   */
  async refresh(options?: FieldOptions, jobOptions: JobOptions = {}): Promise<Field> {
    if (this.disposed) throw new AbortError('the live field was disposed');
    if (options) this.options = options;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const outer = jobOptions.signal;
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const field = await this.service.computeField(this.grid, this.options, {
        ...jobOptions,
        signal: controller.signal,
      });
      if (controller.signal.aborted || this.disposed) {
        this.service.release(field);
        throw new AbortError('the refresh was superseded');
      }
      if (this.previous) this.service.release(this.previous);
      this.previous = this.current;
      this.current = field;
      this.gen++;
      return field;
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  /** Cancels a running refresh and gives both buffers back to the service. The field reads null afterwards. */
  dispose(): void {
    this.disposed = true;
    this.inFlight?.abort();
    if (this.previous) this.service.release(this.previous);
    if (this.current) this.service.release(this.current);
    this.previous = null;
    this.current = null;
  }
}
