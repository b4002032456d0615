import { AbortError } from '../errors.js';
import type { Field, FieldOptions } from '../fields/types.js';
import type { Grid } from '../grid/grid.js';
import type { FieldService, JobOptions, ServiceFieldOptions, UpdatedField } from './field-service-types.js';
import { isFieldStale } from './field-stale.js';
import { readJobOptions, splitServiceOptions } from './job-options.js';

/**
 * A field kept up to date by the worker service: a refresh or an update computes into buffers nobody reads
 * (never the published ones) and publishes the result only when complete, bumping
 * {@link LiveField.generation}. A new refresh or update cancels the one in flight (latest wins). Readers read
 * {@link LiveField.field} each frame; a replaced field's buffers are reused only when the NEXT field is
 * published (one generation of grace).
 *
 * After grid edits, {@link LiveField.update} repairs the field instead of recomputing it: in a worker, in the
 * buffers of the field before last (kept as a spare), from the grid's edit log. Updates are explicit: call it
 * after editing the grid (for example once per frame when {@link LiveField.stale}). Many live fields (one
 * per goal) updated together repair in parallel across the pool.
 */
export class LiveField {
  private current: Field | null = null;
  private previous: Field | null = null;
  /** The field before `previous`, kept by updates to repair into (its grace is over). */
  private spare: Field | null = null;
  /** The options each field was made with: only a field of the current options is repaired. */
  private readonly optionsOf = new WeakMap<Field, FieldOptions>();
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
   * Recomputes the field and publishes it. `options` is one object (API 1.0): when it has its own `goals`, its
   * field options (all but `signal` and `onProgress`) replace {@link LiveField.options}; its `signal` and
   * `onProgress` are those of this refresh only. Rejects with AbortError when a later refresh, `options.signal`
   * or {@link LiveField.dispose} cancels it; the published field stays.
   */
  async refresh(options?: ServiceFieldOptions | JobOptions): Promise<Field> {
    if (this.disposed) throw new AbortError('the live field was disposed');
    const { kernel, job } = splitServiceOptions(options);
    const { signal: outer, onProgress } = readJobOptions(job);
    if (kernel !== null && typeof kernel === 'object' && Object.hasOwn(kernel, 'goals'))
      this.options = kernel as FieldOptions;
    const fieldOptions = this.options;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const field = await this.service.computeField(this.grid, {
        ...fieldOptions,
        signal: controller.signal,
        ...(onProgress && { onProgress }),
      });
      this.optionsOf.set(field, fieldOptions);
      if (controller.signal.aborted || this.disposed) {
        this.service.release(field);
        throw new AbortError('the refresh was superseded');
      }
      if (this.previous) this.service.release(this.previous);
      // A full refresh (maybe with new options) makes the spare useless: give it back too.
      if (this.spare) this.service.release(this.spare);
      this.spare = null;
      this.previous = this.current;
      this.current = field;
      this.gen++;
      return field;
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  /**
   * Brings the field up to the grid's current version and publishes it: repaired in a worker from the grid's
   * edit log where possible (see `updateField`), recomputed otherwise; without a field yet, a {@link refresh}.
   * Resolves to the published field and what was done (`full`, `tiles`); a field already up to date resolves
   * at once with `tiles` 0. Rejects with AbortError when a later refresh or update, `options.signal` or
   * {@link LiveField.dispose} cancels it; the published field stays.
   */
  async update(options?: JobOptions): Promise<UpdatedField> {
    if (this.disposed) throw new AbortError('the live field was disposed');
    const { signal: outer, onProgress } = readJobOptions(options);
    const base = this.current;
    if (base === null || this.optionsOf.get(base) !== this.options) {
      // Nothing to repair from (or a field of other options): compute it in full.
      const field = await this.refresh(options);
      return { field, full: true, tiles: field.width * field.height };
    }
    if (!isFieldStale(base, this.grid) && this.inFlight === null) return { field: base, full: false, tiles: 0 };
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    const into = this.spare;
    this.spare = null;
    try {
      const result = await this.service.updateField(this.grid, base, {
        ...this.options,
        signal: controller.signal,
        ...(onProgress && { onProgress }),
        ...(into ? { into } : {}),
      });
      this.optionsOf.set(result.field, this.options);
      if (controller.signal.aborted || this.disposed) {
        this.keepSpare(result.field);
        throw new AbortError('the update was superseded');
      }
      // The field before last (its grace is over) becomes the spare of the next update.
      this.keepSpare(this.previous);
      this.previous = this.current;
      this.current = result.field;
      this.gen++;
      return result;
    } catch (error) {
      // A failed job may have written part of `into`: give it back (the service keeps it from reuse if a
      // crashed worker could still write it).
      if (into) this.service.release(into);
      throw error;
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  /** Keeps `field` as the spare (releasing any other), or releases it when disposed or of other options. */
  private keepSpare(field: Field | null): void {
    if (field === null) return;
    if (this.disposed || this.optionsOf.get(field) !== this.options) {
      this.service.release(field);
      return;
    }
    if (this.spare && this.spare !== field) this.service.release(this.spare);
    this.spare = field;
  }

  /** Cancels a running refresh or update and gives every buffer back to the service. The field reads null afterwards. */
  dispose(): void {
    this.disposed = true;
    this.inFlight?.abort();
    for (const field of [this.spare, this.previous, this.current]) if (field) this.service.release(field);
    this.spare = null;
    this.previous = null;
    this.current = null;
  }
}
