/** The error `call` throws, or null when it returns. */
export function errorOf(call: () => unknown): Error | null {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  return null;
}
