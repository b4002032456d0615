// Where the fuzz suite puts hostile values in a call's arguments, and how it describes and compares results.

/** Objects the fuzzer never changes in place (the worker service shared by many calls). */
export const OPAQUE = new WeakSet();

/** True for objects whose properties the fuzzer descends into: plain objects and arrays (not class instances). */
function isPlain(value) {
  if (value !== null && typeof value === 'object' && OPAQUE.has(value)) return false;
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every place in `args` to put a hostile value: each argument, each own property of a plain object argument, and
 * further down to `maxDepth` (the first element of arrays: `goals[0].value` is depth 4). A path is an array of
 * keys; depth 1 is an argument.
 */
export function mutationPaths(args, maxDepth = 4) {
  const out = [];
  const walk = (value, path) => {
    out.push(path);
    if (path.length >= maxDepth || !isPlain(value)) return;
    if (Array.isArray(value)) {
      if (value.length > 0) walk(value[0], [...path, 0]);
      return;
    }
    for (const key of Object.keys(value)) walk(value[key], [...path, key]);
  };
  args.forEach((value, i) => {
    walk(value, [i]);
  });
  return out;
}

/** `arg1.goals[0].value` */
export function pathLabel(path) {
  let s = `arg${path[0]}`;
  for (const key of path.slice(1)) s += typeof key === 'number' ? `[${key}]` : `.${key}`;
  return s;
}

/** Puts `value` at `path` in `args` (the containers along the path are fresh objects from the entry's make). */
export function setPath(args, path, value) {
  if (path.length === 1) {
    args[path[0]] = value;
    return;
  }
  let target = args[path[0]];
  for (const key of path.slice(1, -1)) target = target[key];
  target[path[path.length - 1]] = value;
}

/** A deterministic text summary of a result, for comparing a call with and without a polluted prototype. */
export function summarize(value, depth = 0, seen = new Set()) {
  if (value === null || value === undefined) return String(value);
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'string':
      return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}...${value.length}` : value);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'function':
      return 'fn';
    case 'symbol':
      return 'symbol';
  }
  if (seen.has(value)) return 'cycle';
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}[${hash(value)}]`;
  if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer))
    return `buffer[${hash(new Uint8Array(value))}]`;
  if (depth > 4) return 'deep';
  seen.add(value);
  let s;
  if (Array.isArray(value)) s = `[${value.map((v) => summarize(v, depth + 1, seen)).join(',')}]`;
  else {
    const keys = Object.keys(value).sort();
    s = `{${keys.map((k) => `${k}:${summarize(value[k], depth + 1, seen)}`).join(',')}}`;
  }
  seen.delete(value);
  return s;
}

/** FNV-1a over the bytes of a typed array (NaN patterns included). */
function hash(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return `${view.length}:${(h >>> 0).toString(16)}`;
}

/** A 32-bit seed from a name, so that every entry gets its own fixed random calls. */
export function seedOf(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Deletes the own property `key` from every plain object in `args` (down to depth 4); returns how many. */
export function stripKey(args, key) {
  let n = 0;
  const walk = (value, depth) => {
    if (depth > 4 || !isPlain(value)) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    // A frozen object is the package's own state (a crowd), not options: nothing to take out of it.
    if (Object.hasOwn(value, key) && !Object.isFrozen(value)) {
      delete value[key];
      n++;
    }
    for (const k of Object.keys(value)) walk(value[k], depth + 1);
  };
  for (const a of args) walk(a, 1);
  return n;
}
