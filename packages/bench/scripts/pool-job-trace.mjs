// The one-job work of the sector graph's pool build (issue 34, item 3), read from the workers' own CPU time, which a
// loaded machine does not inflate the way it does wall clocks.
//
//   node scripts/pool-job-trace.mjs patch <a COPY of packages/core/dist>
//   FM_POOL_TRACE=1 node <bench dist>/cli.js --suite sector-pool --sector-big city-8192 > run.txt  (core: the copy)
//   node scripts/pool-job-trace.mjs summarize run.txt [more runs...]
//
// `patch` rewrites the copy's sectors/sector-jobs.js: the calls of the one-job pieces it imports (layout, components,
// pick, the landmarks' ring, the stage waits) are wrapped to add up their CPU time (/proc/thread-self/schedstat,
// Linux) and wall time, and with FM_POOL_TRACE set each `sectorBuild` job prints one line `JOB {...}` when it ends:
// its phase, CPU and wall ms, and those sums. Never patch the dist the tests use: the wrappers cost a few
// microseconds per call.
//
// `summarize` groups the jobs of the big map's 2-worker builds (labels, sectors, landmark: two jobs each) and its
// 1-worker builds (`all`), and prints per file set: the 1-worker build's CPU (T1), a 2-worker build's total job CPU
// (W), the one-job CPU (S: the pieces' CPU plus the larger ring of the landmark jobs), S / T1, the 2 w / 1 w an idle
// 2-core machine would allow, T1 / (W / 2 + S / 2) (the other worker waits while one runs S), and Amdahl's bound at
// 16 workers for S.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PIECES = {
  layoutSectors: 'layout',
  computeComponents: 'components',
  pickLandmarks: 'pick',
  landmarkRing: 'ring',
  awaitStage: 'wait',
};

function patch(dist) {
  const file = join(dist, 'sectors', 'sector-jobs.js');
  let text = readFileSync(file, 'utf8');
  if (text.includes('__wrap(')) throw new Error(`${file} is patched already`);
  const defs = [];
  text = text
    .split('\n')
    .map((line) => {
      if (!line.startsWith('import {') || !/build-phases|landmarks\.js|pool-claim/.test(line)) return line;
      for (const [name, piece] of Object.entries(PIECES)) {
        const word = new RegExp(`\\b${name}\\b`);
        if (!word.test(line)) continue;
        line = line.replace(word, `${name} as __${name}`);
        defs.push(`const ${name} = __wrap('${piece}', __${name});`);
      }
      return line;
    })
    .join('\n');
  const header = `import { readFileSync as __read } from 'node:fs';
const __cpu = () => Number(__read('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
let __sums = {};
const __wrap = (name, f) => (...a) => {
  const c = __cpu();
  const w = performance.now();
  try { return f(...a); } finally {
    __sums[name] = (__sums[name] ?? 0) + __cpu() - c;
    __sums['w_' + name] = (__sums['w_' + name] ?? 0) + performance.now() - w;
  }
};
${defs.join('\n')}
`;
  const at = text.indexOf('\n', text.lastIndexOf('\nimport ') + 1) + 1;
  text = text.slice(0, at) + header + text.slice(at);
  const run = '    run: runSectorBuild,';
  if (!text.includes(run)) throw new Error(`no "${run.trim()}" in ${file}`);
  text = text.replace(
    run,
    `    run: (a, c) => {
      __sums = {};
      const c0 = __cpu();
      const w0 = performance.now();
      try { return runSectorBuild(a, c); } finally {
        if (process.env.FM_POOL_TRACE) {
          const sums = Object.fromEntries(Object.entries(__sums).map(([k, v]) => [k, +v.toFixed(2)]));
          console.log('JOB ' + JSON.stringify({ phase: a.phase, n: a.last, cpu: +(__cpu() - c0).toFixed(2), wall: +(performance.now() - w0).toFixed(2), ...sums }));
        }
      }
    },`,
  );
  writeFileSync(file, text);
  console.log(`patched ${file}: ${defs.length} pieces`);
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function summarize(files) {
  const t1 = [];
  const total = [];
  const serial = [];
  for (const file of files) {
    const jobs = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('JOB '))
      .map((line) => JSON.parse(line.slice(4)));
    const big = Math.max(...jobs.filter((j) => j.phase !== 'landmark').map((j) => j.n));
    const mine = jobs.filter((j) => j.phase === 'landmark' || j.n === big);
    t1.push(...mine.filter((j) => j.phase === 'all').map((j) => j.cpu));
    // A 2-worker build: two labels jobs, two sectors jobs, two landmark jobs, in that order.
    let build = null;
    const builds = [];
    for (const j of mine) {
      if (j.phase === 'labels' && (build === null || build.length >= 6)) {
        build = [];
        builds.push(build);
      }
      if (build !== null && ['labels', 'sectors', 'landmark'].includes(j.phase)) build.push(j);
    }
    for (const b of builds.filter((b) => b.length === 6)) {
      total.push(b.reduce((sum, j) => sum + j.cpu, 0));
      const pieces = b.reduce((sum, j) => sum + (j.layout ?? 0) + (j.components ?? 0) + (j.pick ?? 0), 0);
      serial.push(pieces + Math.max(...b.filter((j) => j.phase === 'landmark').map((j) => j.ring ?? 0)));
    }
  }
  const [T1, W, S] = [median(t1), median(total), median(serial)];
  const share = S / T1;
  console.log(
    `${files.length} files, ${t1.length} 1-worker and ${total.length} 2-worker builds: T1 ${T1.toFixed(1)} ms CPU, ` +
      `W ${W.toFixed(1)}, S ${S.toFixed(1)} (${serial.map((s) => s.toFixed(1)).join(' ')}), S / T1 ` +
      `${(100 * share).toFixed(2)}%, 2 w / 1 w allowed ${(T1 / (W / 2 + S / 2)).toFixed(3)}x, Amdahl at 16 ` +
      `${(1 / (share + (1 - share) / 16)).toFixed(1)}x`,
  );
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'patch' && rest.length === 1) patch(rest[0]);
else if (command === 'summarize' && rest.length > 0) summarize(rest);
else {
  console.error('usage: pool-job-trace.mjs patch <copy of core dist> | summarize <run.txt>...');
  process.exit(2);
}
