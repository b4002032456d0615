/** Formats legend and readout numbers: integers plainly, others with up to 2 decimals. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 1 : 2);
}

/**
 * A number rounded to a whole one (halves away from zero) with thousands separators: `4,194,304`. Written out here
 * rather than with `Intl.NumberFormat`: a page's first Intl formatter loads the locale data, 16-41 ms of one task on
 * the machines the studio is tested on, and a count needs no locale.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN';
  const whole = Math.round(Math.abs(value));
  const digits = BigInt(whole).toString();
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out === '' ? part : `${part},${out}`;
  }
  return value < 0 && whole > 0 ? `-${out}` : out;
}
