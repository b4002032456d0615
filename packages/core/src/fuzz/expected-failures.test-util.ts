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

export const EXPECTED_FAILURES: ExpectedFailure[] = [
  // crowd
  { item: 'fuzz', name: 'prepareCrowdStep', outcome: 'hang', why: 'arg0.tableSize=Infinity never returns' },
  { item: 'fuzz', name: 'stepCrowd', outcome: 'hang', why: 'arg0.params.tileSize=-0 never returns' },
  { item: 'fuzz', name: 'stepCrowdRange', outcome: 'hang', why: 'arg0.params.tileSize=-0 never returns' },
  { item: 11, name: 'createCrowd', outcome: 'polluted', why: 'inherited groups changes the result' },
  { item: 9, name: 'addCrowdUnit', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'clearCrowd', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'commandCrowdGroup', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'countMovingCrowdUnits', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdBuffers', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdCount', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdFrame', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdFromBuffers', outcome: 'untyped', why: 'arg0=null: TypeError' },
  { item: 9, name: 'crowdSpotIsFree', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdSteps', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'crowdStopTimerMoving', outcome: 'untyped', why: 'arg0=3n: TypeError' },
  { item: 9, name: 'crowdStopTimerStopped', outcome: 'untyped', why: 'arg0=3n: TypeError' },
  { item: 9, name: 'crowdTotalSpeed', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'prepareCrowdStep', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'setCrowdUnitMoving', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'stepCrowd', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'stepCrowdRange', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'swapCrowd', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  // service
  { item: 'fuzz', name: 'stepCrowdParallel', outcome: 'hang', why: 'arg1.tableSize=Infinity never returns' },
  { item: 11, name: 'buildSetFieldsInPool', outcome: 'polluted', why: 'inherited maxCells is read (throws)' },
  { item: 11, name: 'setCostPairInPool', outcome: 'polluted', why: 'inherited neighbors changes the result' },
  { item: 9, name: 'buildSetFieldsInPool', outcome: 'untyped', why: 'arg0=null: TypeError' },
  { item: 9, name: 'setCostPairInPool', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
  { item: 9, name: 'stepCrowdParallel', outcome: 'untyped', why: 'arg0=NaN: TypeError' },
];

/** True when `f` is one of the failures `e` describes. */
export function matches(e: ExpectedFailure, f: FuzzFailure): boolean {
  const nameOk = typeof e.name === 'string' ? e.name === f.name : e.name.test(f.name);
  if (!nameOk) return false;
  if (e.label && !e.label.test(f.label)) return false;
  if (e.outcome === undefined) return true;
  return Array.isArray(e.outcome) ? e.outcome.includes(f.outcome) : e.outcome === f.outcome;
}
