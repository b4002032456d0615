// The serial share of the parallel crowd step (issue 34, item 3): the calling thread's CPU time per
// `stepCrowdParallel` over the one-thread step's time, for two builds of the core (say, before and after a change),
// interleaved in one process so that both see the same load.
//
//   node scripts/crowd-serial-share.mjs [--units 100000] [--rounds 5] [--steps 4] [--modes shared,transfer]
//        [--workers 1,2] [--base /path/to/other/core/dist/index.js]
//
// Each executor (this thread's stepCrowd, then each build x mode x worker count) steps its own copy of the bench's
// crowd (scenarios/crowd-scenario.ts: two armies across a 1024^2 map with 10% walls). Per step: wall ms, this
// thread's CPU ms over the whole call (/proc/thread-self/schedstat: idle waits count nothing, so this is every
// slice the step took of this thread, the service's and the algorithm's) and the service's own slices
// (`stats().mainThreadMs`). Serial share s = median CPU ms / median CPU ms of the one-thread step (CPU time on both
// sides: on a loaded machine a wall-clock step also counts the time other processes held the core); Amdahl at 16
// workers: 1 / (s + (1 - s) / 16). Every copy must end bit-identical to the one-thread copy.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    steps: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '8' },
    modes: { type: 'string', default: 'shared,transfer' },
    workers: { type: 'string', default: '1,2' },
    base: { type: 'string' },
  },
});
const UNITS = Number(values.units);
const DT = 1 / 60;
const SIDE = 1024;

const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const builds = [['this', await import(new URL('../../core/dist/index.js', import.meta.url).href)]];
if (values.base) builds.unshift(['base', await import(values.base)]);
const core = builds[builds.length - 1][1];

/** The bench's crowd (scenarios/crowd-scenario.ts), built once with this build, copied for each executor. */
function benchCrowd() {
  const grid = core.generateMap('random', SIDE, SIDE, { density: 0.1, seed: 3 });
  const crowd = core.createCrowd({ grid, capacity: UNITS });
  const random = core.createRandom(UNITS);
  // Positions in tiles (the crowd's unit since API 1.0).
  while (core.crowdCount(crowd) < UNITS) {
    const at = { x: random() * SIDE, y: random() * SIDE };
    if (core.crowdSpotIsFree(crowd, at)) core.addCrowdUnit(crowd, at, core.crowdCount(crowd) % 2);
  }
  const spot = (fx, fy) => {
    for (let i = Math.floor(fy * SIDE) * SIDE + Math.floor(fx * SIDE); ; i++)
      if (grid.passable[i % (SIDE * SIDE)] !== 0) return { x: (i % SIDE) + 0.5, y: Math.floor(i / SIDE) + 0.5 };
  };
  const a = spot(0.25, 0.5);
  const b = spot(0.75, 0.5);
  core.commandCrowdGroup(crowd, 0, b);
  core.commandCrowdGroup(crowd, 1, a);
  return crowd;
}

const template = benchCrowd();
/** A copy of the template crowd for build `lib`, on shared memory or not. */
function copy(lib, shared) {
  const make = (bytes) => {
    const b = shared ? new SharedArrayBuffer(bytes.byteLength) : new ArrayBuffer(bytes.byteLength);
    new Uint8Array(b).set(bytes);
    return b;
  };
  const grid = lib.Grid.from(make(new Uint8Array(template.grid.buffer)));
  return lib.crowdFromBuffers({ crowd: make(new Uint8Array(template.buffer)), grid });
}

const executors = [{ label: 'one thread (stepCrowd)', lib: core, crowd: copy(core, false), service: null }];
for (const [name, lib] of builds)
  for (const mode of values.modes.split(','))
    for (const workers of values.workers.split(',').map(Number)) {
      const service = await lib.createFieldService({ mode, workers, clock: cpu });
      executors.push({
        label: `${name}, ${mode}, ${workers} worker(s)`,
        lib,
        crowd: copy(lib, mode === 'shared'),
        service,
      });
    }

const step = async (e) => {
  if (e.service) await e.lib.stepCrowdParallel(e.service, e.crowd, DT);
  else e.lib.stepCrowd(e.crowd, DT);
};
for (const e of executors) {
  e.wall = [];
  e.cpu = [];
  e.slices = [];
  for (let s = 0; s < Number(values.warmup); s++) await step(e);
}
const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
for (let r = 0; r < Number(values.rounds); r++)
  for (const e of executors)
    for (let s = 0; s < Number(values.steps); s++) {
      const slices0 = e.service ? e.service.stats().mainThreadMs : 0;
      const c0 = cpu();
      const t0 = performance.now();
      await step(e);
      e.wall.push(performance.now() - t0);
      e.cpu.push(cpu() - c0);
      e.slices.push(e.service ? e.service.stats().mainThreadMs - slices0 : 0);
      e.longest = e.service ? e.service.stats().longestMainThreadMs : Number.NaN;
    }
const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const hash = (e) => e.lib.hashCrowd(e.crowd);
const reference = hash(executors[0]);
const one = median(executors[0].cpu);
console.log(`${UNITS} units, ${executors[0].wall.length} steps per executor; load ${load0} -> ${load1}`);
console.log(
  'executor | wall ms median (p10-p90) | this-thread CPU ms/step | service slices ms/step | longest slice ms | serial share | Amdahl @16 | same state',
);
for (const e of executors) {
  const sorted = [...e.wall].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const c = median(e.cpu);
  const share = e.service ? c / one : 1;
  console.log(
    [
      e.label,
      `${median(e.wall).toFixed(2)} (${p(0.1).toFixed(1)}-${p(0.9).toFixed(1)})`,
      c.toFixed(2),
      median(e.slices).toFixed(2),
      Number.isFinite(e.longest) ? e.longest.toFixed(2) : '-',
      `${(100 * share).toFixed(2)}%`,
      `${(1 / (share + (1 - share) / 16)).toFixed(1)}x`,
      hash(e) === reference ? 'yes' : 'NO',
    ].join(' | '),
  );
}
for (const e of executors) await e.service?.close();
