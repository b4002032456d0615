/**
 * Runs `fn` while `Object.prototype` carries the given properties (as a careless or hostile script might add),
 * and removes them afterwards, even when `fn` throws. For tests that options are read from own properties only.
 */
export function withPollutedPrototype<T>(props: Record<string, unknown>, fn: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  const keys = Object.keys(props);
  for (const key of keys) {
    if (Object.hasOwn(proto, key)) throw new Error(`Object.prototype already has ${key}`);
    Object.defineProperty(proto, key, { value: props[key], configurable: true, writable: true, enumerable: false });
  }
  try {
    return fn();
  } finally {
    for (const key of keys) delete proto[key];
  }
}
