const HELP_KEY = 'fieldmarshal.fields.help';

/** Whether the controls overlay is open (remembered per browser; open the first time). */
export function readHelpPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(HELP_KEY) !== 'closed';
  } catch {
    return true;
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
