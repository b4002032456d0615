/** Formats legend and readout numbers: integers plainly, others with up to 2 decimals. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 1 : 2);
}

const integers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators (`4,194,304`); one shared formatter (toLocaleString builds one per call). */
export function formatCount(value: number): string {
  return integers.format(value);
}
