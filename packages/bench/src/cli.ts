#!/usr/bin/env node
/**
 * Field Marshal benchmark CLI: our kernels on the shared Moving AI maps and generated maps, and the peer
 * libraries on the same maps and queries. `pnpm bench --help` lists the options.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Row } from './report.js';
import { markdownTable, textTable } from './report.js';
import { PEER_NAMES, type PeerName } from './scenarios/peers.js';
import { runCrowd } from './suites/crowd.js';
import { runCrowdSettle } from './suites/crowd-settle.js';
import { runFlowPaths, runFlowTime } from './suites/flow.js';
import { runFlowLoop } from './suites/flow-loop.js';
import { runFlowRepair } from './suites/flow-repair.js';
import { runFollowers } from './suites/followers.js';
import { runKernels } from './suites/kernels.js';
import { NATIVE_KERNELS, runNative } from './suites/native.js';
import { runPeers } from './suites/peers.js';
import { runRepair } from './suites/repair.js';
import { runRepairLoop } from './suites/repair-loop.js';
import { runRts } from './suites/rts.js';
import { runRtsFormations } from './suites/rts-formations.js';
import { runSectorPool } from './suites/sector-pool.js';
import { runSectors } from './suites/sectors.js';
import { runService } from './suites/service.js';
import { runSetFields, runTactics } from './suites/tactics.js';

/** Every suite, in the order a full run takes them. Add a new suite here and in main() below. */
const SUITES = [
  'kernels',
  'peers',
  'service',
  'native',
  'repair',
  'rts',
  'rts-formations',
  'crowd',
  'crowd-settle',
  'tactics',
  'set-fields',
  'flow',
  'flow-loop',
  'followers',
  'sectors',
  'sector-pool',
] as const;

/** The Moving AI maps of data/movingai, and the 1024-wide ones of data/movingai/large. */
const SHIPPED_MAPS = ['arena', 'den520d', 'Berlin_0_256', 'maze512-1-0', 'random512-10-0', '8room_000'];
const LARGE_MAPS = ['Boston_0_1024', 'London_0_1024', 'Enigma', 'Aurora'];

const HELP = `usage: pnpm bench [options]

  --suite LIST        one or more of: ${SUITES.join(', ')}
                      (default: all but sectors, which takes about 30 minutes, and sector-pool; native skips
                      itself, with a message, when no C compiler is found)
  --maps LIST         maps for the kernels and native suites: Moving AI names (arena, den520d, Berlin_0_256,
                      maze512-1-0, random512-10-0, 8room_000) or generated KIND-SIZE (open|random|rooms|maze-N,
                      random = 20% walls). Default: kernels the six Moving AI maps, random-1024, random-2048,
                      random-4096; native random-1024, random-2048
  --kernels LIST      steps,octile,weighted,scent (default: all; the native suite runs the steps and octile
                      ones)
  --peer-map NAME     map of the peers suite (default random-1024)
  --peers LIST        ${PEER_NAMES.join(',')} (default: all)
  --pairs N           start tiles of the many-units case (default 1000)
  --peer-searches N   searches each peer runs per case; times are scaled to --pairs and marked (default 100)
  --scenario-rows N   Moving AI rows per map for the single-pair case (default 200)
  --repair-maps LIST  maps of the repair suite (default random-1024, random-4096; --quick random-512)
  --edits N           edits per case of the repair suite (default 500; --quick 100)
  --repair-loop-maps LIST
                      maps of the repair suite's loop table: one-tile repairs with a full field of another goal
                      between edits, and back to back (default random-1024; --quick random-512)
  --loop-edits N      one-tile edits per loop (each timed twice: wall on, wall off; default 300; --quick 50)
  --loop-warmup N     edits repaired back to back before the loop's last table row, which repeats the first
                      (field between) with the JIT warm (default 2000; --quick 500)
  --sector-maps LIST  Moving AI maps of the sectors suite, every scenario row each (default: all ten, the six
                      above and Boston_0_1024, London_0_1024, Enigma, Aurora from data/movingai/large; --quick
                      arena, Berlin_0_256)
  --sector-big LIST   big maps of the sectors suite: city-N (Berlin_0_256 scaled to N x N) or random-N
                      (default city-2048, city-4096, random-4096, city-8192, random-8192; --quick city-1024,
                      random-1024)
  --sector-size N     sector side of the sectors suite (default: the library's, 64)
  --entrance-spacing N  entranceSpacing of the sectors and sector-pool suites' graphs (default: the library's, 16)
  --sector-rounds N   rounds of the sector-pool suite (default 3; --quick 1): one-thread build, pool builds with
                      1 and 2 workers, timed and then watched (main thread's longest task, busy time, serial
                      share), on the --sector-big maps (default city-8192, random-8192; --quick city-1024,
                      random-1024)
  --units N           units of the corridor fields (default 1000)
  --flow-maps LIST    maps of the flow suite's time table (default: the six Moving AI maps, random-1024,
                      rooms-1024, maze-512; --quick arena, random-512)
  --flow-path-maps LIST
                      maps of the flow suite's path table (default: the six Moving AI maps, random-256,
                      rooms-256, maze-256; --quick arena, random-128)
  --flow-goals N      goals per map of the path table (default 4; --quick 2)
  --flow-starts N     random starts per goal (default 50; --quick 20)
  --flow-max-cost N   largest field cost of a start, tiles (default 400: the exact reference is slow on long paths)
  --flow-radius R     mover radius of the flows, tiles (default 0)
  --flow-repair-maps LIST
                      maps of the flow suite's repair table (default den520d, random-1024, rooms-1024; --quick
                      arena, random-512)
  --flow-edits N      one-tile edits per map of the repair table (default 100; --quick 20)
  --service-sizes LIST sides of the random maps of the service suite, which times each case in the shared and
                      the transfer mode alternately (default 1024,4096; --quick 512)
  --reps N            timed repetitions after warm-up (default 15)
  --warmup N          untimed warm-up runs (default 3)
  --rts-units LIST    unit counts of the rts suite (default 200,1000)
  --formation-seeds N seeds (random targets) of the rts-formations suite (default 30; --quick 5)
  --formation-first-seed N first seed of the rts-formations suite (default 1; 31 with 60 seeds: held-out targets)
  --updates N         timed updates per unit count in the rts suite, after 50 untimed ones (default 400)
  --crowd-units LIST  unit counts of the crowd suite (default 10000,50000; --quick 10000)
  --crowd-rounds N    interleaved rounds of the crowd suite (default 5; --quick 2)
  --crowd-steps N     timed steps per executor and round in the crowd suite (default 20; --quick 10)
  --settle-seeds N    seeds of the crowd-settle suite (default 30; --quick 5)
  --loop-maps LIST    maps of the flow-loop suite (default: the six Moving AI maps, random-256, rooms-256;
                      --quick arena, random-128)
  --follower-units N  followers of the followers suite (default 100000; --quick 20000)
  --follower-maps L   random,rooms (1024x1024, 20% walls; default both; --quick random)
  --quick             small run: reps 5, maps arena + random-512 (native: random-512), peer searches 20,
                      rts updates 100, crowd 10000 units in 2 rounds of 10 steps

The flow suite times computeFlow against computeField on the same map and goal (alternating, rep after rep) and
measures followFlow's path length over the exact any-angle shortest path (anyAnglePath), with the eight-arrow
path's ratio beside it, followers that got stuck or fell back to the field, and paths entering a wall.

The native suite races our steps and octile kernels (computeField, one goal, reused outputs) against C versions
of the same algorithms (packages/bench/native/fields.c, compiled with $CC, cc, gcc or clang, -O3 -march=native
or else -O2) on the same maps. The two sides are timed in 3 interleaved rounds (C, JS, C, JS, C, JS) of --reps
in all; the table shows each side's median and p10-p90 and the ratio JS median / C median. Both sides must
give the same reachable count and sum of finite costs (else the row is not timed); the direction hashes are
compared too (a difference means a different tie-break, reported in the outputs column).

The rts suite steps an RtsWorld (random map with 10% walls, four fifths of the units in groups of 20: plain,
box and wedge formations, re-ordered to a new random tile on arrival; the rest idle, to be pushed) and reports
the milliseconds per update (one fixed step of 1/20 s, re-orders included) and a hash of the final state (the
same on every run of the same build; a different hash after a refactor means a change of behaviour).

The rts-formations suite is not a timing: per seed a random target east of the studio battlefield's ridge, the
twenty blue units ordered there in a wedge and in a box, against one of them alone on the same trip: simulated
seconds to arrival, the ratio's distribution, and orders that ended with a member failed or off its place.

The crowd suite steps seed 001's crowd (two groups of units scattered over a 1024x1024 map with 10% walls, sent
across each other down their vector fields) on the main thread and split over 1 and 2 workers, in interleaved
rounds, and reports milliseconds per step (1/60 s); the three copies must stay bit-identical (same state).
The crowd-settle suite is not a timing: the simulated seconds 200 units sent to one point (open 40x40 map,
straight or down a field) take until all stand still, over --settle-seeds seeds; and the studio's crowd scene
(400 units head-on through two gaps, 64x40) over a third as many seeds, with the unit-seconds units stood still
at a wall face.
The flow-loop suite runs the per-frame loop a game writes over sampleFlow (sample, move min(0.05, 0.1, out[2]))
from random starts (field cost at most 200) on Moving AI and generated maps at radius 0 and 0.25: bodies that
ever overlapped a wall, stalls, and the length over the exact any-angle shortest path.
The followers suite steps 100k followers on one flow (radius 0.25) of a 1024x1024 map (random and rooms, 20%
walls) on the main thread and split over 1 and 2 bare worker threads running the step's worker half
(runFollowersStepRange) on the shared buffer, in interleaved rounds; milliseconds per step, the speed-up over
the main thread, the CPU time of each step's slowest thread (Linux) and its speed-up, and whether the copies
stayed bit-identical.
The tactics suite runs the flank search over the about 10,000 convex sets of random-256 in slices of 1 ms: the
total (set costs included) and the longest slice, with the costs from this thread, from 2 workers, or computed
in the first slice ('two-field'). The set-fields suite builds all per-set fields of random-128 and rooms-256 on
the main thread and in 1 and 2 workers.
  --json PATH         write the results as JSON (default packages/bench/results/latest.json)
  --markdown PATH     also write the tables as Markdown
  --help              this text
`;

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      suite: { type: 'string' },
      maps: { type: 'string' },
      kernels: { type: 'string' },
      'peer-map': { type: 'string' },
      peers: { type: 'string' },
      pairs: { type: 'string' },
      'peer-searches': { type: 'string' },
      'scenario-rows': { type: 'string' },
      reps: { type: 'string' },
      'repair-maps': { type: 'string' },
      'repair-loop-maps': { type: 'string' },
      'loop-edits': { type: 'string' },
      'loop-warmup': { type: 'string' },
      edits: { type: 'string' },
      'sector-maps': { type: 'string' },
      'sector-big': { type: 'string' },
      'sector-size': { type: 'string' },
      'entrance-spacing': { type: 'string' },
      units: { type: 'string' },
      'flow-maps': { type: 'string' },
      'flow-path-maps': { type: 'string' },
      'flow-goals': { type: 'string' },
      'flow-starts': { type: 'string' },
      'flow-max-cost': { type: 'string' },
      'flow-radius': { type: 'string' },
      'flow-repair-maps': { type: 'string' },
      'flow-edits': { type: 'string' },
      'service-sizes': { type: 'string' },
      warmup: { type: 'string' },
      'rts-units': { type: 'string' },
      updates: { type: 'string' },
      'crowd-units': { type: 'string' },
      'crowd-rounds': { type: 'string' },
      'sector-rounds': { type: 'string' },
      'crowd-steps': { type: 'string' },
      'settle-seeds': { type: 'string' },
      'formation-seeds': { type: 'string' },
      'formation-first-seed': { type: 'string' },
      'follower-units': { type: 'string' },
      'loop-maps': { type: 'string' },
      'follower-maps': { type: 'string' },
      quick: { type: 'boolean' },
      json: { type: 'string' },
      markdown: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const list = (v: string | undefined, fallback: string[]) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : fallback;
  const int = (v: string | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got ${v}`);
    return n;
  };
  const quick = values.quick ?? false;
  const suites = list(
    values.suite,
    SUITES.filter((s) => s !== 'sectors' && s !== 'sector-pool'),
  );
  for (const s of suites)
    if (!(SUITES as readonly string[]).includes(s)) throw new Error(`unknown suite ${s}; known: ${SUITES.join(', ')}`);
  const reps = int(values.reps, quick ? 5 : 15, 'reps');
  if (reps < 1) throw new Error('--reps must be at least 1');
  const warmup = int(values.warmup, quick ? 1 : 3, 'warmup');
  const maps = list(
    values.maps,
    quick ? ['arena', 'random-512'] : [...SHIPPED_MAPS, 'random-1024', 'random-2048', 'random-4096'],
  );
  const kernels = list(values.kernels, ['steps', 'octile', 'weighted', 'scent']);
  // Only steps and octile have a C version: the native suite takes those of an explicit --kernels list.
  const nativeKernels = values.kernels
    ? kernels.filter((k) => (NATIVE_KERNELS as readonly string[]).includes(k))
    : [...NATIVE_KERNELS];
  if (suites.includes('native') && nativeKernels.length === 0)
    throw new Error(`the native suite needs --kernels with ${NATIVE_KERNELS.join(' or ')}`);
  const peers = list(values.peers, [...PEER_NAMES]) as PeerName[];
  for (const p of peers)
    if (!PEER_NAMES.includes(p)) throw new Error(`unknown peer ${p}; known: ${PEER_NAMES.join(', ')}`);
  const pairs = int(values.pairs, 1000, 'pairs');
  const peerSearches = int(values['peer-searches'], quick ? 20 : 100, 'peer-searches');
  const scenarioRows = int(values['scenario-rows'], quick ? 40 : 200, 'scenario-rows');
  const peerMap = values['peer-map'] ?? (quick ? 'random-512' : 'random-1024');
  const rtsUnits = list(values['rts-units'], ['200', '1000']).map((v) => int(v, 0, 'rts-units'));
  if (rtsUnits.some((n) => n < 1)) throw new Error('--rts-units must be positive integers');
  const updates = int(values.updates, quick ? 100 : 400, 'updates');
  if (updates < 1) throw new Error('--updates must be at least 1');
  const crowdUnits = list(values['crowd-units'], quick ? ['10000'] : ['10000', '50000']).map((v) =>
    int(v, 0, 'crowd-units'),
  );
  if (crowdUnits.some((n) => n < 1)) throw new Error('--crowd-units must be positive integers');
  const crowdRounds = Math.max(1, int(values['crowd-rounds'], quick ? 2 : 5, 'crowd-rounds'));
  const crowdSteps = Math.max(1, int(values['crowd-steps'], quick ? 10 : 20, 'crowd-steps'));

  const machine = {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    date: new Date().toISOString(),
  };
  console.log(`Field Marshal benchmarks: node ${machine.node}, ${machine.cores} cores (${machine.cpu})`);
  const sections: { title: string; header: string[]; rows: string[][]; data: Row[] }[] = [];
  if (suites.includes('kernels')) sections.push(await runKernels({ maps, kernels, reps, warmup }));
  if (suites.includes('peers')) {
    sections.push(
      ...(await runPeers({
        map: peerMap,
        peers,
        pairs,
        peerSearches,
        scenarioRows,
        reps: Math.min(reps, 5),
        warmup: 1,
      })),
    );
  }
  if (suites.includes('service')) {
    const serviceSizes = list(values['service-sizes'], quick ? ['512'] : ['1024', '4096']).map((v) =>
      int(v, 1024, 'service-sizes'),
    );
    sections.push(await runService({ reps, warmup, serviceSizes }));
  }
  if (suites.includes('native')) {
    sections.push(
      await runNative({
        maps: list(values.maps, quick ? ['random-512'] : ['random-1024', 'random-2048']),
        kernels: nativeKernels,
        reps,
        warmup,
      }),
    );
  }
  if (suites.includes('repair')) {
    sections.push(
      await runRepair({
        maps: list(values['repair-maps'], quick ? ['random-512'] : ['random-1024', 'random-4096']),
        edits: int(values.edits, quick ? 100 : 500, 'edits'),
        reps,
        warmup,
      }),
    );
    sections.push(
      runRepairLoop({
        maps: list(values['repair-loop-maps'], quick ? ['random-512'] : ['random-1024']),
        edits: int(values['loop-edits'], quick ? 50 : 300, 'loop-edits'),
        reps,
        warmup: int(values['loop-warmup'], quick ? 500 : 2000, 'loop-warmup'),
      }),
    );
  }

  if (suites.includes('rts')) sections.push(runRts({ units: rtsUnits, updates, warmup: 50 }));
  if (suites.includes('crowd'))
    sections.push(await runCrowd({ units: crowdUnits, rounds: crowdRounds, steps: crowdSteps }));
  if (suites.includes('rts-formations'))
    sections.push(
      runRtsFormations({
        seeds: Math.max(1, int(values['formation-seeds'], quick ? 5 : 30, 'formation-seeds')),
        firstSeed: int(values['formation-first-seed'], 1, 'formation-first-seed'),
      }),
    );
  if (suites.includes('crowd-settle'))
    sections.push(runCrowdSettle({ seeds: Math.max(1, int(values['settle-seeds'], quick ? 5 : 30, 'settle-seeds')) }));
  if (suites.includes('flow-loop'))
    sections.push(
      runFlowLoop({
        maps: list(
          values['loop-maps'],
          quick
            ? ['arena', 'random-128']
            : [
                'arena',
                'den520d',
                'Berlin_0_256',
                'maze512-1-0',
                'random512-10-0',
                '8room_000',
                'random-256',
                'rooms-256',
              ],
        ),
        goals: quick ? 2 : 4,
        starts: quick ? 20 : 50,
        maxCost: 200,
        frameStep: 0.05,
      }),
    );
  if (suites.includes('followers'))
    sections.push(
      await runFollowers({
        units: Math.max(1, int(values['follower-units'], quick ? 20000 : 100000, 'follower-units')),
        maps: list(values['follower-maps'], quick ? ['random'] : ['random', 'rooms']).map((m) => {
          if (m !== 'random' && m !== 'rooms') throw new Error(`--follower-maps: random or rooms, got ${m}`);
          return m;
        }),
        rounds: quick ? 2 : 5,
        steps: quick ? 10 : 20,
      }),
    );
  if (suites.includes('tactics')) sections.push(await runTactics({ reps, warmup }));
  if (suites.includes('set-fields')) sections.push(await runSetFields({ reps: Math.min(reps, 5), warmup: 1 }));
  // The graph options of the sectors and sector-pool suites.
  const sectorGraph = {
    ...(values['sector-size'] ? { sectorSize: int(values['sector-size'], 64, 'sector-size') } : {}),
    ...(values['entrance-spacing'] ? { entranceSpacing: int(values['entrance-spacing'], 16, 'entrance-spacing') } : {}),
  };
  if (suites.includes('sectors')) {
    sections.push(
      ...(await runSectors({
        movingAi: list(values['sector-maps'], quick ? ['arena', 'Berlin_0_256'] : [...SHIPPED_MAPS, ...LARGE_MAPS]),
        big: list(
          values['sector-big'],
          quick ? ['city-1024', 'random-1024'] : ['city-2048', 'city-4096', 'random-4096', 'city-8192', 'random-8192'],
        ),
        pairs: int(values.pairs, quick ? 40 : 200, 'pairs'),
        units: int(values.units, 1000, 'units'),
        edits: int(values.edits, quick ? 50 : 200, 'edits'),
        graph: sectorGraph,
      })),
    );
  }
  if (suites.includes('sector-pool'))
    sections.push(
      ...(await runSectorPool({
        maps: list(values['sector-big'], quick ? ['city-1024', 'random-1024'] : ['city-8192', 'random-8192']),
        rounds: Math.max(1, int(values['sector-rounds'], quick ? 1 : 3, 'sector-rounds')),
        graph: sectorGraph,
      })),
    );
  if (suites.includes('flow')) {
    const moving = SHIPPED_MAPS;
    const radius = Number(values['flow-radius'] ?? 0);
    if (!(radius >= 0)) throw new Error(`--flow-radius must be a number >= 0, got ${values['flow-radius']}`);
    const flowOptions = {
      timeMaps: list(
        values['flow-maps'],
        quick ? ['arena', 'random-512'] : [...moving, 'random-1024', 'rooms-1024', 'maze-512'],
      ),
      pathMaps: list(
        values['flow-path-maps'],
        quick ? ['arena', 'random-128'] : [...moving, 'random-256', 'rooms-256', 'maze-256'],
      ),
      goals: int(values['flow-goals'], quick ? 2 : 4, 'flow-goals'),
      starts: int(values['flow-starts'], quick ? 20 : 50, 'flow-starts'),
      maxCost: int(values['flow-max-cost'], 400, 'flow-max-cost'),
      radius,
      reps,
      warmup,
    };
    sections.push(await runFlowTime(flowOptions));
    sections.push(
      await runFlowRepair({
        maps: list(
          values['flow-repair-maps'],
          quick ? ['arena', 'random-512'] : ['den520d', 'random-1024', 'rooms-1024'],
        ),
        edits: int(values['flow-edits'], quick ? 20 : 100, 'flow-edits'),
        radius,
      }),
    );
    sections.push(await runFlowPaths(flowOptions));
  }

  let markdown = `# Field Marshal benchmark results\n\nNode ${machine.node}, ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.date}.\nTimes in milliseconds: median (p10-p90) over the timed repetitions after warm-up.\n`;
  for (const s of sections) {
    console.log(`\n## ${s.title}\n${textTable(s.header, s.rows)}`);
    markdown += `\n## ${s.title}\n\n${markdownTable(s.header, s.rows)}\n`;
  }
  const jsonPath = resolve(values.json ?? join(here, '..', 'results', 'latest.json'));
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(
    jsonPath,
    `${JSON.stringify({ machine, options: values, sections: sections.map((s) => ({ title: s.title, rows: s.data })) }, null, 2)}\n`,
  );
  console.log(`\nwrote ${jsonPath}`);
  if (values.markdown) {
    writeFileSync(resolve(values.markdown), markdown);
    console.log(`wrote ${resolve(values.markdown)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
