/** The key of a page's preference (`fields`, `sectors`). */
const helpKey = (page: string) => `fieldmarshal.${page}.help`;

/**
 * Whether a page's controls overlay is open (remembered per browser). Closed the first time, so it does not
 * cover the map: the "? Controls" button (or the page's key) opens it.
 */
export function readHelpPreference(page = 'fields'): boolean {
  try {
    return globalThis.localStorage?.getItem(helpKey(page)) === 'open';
  } catch {
    return false;
  }
}

/** Remembers whether a page's controls overlay is open. */
export function writeHelpPreference(open: boolean, page = 'fields'): void {
  try {
    globalThis.localStorage?.setItem(helpKey(page), open ? 'open' : 'closed');
  } catch {
    // storage unavailable (private mode): the overlay just opens again next time
  }
}
