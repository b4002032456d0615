const HELP_KEY = 'fieldmarshal.fields.help';

/**
 * Whether the controls overlay is open (remembered per browser). Closed the first time, so it does not cover
 * the map: the "? Controls" button (or H) opens it.
 */
export function readHelpPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(HELP_KEY) === 'open';
  } catch {
    return false;
  }
}

/** Remembers whether the controls overlay is open. */
export function writeHelpPreference(open: boolean): void {
  try {
    globalThis.localStorage?.setItem(HELP_KEY, open ? 'open' : 'closed');
  } catch {
    // storage unavailable (private mode): the overlay just opens again next time
  }
}
