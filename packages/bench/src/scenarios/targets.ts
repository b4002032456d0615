/**
 * The behaviour suites' targets, milliseconds: a crowd step must fit a 60 Hz frame (the 50,000-unit crowd with
 * 2 workers is the stated case), an RTS update a quarter of one (1,000 units is the stated case). Both the CLI's
 * reports and the studio's Bench page show every row against them.
 */
export const BEHAVIOUR_TARGETS = { crowd: 16, rts: 4 } as const;

/** The target of a behaviour row, ms, and whether its median met it. */
export function behaviourTarget(suite: keyof typeof BEHAVIOUR_TARGETS, median: number): { ms: number; met: boolean } {
  const ms = BEHAVIOUR_TARGETS[suite];
  return { ms, met: median < ms };
}
