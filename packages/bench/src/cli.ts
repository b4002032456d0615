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
import { PEER_NAMES, type PeerName } from './peers.js';
import type { Row } from './report.js';
import { markdownTable, textTable } from './report.js';
import { runFlowPaths, runFlowTime } from './suites/flow.js';
import { runKernels } from './suites/kernels.js';
import { NATIVE_KERNELS, runNative } from './suites/native.js';
import { runPeers } from './suites/peers.js';
import { runRepair } from './suites/repair.js';
import { runService } from './suites/service.js';

const HELP = `usage: pnpm bench [options]

  --suite LIST        kernels,peers,service,native,repair,flow (default: all six; native skips itself, with a
                      message, when no C compiler is found)
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
  --flow-maps LIST    maps of the flow suite's time table (default: the six Moving AI maps, random-1024,
                      rooms-1024, maze-512; --quick arena, random-512)
  --flow-path-maps LIST
                      maps of the flow suite's path table (default: the six Moving AI maps, random-256,
                      rooms-256, maze-256; --quick arena, random-128)
  --flow-goals N      goals per map of the path table (default 4; --quick 2)
  --flow-starts N     random starts per goal (default 50; --quick 20)
  --flow-max-cost N   largest field cost of a start, tiles (default 400: the exact reference is slow on long paths)
  --flow-radius R     mover radius of the flows, tiles (default 0)
  --reps N            timed repetitions after warm-up (default 15)
  --warmup N          untimed warm-up runs (default 3)
  --quick             small run: reps 5, maps arena + random-512 (native: random-512), peer searches 20

The flow suite times computeFlow against computeField on the same map and goal (alternating, rep after rep) and
measures followFlow's path length over the exact any-angle shortest path (anyAnglePath), with the eight-arrow
path's ratio beside it, followers that got stuck or fell back to the field, and paths entering a wall.

The native suite races our steps and octile kernels (computeField, one goal, reused outputs) against C versions
of the same algorithms (packages/bench/native/fields.c, compiled with $CC, cc, gcc or clang, -O3 -march=native
or else -O2) on the same maps. The two sides are timed in 3 interleaved rounds (C, JS, C, JS, C, JS) of --reps
in all; the table shows each side's median and p10-p90 and the ratio JS median / C median. Both sides must
give the same reachable count and sum of finite costs (else the row is not timed); the direction hashes are
compared too (a difference means a different tie-break, reported in the outputs column).
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
      edits: { type: 'string' },
      'flow-maps': { type: 'string' },
      'flow-path-maps': { type: 'string' },
      'flow-goals': { type: 'string' },
      'flow-starts': { type: 'string' },
      'flow-max-cost': { type: 'string' },
      'flow-radius': { type: 'string' },
      warmup: { type: 'string' },
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
  const known = ['kernels', 'peers', 'service', 'native', 'repair', 'flow'];
  const suites = list(values.suite, known);
  for (const s of suites) if (!known.includes(s)) throw new Error(`unknown suite ${s}; known: ${known.join(', ')}`);
  const reps = int(values.reps, quick ? 5 : 15, 'reps');
  if (reps < 1) throw new Error('--reps must be at least 1');
  const warmup = int(values.warmup, quick ? 1 : 3, 'warmup');
  const maps = list(
    values.maps,
    quick
      ? ['arena', 'random-512']
      : [
          'arena',
          'den520d',
          'Berlin_0_256',
          'maze512-1-0',
          'random512-10-0',
          '8room_000',
          'random-1024',
          'random-2048',
          'random-4096',
        ],
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
  if (suites.includes('service')) sections.push(await runService({ reps, warmup }));
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
  }

  if (suites.includes('flow')) {
    const moving = ['arena', 'den520d', 'Berlin_0_256', 'maze512-1-0', 'random512-10-0', '8room_000'];
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
