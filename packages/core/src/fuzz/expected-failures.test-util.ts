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
  {
    item: 'fuzz',
    name: 'prepareCrowdStep',
    outcome: 'hang',
    why: 'arg0.tableSize=Infinity -> no answer within 1500 ms',
  },
  { item: 'fuzz', name: 'stepCrowd', outcome: 'hang', why: 'arg0.params.tileSize=-0 -> no answer within 1500 ms' },
  { item: 'fuzz', name: 'stepCrowdRange', outcome: 'hang', why: 'arg0.params.tileSize=-0 -> no answer within 1500 ms' },
  { item: 11, name: 'createCrowd', outcome: 'polluted', why: 'Object.prototype.groups -> the result changed' },
  {
    item: 9,
    name: 'addCrowdUnit',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'clearCrowd',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot set properties of undefined (setting '3')",
  },
  {
    item: 9,
    name: 'commandCrowdGroup',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'tileSize')",
  },
  {
    item: 9,
    name: 'countMovingCrowdUnits',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'crowdBuffers',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'buffer')",
  },
  {
    item: 9,
    name: 'crowdCount',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'crowdFrame',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '4')",
  },
  {
    item: 9,
    name: 'crowdFromBuffers',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'crowd')",
  },
  {
    item: 9,
    name: 'crowdSpotIsFree',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot destructure property 'tileSize' of 'crowd.params' as it is undefin",
  },
  {
    item: 9,
    name: 'crowdSteps',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '8')",
  },
  {
    item: 9,
    name: 'crowdStopTimerMoving',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot mix BigInt and other types, use explicit conversions',
  },
  {
    item: 9,
    name: 'crowdStopTimerStopped',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot mix BigInt and other types, use explicit conversions',
  },
  {
    item: 9,
    name: 'crowdTotalSpeed',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'prepareCrowdStep',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'setCrowdUnitMoving',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'stepCrowd',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'stepCrowdRange',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '3')",
  },
  {
    item: 9,
    name: 'swapCrowd',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading '4')",
  },
  // crowd, service
  {
    item: 'fuzz',
    name: 'stepCrowdParallel',
    outcome: 'hang',
    why: 'arg1.tableSize=Infinity -> no answer within 1500 ms',
  },
  {
    item: 9,
    name: 'stepCrowdParallel',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: service.run is not a function',
  },
  // fields
  { item: 1, name: 'computeField', outcome: 'hang', why: 'arg1.goals[0].value=1e16 -> no answer within 1500 ms' },
  {
    item: 11,
    name: 'computeFieldFromSeeds',
    outcome: 'polluted',
    why: 'Object.prototype.maxCost -> the result changed',
  },
  {
    item: 9,
    name: 'computeFieldFromSeeds',
    outcome: 'untyped',
    why: "arg4=null -> TypeError: Cannot read properties of null (reading 'control')",
  },
  {
    item: 9,
    name: 'nextStep',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'pathFromField',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'pathLength',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'length')",
  },
  {
    item: 9,
    name: 'smoothPath',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: grid.assertInside is not a function',
  },
  {
    item: 9,
    name: 'updateField',
    outcome: 'untyped',
    why: 'arg1.width=proxy of Int32Array(64) -> TypeError: Method %TypedArray%.prototype.join called on in',
  },
  {
    item: 9,
    name: 'walkableLine',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: grid.assertInside is not a function',
  },
  // rts
  { item: 'fuzz', name: 'RtsWorld#firstCollision', outcome: 'hang', why: 'arg1=Infinity -> no answer within 1500 ms' },
  { item: 'fuzz', name: 'rtsCompressTiles', outcome: 'hang', why: 'arg1=Infinity -> no answer within 1500 ms' },
  { item: 'fuzz', name: 'rtsFormationSlots', outcome: 'hang', why: 'arg1=2^31 -> no answer within 1500 ms' },
  {
    item: 11,
    name: 'RtsPathfinder#findPath',
    outcome: 'polluted',
    why: 'Object.prototype.neighbors -> the result changed',
  },
  {
    item: 11,
    name: 'RtsWorld#orderGroup',
    outcome: 'polluted',
    why: 'Object.prototype.neighbors -> the result changed',
  },
  { item: 11, name: 'new RtsGroup', outcome: 'polluted', why: 'Object.prototype.neighbors -> the result changed' },
  { item: 11, name: 'new RtsUnit', outcome: 'polluted', why: 'Object.prototype.hardRadius -> the result changed' },
  {
    item: 9,
    name: 'RtsGroup#anchorOf',
    outcome: 'untyped',
    why: "arg2=NaN -> TypeError: Cannot create property 'x' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsGroup#beforeStep',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: world.stepsFor is not a function',
  },
  {
    item: 9,
    name: 'RtsPathfinder#findPath',
    outcome: 'untyped',
    why: "arg4=null -> TypeError: Cannot read properties of null (reading 'neighbors')",
  },
  {
    item: 9,
    name: 'RtsUnit#predicted',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot mix BigInt and other types, use explicit conversions',
  },
  {
    item: 9,
    name: 'RtsWorld#addUnit',
    outcome: 'untyped',
    why: 'arg2.hardRadius=symbol -> TypeError: Cannot convert a Symbol value to a number',
  },
  {
    item: 9,
    name: 'RtsWorld#checkLine',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'state')",
  },
  {
    item: 9,
    name: 'RtsWorld#currentTarget',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'length')",
  },
  {
    item: 9,
    name: 'RtsWorld#firstCollision',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'tailX')",
  },
  {
    item: 9,
    name: 'RtsWorld#moveUnit',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot create property 'patrol' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsWorld#moveUnitsAlongField',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: units is not iterable',
  },
  { item: 9, name: 'RtsWorld#orderGroup', outcome: 'untyped', why: 'arg0=NaN -> TypeError: units is not iterable' },
  {
    item: 9,
    name: 'RtsWorld#patrolUnit',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot create property 'patrol' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsWorld#renderPosition',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'prevX')",
  },
  {
    item: 9,
    name: 'RtsWorld#setOrder',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot create property 'field' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsWorld#setRoute',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot create property 'destX' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsWorld#speedOf',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'group')",
  },
  {
    item: 9,
    name: 'RtsWorld#stepsFor',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot mix BigInt and other types, use explicit conversions',
  },
  {
    item: 9,
    name: 'RtsWorld#stopUnit',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot create property 'route' on number 'NaN'",
  },
  {
    item: 9,
    name: 'RtsWorld#update',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot convert a BigInt value to a number',
  },
  {
    item: 9,
    name: 'computeRtsClearance',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot destructure property 'width' of 'grid' as it is null.",
  },
  {
    item: 9,
    name: 'new RtsGroup',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'assertWalkable')",
  },
  {
    item: 9,
    name: 'new RtsPathfinder',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'new RtsUnit',
    outcome: 'untyped',
    why: 'arg1=3n -> TypeError: Cannot convert a BigInt value to a number',
  },
  {
    item: 9,
    name: 'new RtsWorld',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'rtsCompressTiles',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading '0')",
  },
  {
    item: 9,
    name: 'rtsOutranks',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'priority')",
  },
  {
    item: 9,
    name: 'rtsPathFromField',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'NaN')",
  },
  {
    item: 9,
    name: 'rtsSlotPosition',
    outcome: 'untyped',
    why: 'arg0=3n -> TypeError: Cannot mix BigInt and other types, use explicit conversions',
  },
  {
    item: 9,
    name: 'rtsWaypointLength',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'length')",
  },
  {
    item: 9,
    name: 'validateRtsGroupOptions',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'formation')",
  },
  // service
  { item: 'fuzz', name: 'FieldService#ping', outcome: 'crash', why: 'valid call -> the worker exited with code 13' },
  {
    item: 'fuzz',
    name: 'FieldService#run',
    outcome: 'hang',
    why: 'arg2.transfer=throwing array proxy -> no answer within 1500 ms',
  },
  {
    item: 'fuzz',
    name: 'FrameScheduler#schedule',
    outcome: 'crash',
    why: 'arg0.progress=NaN -> TypeError: entry.task.progress is not a function',
  },
  {
    item: 11,
    name: 'buildSetFieldsInPool',
    outcome: 'polluted',
    why: 'Object.prototype.maxCells -> threw GridTooLargeError: grid 8x8 is too large: per-set fields for ',
  },
  {
    item: 15,
    name: 'FieldService#computeField',
    outcome: 'crash',
    why: 'arg2.onProgress=NaN function -> HostileTrapError: a hostile Proxy trap or callback threw',
  },
  {
    item: 15,
    name: 'FieldService#computeFields',
    outcome: 'crash',
    why: 'arg2.onProgress=Infinity -> TypeError: report is not a function',
  },
  {
    item: 15,
    name: 'FieldService#run',
    outcome: 'crash',
    why: 'arg2.onProgress=throwing function -> HostileTrapError: a hostile Proxy trap or callback threw',
  },
  {
    item: 15,
    name: 'buildSetFieldsInPool',
    outcome: 'crash',
    why: 'Object.prototype.{maxCost,metric,neighbors,diagonal,value,goals,out,control,signal,onProgress} -',
  },
  {
    item: 15,
    name: 'setCostPairInPool',
    outcome: 'crash',
    why: 'Object.prototype.{maxCost,metric,neighbors,diagonal,value,goals,out,control,signal,onProgress} -',
  },
  {
    item: 9,
    name: 'FieldService#computeField',
    outcome: 'untyped',
    why: 'arg1=symbol -> DataCloneError: Symbol(hostile) could not be cloned.',
  },
  {
    item: 9,
    name: 'FieldService#computeFields',
    outcome: 'untyped',
    why: 'arg1[0]=symbol -> DataCloneError: Symbol(hostile) could not be cloned.',
  },
  {
    item: 9,
    name: 'FieldService#release',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'buffer')",
  },
  {
    item: 9,
    name: 'FieldService#run',
    outcome: 'untyped',
    why: 'arg1=valueOf object -> DataCloneError: () => 3 could not be cloned.',
  },
  {
    item: 9,
    name: 'FrameScheduler#schedule',
    outcome: 'untyped',
    why: "arg1=null -> TypeError: Cannot destructure property 'key' of 'scheduleOptions' as it is null.",
  },
  {
    item: 9,
    name: 'LiveField#refresh',
    outcome: 'untyped',
    why: 'arg0=symbol -> DataCloneError: Symbol(hostile) could not be cloned.',
  },
  {
    item: 9,
    name: 'buildSetFieldsInPool',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'size')",
  },
  {
    item: 9,
    name: 'createFieldService',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'workers')",
  },
  {
    item: 9,
    name: 'createFrameScheduler',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'budgetMs')",
  },
  {
    item: 9,
    name: 'isFieldStale',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'gridVersion')",
  },
  {
    item: 9,
    name: 'new ServiceClosedError',
    outcome: 'untyped',
    why: 'arg0=symbol -> TypeError: Cannot convert a Symbol value to a string',
  },
  {
    item: 9,
    name: 'new SharedMemoryUnavailableError',
    outcome: 'untyped',
    why: 'arg0=symbol -> TypeError: Cannot convert a Symbol value to a string',
  },
  {
    item: 9,
    name: 'new WorkerCrashedError',
    outcome: 'untyped',
    why: 'arg0=symbol -> TypeError: Cannot convert a Symbol value to a string',
  },
  {
    item: 9,
    name: 'setCostPairInPool',
    outcome: 'untyped',
    why: 'arg0=NaN -> TypeError: service.computeFields is not a function',
  },
  // sets
  { item: 'fuzz', name: 'setCostsFromFields', outcome: 'hang', why: 'arg0.count=Infinity -> no answer within 1500 ms' },
  {
    item: 11,
    name: 'allocateSetFields',
    outcome: 'polluted',
    why: 'Object.prototype.maxCells -> threw GridTooLargeError: grid 8x8 is too large: per-set fields for ',
  },
  { item: 11, name: 'buildSetField', outcome: 'polluted', why: 'Object.prototype.neighbors -> the result changed' },
  { item: 11, name: 'buildSetFields', outcome: 'polluted', why: 'Object.prototype.neighbors -> the result changed' },
  {
    item: 11,
    name: 'computeSetFieldsInto',
    outcome: 'polluted',
    why: 'Object.prototype.control -> threw TypeError: #<Object> is not an integer typed array.',
  },
  { item: 11, name: 'decomposeConvexSets', outcome: 'polluted', why: 'Object.prototype.maxSide -> the result changed' },
  { item: 11, name: 'setCostsFrom', outcome: 'polluted', why: 'Object.prototype.maxCost -> the result changed' },
  {
    item: 9,
    name: 'allocateSetFields',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'buildSetField',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'buildSetFields',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'computeSetFieldsInto',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'decomposeConvexSets',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot destructure property 'width' of 'grid' as it is null.",
  },
  {
    item: 9,
    name: 'reduceFieldToSets',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'length')",
  },
  {
    item: 9,
    name: 'setCostsFrom',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'setCostsFromFields',
    outcome: 'untyped',
    why: "arg0=null -> TypeError: Cannot read properties of null (reading 'width')",
  },
  {
    item: 9,
    name: 'setFieldCost',
    outcome: 'untyped',
    why: "arg0=NaN -> TypeError: Cannot read properties of undefined (reading 'NaN')",
  },
  // sets, through tactics
  { item: 11, name: 'chooseFlankSet', outcome: 'polluted', why: 'Object.prototype.maxCost -> the result changed' },
  { item: 11, name: 'flankCandidates', outcome: 'polluted', why: 'Object.prototype.maxCost -> the result changed' },
  { item: 11, name: 'flankPath', outcome: 'polluted', why: 'Object.prototype.neighbors -> the result changed' },
  { item: 11, name: 'retreatPath', outcome: 'polluted', why: 'Object.prototype.neighbors -> the result changed' },
];

/** True when `f` is one of the failures `e` describes. */
export function matches(e: ExpectedFailure, f: FuzzFailure): boolean {
  const nameOk = typeof e.name === 'string' ? e.name === f.name : e.name.test(f.name);
  if (!nameOk) return false;
  if (e.label && !e.label.test(f.label)) return false;
  if (e.outcome === undefined) return true;
  return Array.isArray(e.outcome) ? e.outcome.includes(f.outcome) : e.outcome === f.outcome;
}
