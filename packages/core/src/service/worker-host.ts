/**
 * The worker side of the pool: a grid cache and a dispatcher from kernel names to the registry. The worker
 * module (../worker.ts) exposes the object made here over comlink; it contains no kernel logic itself.
 */
import { InvalidOptionError } from '../errors.js';
import { Grid } from '../grid/grid.js';
import { serializeError } from './error-transport.js';
import { KERNELS, type Kernel } from './kernels.js';
import { GRID_TOKEN, type JobReply, type JobRequest, type WorkerApi, type WorkerConfig } from './protocol.js';

type AnyKernel = Kernel<never, unknown>;

/**
 * Builds the API a pool worker exposes. Pure: usable on the main thread too (`local`: the service's main-thread
 * fallback, whose error replies also carry the thrown object itself, since they cross no thread).
 */
export function createWorkerApi(local = false): WorkerApi {
  /** Grids by id, rebuilt once over the shared buffer the main thread sent. */
  const grids = new Map<number, Grid>();
  let registry: Record<string, AnyKernel> = KERNELS;

  function decode(args: Record<string, unknown>): Record<string, unknown> {
    let decoded = args;
    for (const key of Object.keys(args)) {
      const value = args[key];
      if (typeof value === 'object' && value !== null && GRID_TOKEN in value) {
        const id = (value as { [GRID_TOKEN]: number })[GRID_TOKEN];
        const grid = grids.get(id);
        if (!grid) throw new InvalidOptionError(key, value, 'a grid known to this worker');
        if (decoded === args) decoded = { ...args };
        decoded[key] = grid;
      }
    }
    return decoded;
  }

  return {
    async init(config: WorkerConfig): Promise<string[]> {
      // The test kernels live in their own module, loaded only when asked for: a bundler puts them in a
      // separate lazy chunk, so a production worker never carries them.
      registry = config.testKernels ? { ...KERNELS, ...(await import('./test-kernels.js')).TEST_KERNELS } : KERNELS;
      return Object.keys(registry);
    },
    async run(request: JobRequest): Promise<JobReply> {
      try {
        for (const [id, buffer] of request.grids) grids.set(id, Grid.from(buffer));
        const kernel = Object.hasOwn(registry, request.name) ? registry[request.name] : undefined;
        if (!kernel) {
          throw new InvalidOptionError('kernel', request.name, `one of ${Object.keys(registry).join(', ')}`);
        }
        const value = await (kernel as (args: unknown, control: unknown) => unknown)(decode(request.args), {
          control: request.control,
        });
        return { ok: true, value };
      } catch (error) {
        return local
          ? { ok: false, error: serializeError(error), raw: error }
          : { ok: false, error: serializeError(error) };
      }
    },
    dropGrids(ids: number[]): void {
      for (const id of ids) grids.delete(id);
    },
    ping(): number {
      return grids.size;
    },
  };
}
