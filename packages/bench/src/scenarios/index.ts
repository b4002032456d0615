// The benchmark scenarios, shared by the CLI (`pnpm bench`) and the studio's Bench page
// (`@fieldmarshal/bench/scenarios`): the same maps, seeds, queries, edits and steps in both. Browser-safe: no
// Node modules here, and nothing at module level but constants.
export {
  CROWD_DT,
  CROWD_SIDE,
  CROWD_WARMUP_STEPS,
  type CrowdCaseOptions,
  type CrowdCaseResult,
  type CrowdStepRunner,
  createBenchCrowd,
  runCrowdCase,
} from './crowd-scenario.js';
export {
  type OneGoalOptions,
  type OneGoalResult,
  oneGoalRace,
  type PeerQuery,
  pickRows,
  type RaceOutcome,
  race,
  type ScenarioRaceResult,
  scenarioRace,
  walkLength,
} from './peer-race.js';
export { createPeer, octileLength, PEER_NAMES, type Peer, type PeerName, type PeerRules } from './peers.js';
export { rng, walkableTiles, withBenchTerrain } from './random.js';
export {
  centralGoal,
  placeEdit,
  REPAIR_CASES,
  REPAIR_PLACES,
  type RepairCaseResult,
  type RepairRunOptions,
  runRepairCases,
} from './repair-cases.js';
export {
  createRtsScenario,
  RTS_UPDATE_SECONDS,
  type RtsBenchCore,
  type RtsScenario,
  timeRtsScenario,
} from './rts-scenario.js';
export { measure, measureAsync, percentile, type Stats, summarize } from './stats.js';
export { BEHAVIOUR_TARGETS, behaviourTarget } from './targets.js';
