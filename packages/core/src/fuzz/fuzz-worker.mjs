// The fuzz worker: imports the BUILT package, plans the calls of the entries it is given one entry at a time (a
// fixed list: the same on every start), runs them from entry `startEntry`, call `startItem` on, and reports each
// failure. The parent watches `progress` and terminates the worker when a call takes longer than its deadline
// (a hang), then starts a new one after it.
//
// progress (Int32): [0] entry running, [1] heartbeat, [2] call of the entry (-1 while planning), [3] calls that
// returned, [4] documented errors, [5] errors propagated from the hostile value itself, [6] the running entry's own
// deadline in ms (0: the lane's), [7] calls skipped (their argument path hung twice: `skipPaths`).

import { types } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { importPackageEntries } from '../testing/package-entries.mjs';
import { CONSTANTS, ENTRIES, INTERFACE_MEMBERS, POLLUTION } from './catalog.mjs';
import { helpers } from './fuzz-helpers.mjs';
import { mutationPaths, pathLabel, seedOf, setPath, stripKey, summarize } from './fuzz-paths.mjs';
import { HOSTILE, isPropagated, LIGHT } from './hostile-values.mjs';

const { distUrl, names, startEntry, startItem, progress, describeOnly, skipPaths, serviceMode } = workerData;
// Every export of every entry of the package (the root and each family subpath), merged in one object.
const lib = await importPackageEntries(new URL('../', distUrl));

/**
 * Grid ids are random (drawn from crypto.getRandomValues): every call gets the same ones, so that results of
 * calls made on fresh grids compare. The grids an entry's `make` creates count from `base` 1, those the call
 * itself creates from `base` 2, so that the two never share an id.
 */
function sameIds(base) {
  let n = base << 20;
  globalThis.crypto.getRandomValues = (array) => {
    for (let i = 0; i < array.length; i++) array[i] = Math.imul(++n, 0x9e3779b1) >>> 0;
    return array;
  };
}

/** The entry's valid call, on grids whose ids are the same every time. */
function makeCall(entry, h) {
  sameIds(1);
  return entry.make(lib, h);
}

function kindOf(value) {
  if (typeof value !== 'function') return 'constant';
  return /^class\s/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
}

/**
 * The package's own errors: every class it throws extends FieldMarshalError (issue 31). An exported Error class
 * that does not is a failure of the catalogue's completeness test, not a documented error.
 */
const { FieldMarshalError } = lib;

/** Plans the calls of one entry: the valid call, each hostile value at each place, random mixes, pollution. */
async function planEntry(entry, h) {
  const items = [{ entry, label: 'valid call', mutations: [] }];
  let sample;
  try {
    sample = await makeCall(entry, h);
  } catch (error) {
    return [{ entry, label: 'valid call', setupError: String(error?.stack ?? error) }];
  }
  const paths = mutationPaths(sample.args);
  const full = entry.values
    ? HOSTILE.filter(([label]) => entry.values.includes(label))
    : entry.hostile === 'light'
      ? LIGHT
      : HOSTILE;
  for (const path of paths) {
    const list = path.length === 1 || entry.values ? full : LIGHT;
    list.forEach(([label], k) => {
      items.push({ entry, label: `${pathLabel(path)}=${label}`, mutations: [[path, list, k]] });
    });
  }
  const runs = entry.random ?? 8;
  if (paths.length > 0 && runs > 0) {
    const pick = fc.array(fc.tuple(fc.nat(paths.length - 1), fc.nat(HOSTILE.length - 1)), {
      minLength: 2,
      maxLength: 3,
    });
    for (const picks of fc.sample(pick, { seed: seedOf(entry.name), numRuns: runs })) {
      const mutations = picks.map(([p, k]) => [paths[p], HOSTILE, k]);
      items.push({
        entry,
        label: mutations.map(([path, list, k]) => `${pathLabel(path)}=${list[k][0]}`).join(', '),
        mutations,
      });
    }
  }
  if (entry.pollute !== false) {
    // Ten keys per call; a batch that changes the result is tried key by key to name the key(s).
    const keys = Object.keys(POLLUTION);
    for (let k = 0; k < keys.length; k += 10) {
      const batch = keys.slice(k, k + 10);
      items.push({ entry, label: `Object.prototype.{${batch.join(',')}}`, pollute: batch });
    }
  }
  return items;
}

/** Applies the mutations (skipping one whose container an earlier one replaced). */
function mutate(args, mutations) {
  const done = [];
  for (const [path, list, k] of mutations) {
    if (done.some((p) => p.length < path.length && p.every((key, i) => path[i] === key))) continue;
    try {
      setPath(args, path, list[k][1]());
      done.push(path);
    } catch {
      // The container is not an object any more: nothing to put there.
    }
  }
}

/** Calls `fn` (awaiting a promise), and returns what happened. `during` runs right after the synchronous part. */
async function invoke(fn, args, during) {
  // The same random numbers for every call: results that use Math.random (a default random source) compare.
  Math.random = lib.createRandom(0x5eed);
  sameIds(2);
  let value;
  try {
    value = fn(...args);
  } catch (error) {
    during?.();
    return { threw: true, error };
  }
  during?.();
  // Only the package's own promises are awaited: a result may be a hostile value handed back (a throwing Proxy).
  if (types.isPromise(value)) {
    try {
      value = await value;
    } catch (error) {
      return { threw: true, error };
    }
  }
  return { threw: false, value };
}

function describeError(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return `non-Error thrown: ${typeof error}`;
}

/** The outcome of a call that threw: documented, propagated from the hostile value, or a failure. */
function classify(error) {
  if (error instanceof FieldMarshalError) return { outcome: 'typed' };
  if (isPropagated(error)) return { outcome: 'propagated' };
  return { outcome: 'untyped', detail: describeError(error) };
}

const baselines = new Map();

async function baselineSummary(entry, h) {
  if (!baselines.has(entry.name)) {
    const { fn, args } = await makeCall(entry, h);
    const r = await invoke(fn, args);
    baselines.set(entry.name, r.threw ? null : summarize(r.value));
    if (!r.threw) await entry.cleanup?.(r.value);
  }
  return baselines.get(entry.name);
}

/**
 * The given keys are taken out of the arguments (options left out), then the call runs with and without the keys
 * on Object.prototype: options read from own properties only give the same result both times. Returns the
 * failure, or null.
 */
async function polluted(entry, h, keys) {
  const plain = await makeCall(entry, h);
  let before;
  if (keys.reduce((n, key) => n + stripKey(plain.args, key), 0) === 0) before = await baselineSummary(entry, h);
  else {
    const r = await invoke(plain.fn, plain.args);
    before = r.threw ? null : summarize(r.value);
    if (!r.threw) await entry.cleanup?.(r.value);
  }
  if (before === null) return null; // without these keys the call is refused: nothing to compare
  const { fn, args } = await makeCall(entry, h);
  for (const key of keys) stripKey(args, key);
  const proto = Object.prototype;
  for (const key of keys) {
    Object.defineProperty(proto, key, { value: POLLUTION[key], configurable: true, writable: true, enumerable: true });
  }
  let removed = false;
  const unpollute = () => {
    if (!removed) for (const key of keys) delete proto[key];
    removed = true;
  };
  let r;
  try {
    r = await invoke(fn, args, unpollute);
  } finally {
    unpollute();
  }
  if (r.threw) return { outcome: 'polluted', detail: `threw ${describeError(r.error)}` };
  await entry.cleanup?.(r.value);
  return summarize(r.value) === before ? null : { outcome: 'polluted', detail: 'the result changed' };
}

async function runItem(item, h) {
  const { entry } = item;
  if (item.setupError) return { outcome: 'setup', detail: item.setupError.slice(0, 300) };
  if (item.pollute) {
    const batch = await polluted(entry, h, item.pollute);
    if (batch === null || item.pollute.length === 1) return batch ?? { outcome: 'ok' };
    const each = [];
    for (const key of item.pollute) {
      const r = await polluted(entry, h, [key]);
      if (r !== null) each.push({ ...r, label: `Object.prototype.${key}` });
    }
    return each.length > 0 ? { list: each } : batch;
  }
  const { fn, args } = await makeCall(entry, h);
  mutate(args, item.mutations);
  const r = await invoke(fn, args);
  if (r.threw) {
    const c = classify(r.error);
    if (item.mutations.length === 0 && c.outcome !== 'untyped')
      return { outcome: 'baseline', detail: describeError(r.error) };
    return c;
  }
  const problem = entry.check?.(r.value) ?? null;
  try {
    await entry.cleanup?.(r.value);
  } catch {
    // A failed cleanup of a call that succeeded on hostile input is not the call's failure.
  }
  return problem === null ? { outcome: 'ok' } : { outcome: 'bad-result', detail: problem };
}

/**
 * An error nobody caught (a throwing callback called from a timer, a rejection nobody handled) would end a Node
 * process: it is a crash of the call whose aftermath threw. Caught here so that the crash is reported on that
 * call (each call is followed by a turn of the event loop) and the worker goes on.
 */
let uncaught = null;
process.on('uncaughtException', (error) => {
  uncaught ??= error;
});
process.on('unhandledRejection', (error) => {
  uncaught ??= error;
});

async function run() {
  const h = helpers(lib, serviceMode ?? 'shared');
  // Keeps the event loop alive while calls are awaited: a call whose promise waits only on unreferenced handles
  // (a worker service's threads) must show as a hang the parent sees, not end this worker.
  const keepAlive = setInterval(() => {}, 1000);
  const view = new Int32Array(progress);
  for (let e = startEntry; e < names.length; e++) {
    Atomics.store(view, 0, e);
    Atomics.store(view, 2, -1);
    Atomics.add(view, 1, 1);
    const entry = ENTRIES.find((x) => x.name === names[e]);
    const items = entry ? await planEntry(entry, h) : [];
    parentPort.postMessage({ type: 'entry', entry: e, labels: items.map((item) => item.label) });
    Atomics.store(view, 6, entry?.deadlineMs ?? 0);
    const began = performance.now();
    const tally = {};
    const skip = new Set(skipPaths?.[e] ?? []);
    for (let i = e === startEntry ? startItem : 0; i < items.length; i++) {
      Atomics.store(view, 2, i);
      Atomics.add(view, 1, 1);
      const item = items[i];
      if (item.mutations?.some(([path]) => skip.has(pathLabel(path)))) {
        Atomics.add(view, 7, 1);
        continue;
      }
      let result;
      try {
        result = await runItem(item, h);
      } catch (error) {
        result = { outcome: 'setup', detail: describeError(error) };
      }
      // Entries that start asynchronous work get a turn of the event loop before the next call, so that an
      // error thrown in that work is reported on the call that started it. (Elsewhere it is reported a little
      // later, on the entry's next call that yields.)
      if (entry.service || entry.settle) await new Promise((resolve) => setImmediate(resolve));
      if (uncaught !== null) {
        const crash = { outcome: 'crash', detail: `uncaught: ${describeError(uncaught)}` };
        result = { list: [...(result.list ?? (result.outcome === 'ok' ? [] : [result])), crash] };
        uncaught = null;
      }
      for (const r of result.list ?? [result]) {
        tally[r.outcome] = (tally[r.outcome] ?? 0) + 1;
        if (r.outcome === 'ok') Atomics.add(view, 3, 1);
        else if (r.outcome === 'typed') Atomics.add(view, 4, 1);
        else if (r.outcome === 'propagated') Atomics.add(view, 5, 1);
        else parentPort.postMessage({ type: 'failure', name: item.entry.name, label: item.label, ...r });
      }
    }
    parentPort.postMessage({ type: 'time', name: names[e], ms: performance.now() - began, tally });
  }
  Atomics.add(view, 1, 1);
  await h.close();
  clearInterval(keepAlive);
  parentPort.postMessage({ type: 'done' });
}

if (describeOnly) {
  parentPort.postMessage({
    type: 'catalog',
    entries: ENTRIES.map((e) => ({ name: e.name, service: e.service === true })),
    constants: CONSTANTS,
    interfaces: INTERFACE_MEMBERS,
    exports: Object.keys(lib).map((name) => [name, kindOf(lib[name])]),
  });
} else {
  await run();
}
