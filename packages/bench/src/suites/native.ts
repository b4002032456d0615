/**
 * The `native` suite: our single-thread `steps` and `octile` kernels (computeField, reused outputs, as in the
 * kernels suite) raced against C versions of the same algorithms (packages/bench/native/fields.c) on the same
 * maps and goal, in one run. The C program is compiled once per run into a temporary directory and kept running
 * per map and kernel; the two sides are timed in interleaved rounds (C reps, JS reps, C reps, ...) so the noise
 * of a shared machine falls on both, and each side's times are summarised over all its timed reps. Both sides
 * must give the same reachable count and sum of finite costs; the direction hashes are compared too.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { computeField, type Grid } from '@fieldmarshal/core';
import { loadMap, walkableTiles } from '../maps.js';
import { ProgressBar } from '../progress.js';
import { fmt, type Row } from '../report.js';
import { type Stats, summarize } from '../stats.js';

export const NATIVE_KERNELS = ['steps', 'octile'] as const;
type NativeKernel = (typeof NATIVE_KERNELS)[number];

/** Timed rounds per side (each side's reps are split over them). */
const ROUNDS = 3;

const source = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'fields.c');

interface Compiled {
  binary: string;
  compiler: string;
  /** First line of `CC --version`. */
  version: string;
  flags: string[];
}

/** Compiles fields.c with the first C compiler found ($CC, cc, gcc, clang), or returns a reason for skipping. */
function compile(dir: string): Compiled | string {
  if (!existsSync(source)) return `${source} is missing`;
  const candidates = [...new Set([process.env.CC, 'cc', 'gcc', 'clang'].filter((c): c is string => Boolean(c)))];
  const binary = join(dir, 'fields');
  let found = false;
  let lastError = '';
  for (const compiler of candidates) {
    const probe = spawnSync(compiler, ['--version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) continue;
    found = true;
    const version = probe.stdout.split('\n')[0]?.trim() || compiler;
    for (const flags of [['-O3', '-march=native'], ['-O2']]) {
      const r = spawnSync(compiler, [...flags, '-o', binary, source, '-lm'], { encoding: 'utf8' });
      if (!r.error && r.status === 0 && existsSync(binary)) return { binary, compiler, version, flags };
      lastError = `${compiler} ${flags.join(' ')}: ${(r.stderr || String(r.error ?? '')).trim().split('\n')[0]}`;
    }
  }
  return found ? `the C compiler failed (${lastError})` : `no C compiler found; tried ${candidates.join(', ')}`;
}

/** The map in the binary format fields.c reads: int32 W, H, goalX, goalY (little-endian), then W*H bytes. */
function writeMapFile(path: string, grid: Grid, goal: { x: number; y: number }): void {
  const buf = Buffer.alloc(16 + grid.passable.length);
  buf.writeInt32LE(grid.width, 0);
  buf.writeInt32LE(grid.height, 4);
  buf.writeInt32LE(goal.x, 8);
  buf.writeInt32LE(goal.y, 12);
  buf.set(grid.passable, 16);
  writeFileSync(path, buf);
}

/** One running fields.c process, fed repetition counts on stdin and answering one line each. */
class NativeRunner {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  private stderr = '';
  private ended: Error | null = null;

  constructor(binary: string, args: string[]) {
    this.child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr += d.toString();
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const w = this.waiting;
      if (w) {
        this.waiting = null;
        w.resolve(line);
      } else this.lines.push(line);
    });
    const fail = (e: Error) => {
      this.ended = e;
      const w = this.waiting;
      this.waiting = null;
      w?.reject(e);
    };
    this.child.on('error', fail);
    this.child.on('close', (code) =>
      fail(new Error(`the C program exited (code ${code})${this.stderr ? `: ${this.stderr.trim()}` : ''}`)),
    );
  }

  private next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** The check line printed after the warm-up runs. */
  async check(): Promise<Check> {
    const parts = (await this.next()).split(' ');
    if (parts[0] !== 'check' || parts.length !== 4) throw new Error(`unexpected output from the C program: ${parts}`);
    return { reachable: Number(parts[1]), sum: parts[2] as string, hash: Number(parts[3]) };
  }

  /** Runs `reps` timed repetitions; their times in milliseconds. */
  async times(reps: number): Promise<number[]> {
    this.child.stdin.write(`${reps}\n`);
    const parts = (await this.next()).split(' ');
    if (parts[0] !== 'times' || parts.length !== reps + 1)
      throw new Error(`unexpected output from the C program: ${parts.slice(0, 4).join(' ')}`);
    return parts.slice(1).map(Number);
  }

  close(): void {
    if (this.ended) return;
    this.child.stdin.end('0\n');
  }
}

interface Check {
  reachable: number;
  /** Sum of the finite costs with 3 decimals. */
  sum: string;
  /** h = h * 31 + dir[i] mod 2^32 over the tiles in order. */
  hash: number;
}

/** The same check as fields.c prints, on our outputs. */
function checkOf(cost: Float64Array, dir: Uint8Array): Check {
  let reachable = 0;
  let sum = 0;
  let hash = 0;
  for (let i = 0; i < cost.length; i++) {
    const c = cost[i] as number;
    if (c < Number.POSITIVE_INFINITY) {
      reachable++;
      sum += c;
    }
    hash = (Math.imul(hash, 31) + (dir[i] as number)) >>> 0;
  }
  return { reachable, sum: sum.toFixed(3), hash };
}

/** `reps` split over at most {@link ROUNDS} rounds. */
function roundSizes(reps: number): number[] {
  const rounds = Math.min(ROUNDS, reps);
  return Array.from({ length: rounds }, (_, r) => Math.floor(reps / rounds) + (r < reps % rounds ? 1 : 0));
}

const range = (s: Stats) => `${fmt(s.p10)}-${fmt(s.p90)}`;

export async function runNative(options: { maps: string[]; kernels: string[]; reps: number; warmup: number }) {
  const header = [
    'map',
    'kernel',
    'size',
    'ours median ms',
    'ours p10-p90',
    'C median ms',
    'C p10-p90',
    'ours / C',
    'outputs',
  ];
  const data: Row[] = [];
  const rows: string[][] = [];
  for (const k of options.kernels)
    if (!(NATIVE_KERNELS as readonly string[]).includes(k))
      throw new Error(`the native suite has no kernel ${k}; known: ${NATIVE_KERNELS.join(', ')}`);
  const kernels = options.kernels as NativeKernel[];
  const dir = mkdtempSync(join(tmpdir(), 'fm-native-'));
  try {
    const compiled = compile(dir);
    if (typeof compiled === 'string') {
      console.log(`native suite skipped: ${compiled}`);
      return { title: `computeField against C: skipped (${compiled})`, header, rows, data };
    }
    const flags = compiled.flags.join(' ');
    console.log(`native suite: C compiled with ${compiled.compiler} ${flags} (${compiled.version})`);
    const warmup = Math.max(1, options.warmup);
    const bar = new ProgressBar(options.maps.length * kernels.length * 2 * (options.reps + warmup), 'native');
    for (const spec of options.maps) {
      bar.setLabel(`loading ${spec}`);
      const grid = loadMap(spec).grid;
      const goalIndex = walkableTiles(grid, 1, 99)[0] ?? 0;
      const goal = { x: goalIndex % grid.width, y: Math.floor(goalIndex / grid.width) };
      const tiles = grid.width * grid.height;
      const mapFile = join(dir, 'map.bin');
      writeMapFile(mapFile, grid, goal);
      for (const kernel of kernels) {
        bar.setLabel(`${spec} ${kernel}`);
        const size = `${grid.width}x${grid.height}`;
        const cost = new Float64Array(tiles);
        const dirOut = new Uint8Array(tiles);
        const run = () => computeField(grid, { goals: [goal], metric: kernel, out: { cost, dir: dirOut } });
        const native = new NativeRunner(compiled.binary, [mapFile, kernel, String(warmup)]);
        try {
          // Warm-up on both sides, then the fairness check on the warm-up outputs.
          for (let i = 0; i < warmup; i++) run();
          const js = checkOf(cost, dirOut);
          const c = await native.check();
          bar.tick(2 * warmup);
          if (js.reachable !== c.reachable || js.sum !== c.sum) {
            const why = `costs differ: JS ${js.reachable} reachable, sum ${js.sum}; C ${c.reachable} reachable, sum ${c.sum}`;
            console.error(`\nnative ${spec} ${kernel}: ${why}; row not timed`);
            bar.tick(2 * options.reps);
            data.push({ suite: 'native', map: spec, case: kernel, tiles, extra: { outputs: 'costs differ' } });
            rows.push([spec, kernel, size, '-', '-', '-', '-', '-', 'COSTS DIFFER']);
            continue;
          }
          const dirMatch = js.hash === c.hash;
          const jsTimes: number[] = [];
          const cTimes: number[] = [];
          for (const n of roundSizes(options.reps)) {
            const t = await native.times(n);
            cTimes.push(...t);
            bar.tick(n);
            const samples: number[] = [];
            for (let i = 0; i < n; i++) {
              const t0 = performance.now();
              run();
              samples.push(performance.now() - t0);
              bar.tick();
            }
            jsTimes.push(...samples);
          }
          // The outputs after the timed runs must still be the checked ones.
          const after = checkOf(cost, dirOut);
          if (after.sum !== js.sum || after.hash !== js.hash) throw new Error(`${spec} ${kernel}: JS outputs changed`);
          const jsStats = summarize(jsTimes);
          const cStats = summarize(cTimes);
          const ratio = jsStats.median / cStats.median;
          const outputs = dirMatch ? 'match' : 'costs match, dir differs (tie-breaking)';
          if (!dirMatch)
            console.error(`\nnative ${spec} ${kernel}: dir hash differs (JS ${js.hash}, C ${c.hash}); costs match`);
          data.push({
            suite: 'native',
            map: spec,
            case: kernel,
            tiles,
            stats: jsStats,
            extra: {
              cMedian: cStats.median,
              cP10: cStats.p10,
              cP90: cStats.p90,
              cMin: cStats.min,
              cRuns: cStats.runs,
              ratio: Number(ratio.toFixed(3)),
              reachable: js.reachable,
              costSum: js.sum,
              jsDirHash: js.hash,
              cDirHash: c.hash,
              outputs,
              compiler: compiled.version,
              flags,
            },
          });
          rows.push([
            spec,
            kernel,
            size,
            fmt(jsStats.median),
            range(jsStats),
            fmt(cStats.median),
            range(cStats),
            ratio.toFixed(2),
            outputs,
          ]);
        } finally {
          native.close();
        }
      }
    }
    bar.finish();
    return {
      title: `computeField (WebAssembly kernels where available, else JavaScript) against C, single thread (one goal, full map; C: ${compiled.version}, ${flags}; ${ROUNDS} interleaved rounds)`,
      header,
      rows,
      data,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
