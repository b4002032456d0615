import { InvalidOptionError, OutOfRangeError } from '../errors.js';
import { typedArrayName } from '../util/describe-value.js';
import { arrayLength, ownOptions } from '../util/own-options.js';

/** True when `map` is a typed array whose bytes overlap those of `out`. */
function overlaps(map: ArrayLike<number>, out: Float64Array): boolean {
  if (typedArrayName(map) === undefined) return false;
  const view = map as unknown as ArrayBufferView;
  if (view.buffer !== out.buffer) return false;
  return view.byteOffset < out.byteOffset + out.byteLength && out.byteOffset < view.byteOffset + view.byteLength;
}

/** One weighted map of a desire map. */
export interface DesireTerm {
  /**
   * A map with one value per tile (`y * width + x`), all terms and `out` the same length. A Float64Array
   * (cost, distance or safety field: Infinity means unreachable) or an Int32Array read as a scent or flee map
   * (-2 and below: blocked; -1, "no scent": read as 0; else the value).
   */
  map: ArrayLike<number>;
  /**
   * Multiplier, any finite number; negative turns a map upside down (weight -1 on a scent map makes its
   * source the lowest point, so units descending the sum walk to it). 0 skips the term entirely.
   */
  weight: number;
}

/** Options of {@link combineMaps}. */
export interface CombineMapsOptions {
  /**
   * The result, a Float64Array as long as the maps; must not share memory with any of the terms' maps (it is
   * cleared first). Needed when `terms` is empty (the length is then unknown).
   * @defaultValue undefined (meaning a new array as long as the first term's map is allocated)
   */
  out?: Float64Array;
}

/**
 * A desire map: `out[i] = sum over terms of weight * map[i]` over whole typed arrays (no per-tile objects), as
 * roguelikes combine "food", "safety" and "home" maps into one that units descend with {@link descendMap}.
 *
 * Infinity: a tile whose value is not finite (Infinity, -Infinity, NaN) in any term with a non-zero weight, or
 * blocked (-2) in an Int32Array term, is Infinity in the result, whatever the weight's sign (an unreachable
 * tile never becomes attractive); terms with weight 0 are ignored, so their Infinity does not spread. With no
 * terms every tile is 0. Time O(tiles x terms), no allocation with `options.out`.
 * @returns the result: `options.out`, or a new Float64Array.
 * @throws InvalidOptionError when `out` is not a Float64Array, overlaps one of the maps, a map's length differs,
 *   or `terms` is empty and no `out` is given.
 * @throws OutOfRangeError naming `terms[i].weight` unless it is a finite number.
 */
export function combineMaps(terms: readonly DesireTerm[], options?: CombineMapsOptions): Float64Array {
  if (!Array.isArray(terms)) throw new InvalidOptionError('terms', terms, 'an array of { map, weight }');
  let out = ownOptions(options, 'options').out;
  if (out === undefined) {
    const first: unknown = terms[0];
    if (first === null || typeof first !== 'object')
      throw new InvalidOptionError('out', out, 'a Float64Array (needed when there is no term to take the length from)');
    out = new Float64Array(arrayLength((first as DesireTerm).map, 'terms[0].map', 'a Float64Array or Int32Array'));
  }
  if (typedArrayName(out) !== 'Float64Array') throw new InvalidOptionError('out', out, 'a Float64Array');
  const n = out.length;
  // Each term read once (a getter or a Proxy cannot change it between the check and the use).
  const maps: ArrayLike<number>[] = [];
  const weights: number[] = [];
  const scents: boolean[] = [];
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t] as DesireTerm;
    if (term === null || typeof term !== 'object') throw new InvalidOptionError(`terms[${t}]`, term, '{ map, weight }');
    const { map, weight } = term;
    scents[t] = typedArrayName(map) === 'Int32Array';
    const length = arrayLength(map, `terms[${t}].map`, 'a Float64Array or Int32Array');
    if (length !== n) throw new InvalidOptionError(`terms[${t}].map`, map, `${n} values (as out), got ${length}`);
    if ((map as unknown) === out || overlaps(map, out))
      throw new InvalidOptionError(`terms[${t}].map`, map, 'an array that does not share memory with out');
    if (typeof weight !== 'number' || !Number.isFinite(weight)) {
      throw new OutOfRangeError(`terms[${t}].weight`, weight, 'a finite number');
    }
    maps.push(map);
    weights.push(weight);
  }
  out.fill(0);
  for (let t = 0; t < maps.length; t++) {
    const map = maps[t] as ArrayLike<number>;
    const weight = weights[t] as number;
    if (weight === 0) continue;
    if (scents[t]) {
      for (let i = 0; i < n; i++) {
        const v = map[i] as number; // PERF: i < n === map.length
        if (v <= -2) out[i] = Number.POSITIVE_INFINITY;
        else if (v > 0) out[i] = (out[i] as number) + weight * v;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const v = map[i] as number; // PERF: i < n === map.length
        // PERF: `v - v === 0` is an inlined Number.isFinite.
        if (v - v === 0) out[i] = (out[i] as number) + weight * v;
        else out[i] = Number.POSITIVE_INFINITY;
      }
    }
  }
  return out;
}
