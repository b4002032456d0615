#!/usr/bin/env node
// Writes src/fields/kernels/bfs-waves.ts: the wave functions of the JavaScript BFS kernel (one per diagonal rule),
// with one probe block per neighbour written out from the tables below. Run by `pnpm build` in packages/core;
// `node scripts/generate-bfs-waves.mjs --check` exits 1 when the committed file differs (run by `npm test`).
//
// Why generated rather than one helper called per neighbour (as in the other kernels and in wasm/kernels.ts):
// measured with the helper inlined by V8 (bench `kernels` steps, JavaScript kernel, 1024x1024 and 2048x2048 with
// 20% walls, interleaved processes against the blocks written out), the waves ran 5-15% slower: V8 keeps the
// helper's arguments alive for its deoptimisation points and spills more registers (about 40% more stack
// accesses in the optimised code). So the blocks stay written out, and this table is the one place to change them.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'src', 'fields', 'kernels', 'bfs-waves.ts');

/**
 * The eight neighbours in the order probed: the step (dx, dy) from the tile being labelled, and `back`, the
 * direction from the neighbour back to that tile (DIRECTIONS: 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW). A
 * diagonal is gated by its two orthogonal neighbours `sides`.
 */
const STRAIGHT = [
  { name: 'N', dx: 0, dy: -1, back: 2 },
  { name: 'E', dx: 1, dy: 0, back: 3 },
  { name: 'S', dx: 0, dy: 1, back: 0 },
  { name: 'W', dx: -1, dy: 0, back: 1 },
];
const DIAGONAL = [
  { name: 'NE', dx: 1, dy: -1, back: 6, sides: ['N', 'E'] },
  { name: 'SE', dx: 1, dy: 1, back: 7, sides: ['S', 'E'] },
  { name: 'SW', dx: -1, dy: 1, back: 4, sides: ['S', 'W'] },
  { name: 'NW', dx: -1, dy: -1, back: 5, sides: ['N', 'W'] },
];

/** ` + n` / ` - n` / nothing. */
function plus(n, unit = '') {
  if (n === 0) return '';
  const size = Math.abs(n) === 1 && unit !== '' ? unit : `${Math.abs(n)}${unit}`;
  return n > 0 ? ` + ${size}` : ` - ${size}`;
}

/** The neighbour's padded index, from the tile's `p` (rows are `stride` apart). */
function offset({ dx, dy }) {
  return `p${plus(dy, 'stride')}${plus(dx)}`;
}

/** The neighbour's queue entry from the tile's entry `pe` (`p << 4`): its offset times 16 plus `back`. */
function entry({ dx, dy, back }) {
  return `pe${plus(dy, 's16')}${plus(16 * dx + back)}`;
}

/**
 * One probe: discovers the neighbour when its state is 1 (open) and `gate` (an expression of `a`, the state) lets
 * it through. Branch-free: the state byte and the queue slot are written whatever the outcome and the tail
 * advances by `ok`. `keep` names the `a + 1` of a straight neighbour (bit 1 set when enterable) for the gates.
 */
function probe(n, gate, { first = false, keep = false } = {}) {
  const decl = first ? 'let ' : '';
  const lines = [
    `${decl}x = ${offset(n)};`,
    `${decl}a = st[x] as number;`,
    `${decl}ok = ${gate};`,
    'st[x] = a + ok;',
    `q[t] = ${entry(n)};`,
    't += ok;',
  ];
  if (keep) lines.push(`const b${n.name} = a + 1;`);
  return lines;
}

const PARAMS = `  st: Uint8Array,
  q: Int32Array,
  wave: Float32Array,
  dp: Uint8Array,
  h: number,
  end: number,
  t: number,
  cw: number,
  stride: number,`;

/** One wave function: labels the tiles q[h..end) and probes their neighbours (`diagonals` writes the rest). */
function waveFunction(name, doc, { diagonals = null, extraParams = '', keep = false }) {
  const body = STRAIGHT.flatMap((n, i) => probe(n, 'a & 1', { first: i === 0, keep }));
  if (diagonals) body.push(...diagonals());
  return `${doc}
export function ${name}(
${PARAMS}${extraParams}
): number {
  const s16 = stride * 16;
  for (; h < end; h++) {
    const e = q[h] as number;
    const p = e >> 4;
    wave[p] = cw;
    dp[p] = e & 15;
    const pe = e & -16;
${body.map((line) => `    ${line}`).join('\n')}
  }
  return t;
}
`;
}

const bothFree = waveFunction(
  'waveBothFree',
  `/**
 * One wave, 8 neighbours, diagonal only when both orthogonal tiles are enterable (the default rule). Labels the
 * tiles q[h..end) with cost \`cw\` and queues their open neighbours after \`t\`. Returns the new tail.
 */`,
  {
    keep: true,
    diagonals: () =>
      DIAGONAL.flatMap((n) => {
        const [s1, s2] = n.sides;
        return probe(n, `a & ((b${s1} & b${s2}) >> 1)`);
      }),
  },
);

const four = waveFunction('waveFour', '/** One wave, 4 neighbours (see {@link waveBothFree}). */', {});

const loose = waveFunction(
  'waveLoose',
  `/**
 * One wave, 8 neighbours, diagonal always (\`always\`) or when one orthogonal tile is enterable (see
 * {@link waveBothFree}; the rule is tested per tile, a predictable branch, as these rules are rarer).
 */`,
  {
    keep: true,
    extraParams: '\n  always: boolean,',
    diagonals: () => [
      '// Bit 1 of b is set for an enterable tile; `always` sets it for every gate.',
      'const any = always ? 2 : 0;',
      ...DIAGONAL.flatMap((n) => {
        const [s1, s2] = n.sides;
        return probe(n, `a & (((b${s1} | b${s2} | any) >> 1) & 1)`);
      }),
    ],
  },
);

const text = `// Generated by scripts/generate-bfs-waves.mjs (the build runs it). Do not edit: change the tables there and run
// \`node scripts/generate-bfs-waves.mjs\` in packages/core. Why the blocks are written out: see that script.
//
// The wave functions of the JavaScript BFS kernel (bfs.ts), one per diagonal rule. Queue entries: a neighbour's
// entry is the tile's entry (\`p << 4\`) plus its padded offset times 16 plus the direction back to the tile (0 N,
// 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW): N is \`pe - s16 + 2\`, E \`pe + 16 + 3\`, NE \`pe - s16 + 16 + 6\`, and so
// on, with \`s16 = stride * 16\` (PERF: one live value instead of six constants). State bytes: 0 never enterable,
// 1 open, 2 seen; \`ok = a & 1\` is 1 exactly for an open tile, and \`a + 1\` has bit 1 set exactly for an
// enterable tile (open or seen), which gates the diagonals.

${bothFree}
${four}
${loose}`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current !== text) {
    console.error(
      'src/fields/kernels/bfs-waves.ts is stale: run `node scripts/generate-bfs-waves.mjs` in packages/core',
    );
    process.exit(1);
  }
  console.log('bfs waves: up to date');
} else {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // written below
  }
  // Written only when it changes, so a build leaves the file (and its time stamp) alone.
  if (current !== text) {
    writeFileSync(target, text);
    console.log(`wrote ${target}`);
  }
}
