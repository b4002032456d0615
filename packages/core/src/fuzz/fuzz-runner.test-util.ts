/**
 * Runs fuzz entries in Node worker threads against the built package, with a deadline per call: a call that does
 * not finish in time is a hang; the worker is terminated and a new one goes on after that call. A worker that
 * dies (an uncaught error, out of memory) is a crash of the call it was running.
 */
import { Worker } from 'node:worker_threads';

/** One call that did not return a correct result or a documented error. */
export interface FuzzFailure {
  /** The entry: `fn`, `new Class`, `Class#member`, ... */
  name: string;
  /** Where the hostile values went: `arg1.goals[0].value=1e16`, `Object.prototype.maxCost`, `valid call`. */
  label: string;
  outcome: 'untyped' | 'hang' | 'crash' | 'bad-result' | 'polluted' | 'baseline' | 'setup';
  detail?: string;
}

export interface FuzzRun {
  failures: FuzzFailure[];
  /** Milliseconds each entry's calls took (entries cut short by a hang or a crash are left out). */
  times: Record<string, number>;
  /** Calls per outcome of each entry that ran to its end. */
  tallies: Record<string, Record<string, number>>;
  /** Calls per outcome (ok, typed, propagated, and the failures). */
  counts: Record<string, number>;
  calls: number;
}

const WORKER = new URL('./fuzz-worker.mjs', import.meta.url);

export interface CatalogInfo {
  entries: { name: string; service: boolean }[];
  constants: string[];
  interfaces: string[];
  exports: [string, 'constant' | 'class' | 'function'][];
}

/** The catalog's entry names and the package's exports, as the worker sees them. */
export function describeCatalog(distUrl: string): Promise<CatalogInfo> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { distUrl, names: [], start: 0, progress: new SharedArrayBuffer(8), describeOnly: true },
    });
    worker.once('message', (m: CatalogInfo & { type: string }) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

/**
 * Hangs and crashes cost a deadline and a new worker each. After one of them with a hostile value in an argument
 * path (`arg1.goals[0].value`), the entry's other calls with a hostile value there are skipped; after this many in
 * one entry, the rest of the entry is skipped. Skipped calls are counted as `skipped`.
 */
export const MAX_LOST_PER_ENTRY = 4;
const MAX_LOST_PER_PATH = 1;

/** The argument paths of a call's label: `arg1.x=NaN, arg2=null` gives `arg1.x` and `arg2`. */
function labelPaths(label: string): string[] {
  return label.startsWith('arg') ? label.split(', ').map((part) => part.slice(0, part.indexOf('='))) : [];
}

/** Slots of the progress array shared with the worker (see fuzz-worker.mjs). */
const P_ENTRY = 0;
const P_BEAT = 1;
const P_ITEM = 2;
const P_DEADLINE = 6;
const P_SKIPPED = 7;
const P_COUNTS: [number, string][] = [
  [3, 'ok'],
  [4, 'typed'],
  [5, 'propagated'],
];

/**
 * Runs the named entries' calls in order, in a worker thread, starting a new worker after a hang or a crash;
 * resolves with every failure and the number of calls per outcome.
 */
export function runFuzzLane(
  distUrl: string,
  names: string[],
  deadlineMs: number,
  planDeadlineMs: number,
  /** The execution mode of the worker service the `service` entries get. @defaultValue 'shared' */
  serviceMode: 'shared' | 'transfer' | 'main-thread' = 'shared',
): Promise<FuzzRun> {
  const failures: FuzzFailure[] = [];
  const counts: Record<string, number> = {};
  const add = (key: string, n: number): void => {
    counts[key] = (counts[key] ?? 0) + n;
  };
  const labels: string[][] = [];
  const times: Record<string, number> = {};
  const tallies: Record<string, Record<string, number>> = {};
  const lostPerEntry = new Map<number, number>();
  const lostPerPath = new Map<string, number>();
  const skipPaths: Record<number, string[]> = {};
  return new Promise((resolve) => {
    const launch = (startEntry: number, startItem: number): void => {
      const progress = new SharedArrayBuffer(8 * 4);
      const view = new Int32Array(progress);
      const worker = new Worker(WORKER, {
        workerData: { distUrl, names, startEntry, startItem, progress, skipPaths, serviceMode },
        resourceLimits: { maxOldGenerationSizeMb: 512 },
        stdout: true,
        stderr: true,
      });
      let finished = false;
      let beat = -1;
      let since = Date.now();
      const stop = (next: [number, number] | null): void => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        for (const [slot, key] of P_COUNTS) add(key, Atomics.load(view, slot));
        add('skipped', Atomics.load(view, P_SKIPPED));
        void worker.terminate();
        if (next !== null && next[0] < names.length) launch(next[0], next[1]);
        else resolve({ failures, times, tallies, counts, calls: Object.values(counts).reduce((a, b) => a + b, 0) });
      };
      const lost = (outcome: 'hang' | 'crash', detail: string): void => {
        const e = Atomics.load(view, P_ENTRY);
        const i = Atomics.load(view, P_ITEM);
        const name = names[e] ?? '?';
        failures.push({ name, label: i < 0 ? 'planning' : (labels[e]?.[i] ?? `call ${i}`), outcome, detail });
        add(outcome, 1);
        const n = (lostPerEntry.get(e) ?? 0) + 1;
        lostPerEntry.set(e, n);
        for (const path of labelPaths(labels[e]?.[i] ?? '')) {
          const key = `${e} ${path}`;
          const k = (lostPerPath.get(key) ?? 0) + 1;
          lostPerPath.set(key, k);
          if (k >= MAX_LOST_PER_PATH) skipPaths[e] = [...(skipPaths[e] ?? []), path];
        }
        const count = labels[e]?.length ?? 0;
        if (i < 0 || n >= MAX_LOST_PER_ENTRY || i + 1 >= count) {
          if (i >= 0) add('skipped', Math.max(0, count - i - 1));
          stop([e + 1, 0]);
        } else stop([e, i + 1]);
      };
      const timer = setInterval(() => {
        const b = Atomics.load(view, P_BEAT);
        if (b !== beat) {
          beat = b;
          since = Date.now();
          return;
        }
        const own = Atomics.load(view, P_DEADLINE);
        const limit = Atomics.load(view, P_ITEM) >= 0 && b > 0 ? own || deadlineMs : planDeadlineMs;
        if (Date.now() - since > limit) lost('hang', `no answer within ${limit} ms`);
      }, 25);
      worker.on('message', (m: { type: string } & Record<string, unknown>) => {
        if (m.type === 'entry') labels[m.entry as number] = m.labels as string[];
        else if (m.type === 'time') {
          times[m.name as string] = m.ms as number;
          tallies[m.name as string] = m.tally as Record<string, number>;
        } else if (m.type === 'failure') {
          failures.push({
            name: m.name as string,
            label: m.label as string,
            outcome: m.outcome as FuzzFailure['outcome'],
            ...(m.detail === undefined ? {} : { detail: m.detail as string }),
          });
          add(m.outcome as string, 1);
        } else if (m.type === 'done') stop(null);
      });
      worker.on('error', (error) => lost('crash', `${error.name}: ${error.message}`.slice(0, 300)));
      worker.on('exit', (code) => {
        if (!finished) lost('crash', `the worker exited with code ${code}`);
      });
    };
    launch(0, 0);
  });
}
