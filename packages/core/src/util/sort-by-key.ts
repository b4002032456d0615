/**
 * Sorts the first `n` entries of `list` in place by `key[entry]`, lowest first, by insertion (stable): for the
 * few dozen entries of the callers (a small repair's candidates, a sector's entrances), where it reads nothing
 * but `list` and the keys. Entries are indices into `key`.
 */
export function sortByKey(key: Float64Array, list: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const t = list[i] as number;
    const c = key[t] as number;
    let j = i - 1;
    while (j >= 0 && (key[list[j] as number] as number) > c) {
      list[j + 1] = list[j] as number;
      j--;
    }
    list[j + 1] = t;
  }
}
