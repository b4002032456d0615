import { InvalidOptionError } from '../errors.js';
import { arrayLength } from '../util/own-options.js';

/** A value {@link hashState} takes: a number, a string, a boolean, null or undefined, or an array of numbers. */
export type HashValue = number | string | boolean | null | undefined | ArrayLike<number>;

const SCRATCH = new DataView(new ArrayBuffer(8));
/** Offset bases of the two lanes (FNV-1a's, and the same with its bytes turned). */
const BASIS_A = 0x811c9dc5;
const BASIS_B = 0xc59d1c81;
const PRIME = 0x01000193;

/**
 * A hash of simulation state, for lockstep checks: peers that hash their states after the same step must get
 * the same string, and a different string means their states differ (a desync). Every value is hashed by what it
 * is, not by how it is stored: numbers (and each element of an array or typed array) as the 8 bytes of their
 * IEEE 754 double, little-endian, every NaN as the one canonical NaN and -0 apart from 0; strings as their UTF-16
 * code units; booleans, null and undefined as tags; an array is preceded by its length, so [1, 2], [3] and
 * [1, 2, 3] differ. The bytes feed two FNV-1a lanes (32 bits each, different offset bases), printed as 16 hex
 * digits. Not a cryptographic hash: it tells states apart, it does not resist forgery.
 * @throws InvalidOptionError when `values` is not an array, or for a value of another kind (an object that is not an
 *   array or typed array of numbers).
 */
export function hashState(values: readonly HashValue[]): string {
  const expected = 'an array of numbers, strings, booleans or arrays of numbers';
  if (!Array.isArray(values)) throw new InvalidOptionError('values', values, expected);
  const n = arrayLength(values, 'values', expected);
  const h = { a: BASIS_A, b: BASIS_B };
  for (let k = 0; k < n; k++) add(h, values[k]);
  return hex(h.a) + hex(h.b);
}

function hex(v: number): string {
  return (v >>> 0).toString(16).padStart(8, '0');
}

function byte(h: { a: number; b: number }, x: number): void {
  h.a = Math.imul(h.a ^ x, PRIME) >>> 0;
  h.b = Math.imul(h.b ^ (x ^ 0x5a), PRIME) >>> 0;
}

function number(h: { a: number; b: number }, v: number): void {
  if (Number.isNaN(v)) {
    // Every NaN as the canonical quiet NaN (engines may keep a NaN's payload bits, or not); -0 keeps its sign.
    SCRATCH.setUint32(0, 0, true);
    SCRATCH.setUint32(4, 0x7ff80000, true);
  } else SCRATCH.setFloat64(0, v, true);
  for (let k = 0; k < 8; k++) byte(h, SCRATCH.getUint8(k));
}

function add(h: { a: number; b: number }, v: HashValue): void {
  if (typeof v === 'number') {
    byte(h, 1);
    number(h, v);
  } else if (typeof v === 'string') {
    byte(h, 2);
    number(h, v.length);
    for (let k = 0; k < v.length; k++) {
      const c = v.charCodeAt(k);
      byte(h, c & 0xff);
      byte(h, c >>> 8);
    }
  } else if (typeof v === 'boolean') byte(h, v ? 3 : 4);
  else if (v === null) byte(h, 5);
  else if (v === undefined) byte(h, 6);
  else if (Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView))) {
    const a = v as ArrayLike<number>;
    byte(h, 7);
    number(h, a.length);
    for (let k = 0; k < a.length; k++) {
      const x = a[k];
      if (typeof x !== 'number')
        throw new InvalidOptionError('values', v, 'numbers, strings, booleans or arrays of numbers');
      number(h, x);
    }
  } else throw new InvalidOptionError('values', v, 'numbers, strings, booleans or arrays of numbers');
}
