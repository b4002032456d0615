// The hostile values the fuzz suite puts in every argument and option: made fresh for each call (a call may
// mutate what it gets), each with a label for the report. Runs inside the fuzz worker (plain JavaScript: Node 20
// worker threads cannot load TypeScript).

/** Thrown by the traps of the hostile Proxies and by hostile callbacks: a library may let it through unchanged. */
export class HostileTrapError extends Error {
  name = 'HostileTrapError';
}

const trap = () => {
  throw new HostileTrapError('a hostile Proxy trap or callback threw');
};

/** Every Proxy trap throws. */
const throwingHandler = {
  get: trap,
  set: trap,
  has: trap,
  ownKeys: trap,
  getOwnPropertyDescriptor: trap,
  defineProperty: trap,
  deleteProperty: trap,
  getPrototypeOf: trap,
  setPrototypeOf: trap,
  isExtensible: trap,
  preventExtensions: trap,
  apply: trap,
  construct: trap,
};

const MAGIC = 0x464d4752; // a grid buffer's first Int32 ('FMGR')

/** A buffer that starts like a grid's but whose header lies (width and height -1, as in the issue). */
function forgedGridBuffer() {
  const buffer = new SharedArrayBuffer(128);
  const header = new Int32Array(buffer);
  header[0] = MAGIC;
  header[1] = -1;
  header[2] = -1;
  return buffer;
}

/** A grid header that claims 20000 x 0 tiles in a buffer of 1 KiB. */
function lyingGridBuffer() {
  const buffer = new ArrayBuffer(1024);
  const header = new Int32Array(buffer);
  header[0] = MAGIC;
  header[1] = 20000;
  header[2] = 0;
  return buffer;
}

/** Plausible option names and values on a prototype: an object whose every property is inherited. */
function inheritedObject() {
  return Object.create({ x: 1, y: 1, value: 0, strength: 3, goals: [{ x: 0, y: 0 }], width: 8, height: 8 });
}

/** [label, make] pairs. The full list goes into top-level arguments and first-level properties. */
export const HOSTILE = [
  ['NaN', () => Number.NaN],
  ['Infinity', () => Number.POSITIVE_INFINITY],
  ['-Infinity', () => Number.NEGATIVE_INFINITY],
  ['-0', () => -0],
  ['0.5', () => 0.5],
  ['-1', () => -1],
  ['2^31', () => 2 ** 31],
  ['-2^31-1', () => -(2 ** 31) - 1],
  ['2^53+2', () => 2 ** 53 + 2],
  ['1e16', () => 1e16],
  ['1e300', () => 1e300],
  ['-1e300', () => -1e300],
  ['5e-324', () => 5e-324],
  ['"3"', () => '3'],
  ['""', () => ''],
  ['3n', () => 3n],
  ['true', () => true],
  ['symbol', () => Symbol('hostile')],
  ['null', () => null],
  ['undefined', () => undefined],
  ['throwing function', () => trap],
  ['NaN function', () => () => Number.NaN],
  ['{}', () => ({})],
  ['[]', () => []],
  ['[1]', () => [1]],
  ['inherited object', inheritedObject],
  ['valueOf object', () => ({ valueOf: () => 3 })],
  ['throwing proxy', () => new Proxy({}, throwingHandler)],
  ['throwing array proxy', () => new Proxy([], throwingHandler)],
  [
    'revoked proxy',
    () => {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    },
  ],
  ['proxy of Int32Array(64)', () => new Proxy(new Int32Array(64), {})],
  ['Int32Array(1)', () => new Int32Array(1)],
  ['Float64Array(0)', () => new Float64Array(0)],
  ['Uint8Array(3)', () => new Uint8Array(3)],
  ['ArrayBuffer(8)', () => new ArrayBuffer(8)],
  ['forged grid buffer', forgedGridBuffer],
  ['lying grid buffer', lyingGridBuffer],
  ['long string', () => 'x'.repeat(10_000)],
];

/**
 * A shorter list for properties of arguments and deeper down (`options.metric`, `goals[0].value`), to keep the
 * number of calls in bounds: numbers at the edges, wrong types, the hostile objects, short typed arrays.
 */
export const LIGHT = HOSTILE.filter(([label]) =>
  [
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '0.5',
    '-1',
    '2^31',
    '2^53+2',
    '1e16',
    '1e300',
    '-1e300',
    '"3"',
    'true',
    'null',
    'undefined',
    'symbol',
    '3n',
    '{}',
    'throwing proxy',
    'revoked proxy',
    'throwing function',
    '[]',
    'Int32Array(1)',
    'proxy of Int32Array(64)',
  ].includes(label),
);

/** True when `error` came from a hostile value itself (its trap, its callback, a revoked Proxy), not the library. */
export function isPropagated(error) {
  if (error instanceof HostileTrapError) return true;
  return error instanceof TypeError && /proxy that has been revoked/.test(String(error.message));
}
