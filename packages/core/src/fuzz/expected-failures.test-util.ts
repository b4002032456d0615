import type { FuzzFailure } from './fuzz-runner.test-util.js';

/**
 * Known failures of the fuzz suite: calls into areas a later phase of issue 23 fixes (fields, sets, rts, crowd,
 * service; tactics functions that call into sets). One entry per function and outcome, naming the issue item
 * (`fuzz`: found by this suite, not in the list) and one call that fails (the first in the run). The
 * suite fails when a failure is not listed here AND when an entry here no longer matches any failure (remove it
 * when its item is fixed), so the list stays honest. Regenerate the `why` of a group from
 * `FUZZ_REPORT=/tmp/fuzz.json pnpm exec vitest run src/fuzz` when needed.
 */
export interface ExpectedFailure {
  /** The issue 23 item that fixes it: a number, 'minor' for the minor list, 'fuzz' for a failure this suite found. */
  item: number | 'minor' | 'fuzz';
  /** The entry name, exactly or as a pattern. */
  name: string | RegExp;
  /** The call's label (where the hostile values went); any when absent. */
  label?: RegExp;
  /** The outcome(s) expected; any failure when absent. */
  outcome?: FuzzFailure['outcome'] | FuzzFailure['outcome'][];
  /** What goes wrong, in a few words. */
  why: string;
}

export const EXPECTED_FAILURES: ExpectedFailure[] = [];

/** True when `f` is one of the failures `e` describes. */
export function matches(e: ExpectedFailure, f: FuzzFailure): boolean {
  const nameOk = typeof e.name === 'string' ? e.name === f.name : e.name.test(f.name);
  if (!nameOk) return false;
  if (e.label && !e.label.test(f.label)) return false;
  if (e.outcome === undefined) return true;
  return Array.isArray(e.outcome) ? e.outcome.includes(f.outcome) : e.outcome === f.outcome;
}
