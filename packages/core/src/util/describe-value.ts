/** A short description of a value for error messages: strings quoted, numbers as written, others by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (Array.isArray(value)) return `array(${value.length})`;
  return typeof value;
}
