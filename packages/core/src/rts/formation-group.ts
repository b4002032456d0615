import type { RtsGroupOptions, RtsGroupPhase } from './group-options.js';
import type { RtsUnit, RtsUnitGroup } from './unit.js';

/** The fields of a group that its formation reads and writes (an {@link RtsGroup} has them). */
export interface RtsFormationGroup extends RtsUnitGroup {
  readonly options: Readonly<Required<RtsGroupOptions>>;
  commander: RtsUnit;
  phase: RtsGroupPhase;
  goalX: number;
  goalY: number;
  slots: Float64Array;
  slotOf: number[];
  angle: number;
  endAngle: number;
  turnTarget: number | null;
  plan: number[];
}
