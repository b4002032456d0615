/*
 * fields.c: C versions of Field Marshal's single-thread `steps` and `octile` field kernels, for the bench's
 * `native` suite (packages/bench/src/suites/native.ts), which races them against computeField on the same maps.
 *
 * Semantics (the same as computeField with one goal, the default diagonal rule "if-both-free"):
 * - a tile is enterable when its passability byte equals the goal tile's byte (0 wall, 1 ground on the maps
 *   used here); everything outside the grid is a wall;
 * - 8 neighbours; a diagonal move needs both orthogonal tiles beside it enterable;
 * - steps: breadth-first waves from the goal, cost = wave number;
 * - octile: exact Dijkstra, straight moves cost 1, diagonal moves sqrt(2);
 * - outputs: double cost[W*H] (+INFINITY for walls and unreachable tiles) and uint8 dir[W*H], the direction of
 *   the first step back toward the goal (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; 255 at the goal, walls and
 *   unreachable tiles). Neighbours are visited in the order N, E, S, W, NE, SE, SW, NW, as in the JS kernels,
 *   so ties break the same way.
 *
 * Tuning, as a C programmer would write it for speed:
 * - a padded working grid with a one-tile wall border (stride W + 2), so the inner loops have no bounds checks;
 * - every buffer is allocated once and reused between repetitions (the octile buckets grow on demand, then stay);
 * - BFS discovery is branch-free: the state byte, the queue slot and the tail are written unconditionally and
 *   the tail advances by 0 or 1;
 * - the outputs are written by one sequential pass at the end;
 * - on maps of 2^21 tiles or more: the scratch grouped 8 rows at a time, column by column, as in the WebAssembly
 *   kernels (runStepsGrouped, runOctileGrouped), which is faster there; plain rows below, which are faster there.
 *
 * Usage: fields MAPFILE steps|octile WARMUP
 *   MAPFILE: int32 W, H, goalX, goalY (native byte order), then W*H passability bytes, row by row.
 *   Runs the kernel max(1, WARMUP) times untimed, then prints
 *     check REACHABLE SUM DIRHASH
 *   (tiles with a finite cost, the sum of the finite costs with 3 decimals, and h = h*31 + dir[i] mod 2^32 over
 *   the tiles in order). Then reads one integer N per line on stdin: runs the kernel N times and prints
 *     times T1 ... TN
 *   (milliseconds per run, CLOCK_MONOTONIC around the kernel call only). N <= 0 or end of input exits.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The working state of one map: input, padded scratch and outputs, all allocated once. */
typedef struct {
  int w, h, stride;
  size_t padded;         /* stride * (h + 2) */
  const uint8_t *pass;   /* input passability, w * h */
  uint8_t code;          /* passability byte of the goal: the enterable tiles */
  uint32_t goal;         /* padded index of the goal */
  /* steps */
  uint8_t *st;           /* padded state: 0 blocked, 1 open, 2 seen */
  uint32_t *queue;       /* entries p << 4 | (direction back + 1), 0 for the goal */
  uint32_t *info;        /* per padded tile: (wave + 1) << 4 | (direction back + 1); 0 untouched */
  /* octile */
  double *cp;            /* padded cost: -INF never enterable, +INF not reached yet */
  uint8_t *dp;           /* padded direction back, 255 none */
  uint32_t *bucket[3];   /* three rotating unit-width buckets of padded indices */
  size_t bucketCap[3];
  /* outputs */
  double *cost;
  uint8_t *dir;
} Ctx;

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "fields: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

static double nowMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* steps: breadth-first waves                                                                                  */
/* ---------------------------------------------------------------------------------------------------------- */

/*
 * State bytes: 0 blocked, 1 open, 2 seen. For a neighbour byte a: `ok = a & 1` is 1 exactly for an open tile
 * (then `a + ok` marks it seen), and `(a + 1) >> 1` is 1 exactly for an enterable tile (open or seen), which
 * gates the diagonals.
 */
#define STRAIGHT(OFF, BACK, GATE)                  \
  x = p + (OFF);                                   \
  a = st[x];                                       \
  ok = a & 1u;                                     \
  st[x] = (uint8_t)(a + ok);                       \
  q[t] = (x << 4) | ((BACK) + 1u);                 \
  t += ok;                                         \
  GATE = (a + 1u) >> 1;

#define DIAGONAL(OFF, BACK, GATE)                  \
  x = p + (OFF);                                   \
  a = st[x];                                       \
  ok = a & (GATE);                                 \
  st[x] = (uint8_t)(a + ok);                       \
  q[t] = (x << 4) | ((BACK) + 1u);                 \
  t += ok;

#define G 8 /* rows per group of the grouped layout */
/* Tiles from which runSteps and runOctile use the grouped layout: it is faster from 2048x2048 on here, a little
 * slower at 1024x1024 and below, so the C side is the fastest C either way. */
#define GROUPED_FROM_TILES (1u << 21)
/* Forces inlining, so each kernel is compiled once per layout with its row count g as a constant. */
#define INLINE static inline __attribute__((always_inline))

/*
 * The layouts, as in the WebAssembly kernels (packages/core/wasm/kernels.ts `G`): the scratch arrays store each
 * group of g padded rows column by column, padded tile (x, y) at (y / g) * g * S + g * x + y % g. With g = 1 these
 * are plain rows; with g = G = 8 a wavefront crossing the rows touches 8 times fewer cache lines, which is faster
 * on large maps (2048x2048: octile about 134 against 145 ms here, steps about 61 against 73 ms) and slower on
 * small ones (1024x1024: octile about 31 against 28 ms). East and west are g apart; north and south 1 apart
 * inside a group and g * S - (g - 1) across groups.
 */

/* The input rows of group `grp`'s g padded rows (NULL for the border rows above and below the map). */
INLINE void groupRows(const Ctx *c, size_t grp, size_t g, const uint8_t **in) {
  for (size_t r = 0; r < g; r++) {
    const size_t y = grp * g + r; /* padded row; tile row y - 1 */
    in[r] = y >= 1 && y <= (size_t)c->h ? c->pass + (y - 1) * (size_t)c->w : NULL;
  }
}

/* Rows rLo..rHi-1 of group `grp` that hold map rows (the border rows skipped). */
INLINE void mapRowsOf(const Ctx *c, size_t grp, size_t g, size_t *rLo, size_t *rHi) {
  const size_t last = (size_t)c->h + 1; /* the bottom border row */
  *rLo = grp == 0 ? 1 : 0;
  *rHi = last - grp * g < g ? last - grp * g : g;
}

INLINE void stepsKernel(Ctx *c, const size_t g) {
  const int w = c->w;
  const size_t S = (size_t)c->stride;
  const size_t groups = ((size_t)c->h + 2 + g - 1) / g;
  const uint32_t GS = (uint32_t)(g * S);
  uint8_t *restrict st = c->st;
  uint32_t *restrict q = c->queue;
  uint32_t *restrict info = c->info;
  /* States straight from the input: 1 enterable, 0 walls and border. */
  for (size_t grp = 0; grp < groups; grp++) {
    const uint8_t *in[G];
    groupRows(c, grp, g, in);
    uint8_t *col = st + grp * GS;
    for (size_t r = 0; r < g; r++) col[r] = 0;
    for (int x = 0; x < w; x++) {
      uint8_t *cell = col + (size_t)(x + 1) * g;
      for (size_t r = 0; r < g; r++) cell[r] = in[r] && in[r][x] == c->code;
    }
    for (size_t r = 0; r < g; r++) col[(size_t)(w + 1) * g + r] = 0;
  }
  const size_t gy = c->goal / S, gx = c->goal % S;
  const uint32_t goal = (uint32_t)(gy / g * GS + gx * g + gy % g);
  size_t h = 0, t = 0;
  if (st[goal] == 1) {
    st[goal] = 2;
    q[t++] = goal << 4; /* direction nibble 0: no direction */
  }
  uint32_t tag = 1u << 4; /* (wave + 1) << 4 */
  const uint32_t up = (uint32_t)g - GS, down = GS - (uint32_t)g; /* extra step across groups */
  const uint32_t E = (uint32_t)g;
  while (h < t) {
    const size_t end = t;
    for (; h < end; h++) {
      const uint32_t e = q[h];
      const uint32_t p = e >> 4;
      info[p] = tag | (e & 15u);
      const uint32_t r = p & (uint32_t)(g - 1);
      const uint32_t n = (r == 0 ? up : 0) - 1u, s = (r == g - 1 ? down : 0) + 1u;
      uint32_t x, a, ok, gN, gE, gS, gW;
      STRAIGHT(n, 2u, gN)            /* N: back is S */
      STRAIGHT(E, 3u, gE)            /* E: back is W */
      STRAIGHT(s, 0u, gS)            /* S: back is N */
      STRAIGHT(-E, 1u, gW)           /* W: back is E */
      DIAGONAL(n + E, 6u, gN & gE)   /* NE: back is SW */
      DIAGONAL(s + E, 7u, gS & gE)   /* SE: back is NW */
      DIAGONAL(s - E, 4u, gS & gW)   /* SW: back is NE */
      DIAGONAL(n - E, 5u, gN & gW)   /* NW: back is SE */
    }
    tag += 1u << 4;
  }
  /* Output pass, a group at a time in memory order: wave number and direction; clears the info words. */
  static const uint8_t DIR[16] = {255, 0, 1, 2, 3, 4, 5, 6, 7, 255, 255, 255, 255, 255, 255, 255};
  for (size_t grp = 0; grp < groups; grp++) {
    size_t rLo, rHi;
    mapRowsOf(c, grp, g, &rLo, &rHi);
    for (int x = 0; x < w; x++) {
      const size_t at = grp * GS + (size_t)(x + 1) * g;
      for (size_t r = rLo; r < rHi; r++) {
        const size_t i = (grp * g + r - 1) * (size_t)w + (size_t)x;
        const uint32_t v = info[at + r];
        c->cost[i] = v ? (double)((v >> 4) - 1u) : INFINITY;
        c->dir[i] = DIR[v & 15u];
        info[at + r] = 0;
      }
    }
  }
}

static void runStepsRows(Ctx *c) { stepsKernel(c, 1); }
static void runStepsGrouped(Ctx *c) { stepsKernel(c, G); }

/* The faster layout for the map's size (see the layouts above). */
static void runSteps(Ctx *c) {
  if ((size_t)c->w * (size_t)c->h >= GROUPED_FROM_TILES) runStepsGrouped(c);
  else runStepsRows(c);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* octile: Dijkstra with Dial's unit-width buckets                                                            */
/* ---------------------------------------------------------------------------------------------------------- */

/* Bucket b with room for `need` entries (its contents kept). */
static uint32_t *bucketRoom(Ctx *c, int b, size_t need) {
  if (need > c->bucketCap[b]) {
    size_t cap = c->bucketCap[b];
    while (cap < need) cap *= 2;
    uint32_t *grown = realloc(c->bucket[b], cap * sizeof(uint32_t));
    if (!grown) {
      fprintf(stderr, "fields: out of memory (bucket of %zu entries)\n", cap);
      exit(2);
    }
    c->bucket[b] = grown;
    c->bucketCap[b] = cap;
  }
  return c->bucket[b];
}

/*
 * Every edge costs 1 or sqrt(2), both in [1, 2): a tile of cost in [K, K+1) only improves neighbours to
 * [K+1, K+3), so three rotating buckets (cost in [K, K+1) goes to bucket K mod 3) settle the tiles exactly,
 * in any order within a bucket (expanded oldest entry first here, as in the JS kernel, so ties between equally
 * cheap ways break the same way and dir matches). The padded cost starts at -INF on tiles that can never be entered, so
 * `c < cp[t]` alone rejects walls and settled tiles. A stale entry (the tile was settled in an earlier bucket)
 * has a cost below the bucket's base and is skipped; a tile queued twice in one bucket is expanded twice, the
 * second time improving nothing.
 */
INLINE void octileKernel(Ctx *c, const size_t g) {
  const int w = c->w;
  const size_t S = (size_t)c->stride;
  const size_t groups = ((size_t)c->h + 2 + g - 1) / g;
  const size_t GS = g * S;
  double *restrict cp = c->cp;
  uint8_t *restrict dp = c->dp;
  /* Initial costs straight from the input: +INF enterable, -INF walls and border. */
  for (size_t grp = 0; grp < groups; grp++) {
    const uint8_t *in[G];
    groupRows(c, grp, g, in);
    double *col = cp + grp * GS;
    for (size_t r = 0; r < g; r++) col[r] = -INFINITY;
    for (int x = 0; x < w; x++) {
      double *cell = col + (size_t)(x + 1) * g;
      for (size_t r = 0; r < g; r++) cell[r] = in[r] && in[r][x] == c->code ? INFINITY : -INFINITY;
    }
    for (size_t r = 0; r < g; r++) col[(size_t)(w + 1) * g + r] = -INFINITY;
  }
  memset(dp, 255, groups * GS);

  size_t len[3] = {0, 0, 0};
  const size_t gy = c->goal / S, gx = c->goal % S;
  const size_t goal = gy / g * GS + gx * g + gy % g;
  if (cp[goal] == INFINITY) {
    cp[goal] = 0;
    bucketRoom(c, 0, 1)[len[0]++] = (uint32_t)goal;
  }
  const double r2 = 1.4142135623730951; /* sqrt(2), as Math.SQRT2 */
  const size_t up = g - GS, down = GS - g; /* extra step across groups (unsigned wrap-around) */
  const size_t E = g;
  int slot = 0;
  for (double base = 0;; base += 1) {
    const int s1 = slot == 2 ? 0 : slot + 1;
    const int s2 = s1 == 2 ? 0 : s1 + 1;
    const size_t n = len[slot];
    if (n == 0 && len[s1] == 0 && len[s2] == 0) break;
    /* Room for every push of this bucket: 4 straight + 4 diagonal per expansion. */
    uint32_t *restrict b1 = bucketRoom(c, s1, len[s1] + 8 * n);
    uint32_t *restrict b2 = bucketRoom(c, s2, len[s2] + 4 * n);
    const uint32_t *restrict cur = c->bucket[slot];
    size_t l1 = len[s1], l2 = len[s2];
    for (size_t i = 0; i < n; i++) { /* oldest entry first, as the JS kernel: walks the wavefront forward */
      const size_t p = cur[i];
      const double cu = cp[p];
      if (cu < base) continue; /* stale */
      const double c1 = cu + 1;
      const size_t r = p & (g - 1);
      const size_t pN = p - 1 + (r == 0 ? up : 0), pS = p + 1 + (r == g - 1 ? down : 0);
      const double cN = cp[pN], cE = cp[p + E], cS = cp[pS], cW = cp[p - E];
      if (c1 < cN) { cp[pN] = c1; dp[pN] = 2; b1[l1++] = (uint32_t)pN; }
      if (c1 < cE) { cp[p + E] = c1; dp[p + E] = 3; b1[l1++] = (uint32_t)(p + E); }
      if (c1 < cS) { cp[pS] = c1; dp[pS] = 0; b1[l1++] = (uint32_t)pS; }
      if (c1 < cW) { cp[p - E] = c1; dp[p - E] = 1; b1[l1++] = (uint32_t)(p - E); }
      /* Enterable neighbours (settled or not) have a cost above -INF. */
      const int fN = cN > -INFINITY, fE = cE > -INFINITY, fS = cS > -INFINITY, fW = cW > -INFINITY;
      const double c2 = cu + r2;
      /* Diagonals land in bucket K+1 or K+2: one test per expanded tile. */
      uint32_t *restrict bd;
      size_t *ld;
      if (c2 - base < 2) { bd = b1; ld = &l1; } else { bd = b2; ld = &l2; }
      size_t l = *ld;
      size_t x;
      x = pN + E; if ((fN & fE) && c2 < cp[x]) { cp[x] = c2; dp[x] = 6; bd[l++] = (uint32_t)x; }
      x = pS + E; if ((fS & fE) && c2 < cp[x]) { cp[x] = c2; dp[x] = 7; bd[l++] = (uint32_t)x; }
      x = pS - E; if ((fS & fW) && c2 < cp[x]) { cp[x] = c2; dp[x] = 4; bd[l++] = (uint32_t)x; }
      x = pN - E; if ((fN & fW) && c2 < cp[x]) { cp[x] = c2; dp[x] = 5; bd[l++] = (uint32_t)x; }
      *ld = l;
    }
    len[s1] = l1;
    len[s2] = l2;
    len[slot] = 0;
    slot = s1;
  }
  /* Output pass, a group at a time in memory order: |cost| turns -INF into +INF (costs are >= 0). */
  for (size_t grp = 0; grp < groups; grp++) {
    size_t rLo, rHi;
    mapRowsOf(c, grp, g, &rLo, &rHi);
    for (int x = 0; x < w; x++) {
      const size_t at = grp * GS + (size_t)(x + 1) * g;
      for (size_t r = rLo; r < rHi; r++) {
        const size_t i = (grp * g + r - 1) * (size_t)w + (size_t)x;
        c->cost[i] = fabs(cp[at + r]);
        c->dir[i] = dp[at + r];
      }
    }
  }
}

static void runOctileRows(Ctx *c) { octileKernel(c, 1); }
static void runOctileGrouped(Ctx *c) { octileKernel(c, G); }

/* The faster layout for the map's size (see the layouts above). */
static void runOctile(Ctx *c) {
  if ((size_t)c->w * (size_t)c->h >= GROUPED_FROM_TILES) runOctileGrouped(c);
  else runOctileRows(c);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* driver                                                                                                     */
/* ---------------------------------------------------------------------------------------------------------- */

static void check(const Ctx *c) {
  const size_t n = (size_t)c->w * c->h;
  size_t reachable = 0;
  double sum = 0;
  uint32_t hash = 0;
  for (size_t i = 0; i < n; i++) {
    if (c->cost[i] < INFINITY) {
      reachable++;
      sum += c->cost[i];
    }
    hash = hash * 31u + c->dir[i];
  }
  printf("check %zu %.3f %u\n", reachable, sum, (unsigned)hash);
  fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[2], "steps") != 0 && strcmp(argv[2], "octile") != 0)) {
    fprintf(stderr, "usage: fields MAPFILE steps|octile WARMUP\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "fields: cannot open %s\n", argv[1]);
    return 2;
  }
  int32_t head[4];
  if (fread(head, sizeof(int32_t), 4, f) != 4 || head[0] <= 0 || head[1] <= 0 || head[2] < 0 || head[3] < 0 ||
      head[2] >= head[0] || head[3] >= head[1]) {
    fprintf(stderr, "fields: bad map header in %s\n", argv[1]);
    return 2;
  }
  Ctx c = {0};
  c.w = head[0];
  c.h = head[1];
  c.stride = c.w + 2;
  c.padded = (size_t)c.stride * (size_t)(c.h + 2);
  if (c.padded >= (1u << 27)) { /* queue entries are p << 4 in 32 bits (with room for p + stride) */
    fprintf(stderr, "fields: map too large (%d x %d)\n", c.w, c.h);
    return 2;
  }
  const size_t n = (size_t)c.w * c.h;
  uint8_t *pass = xmalloc(n);
  if (fread(pass, 1, n, f) != n) {
    fprintf(stderr, "fields: short map data in %s\n", argv[1]);
    return 2;
  }
  fclose(f);
  c.pass = pass;
  c.code = pass[(size_t)head[3] * c.w + head[2]];
  c.goal = (uint32_t)((head[3] + 1) * c.stride + head[2] + 1);
  c.cost = xmalloc(n * sizeof(double));
  c.dir = xmalloc(n);
  const int steps = strcmp(argv[2], "steps") == 0;
  if (steps) {
    const size_t grouped = ((size_t)c.h + 2 + G - 1) / G * G * (size_t)c.stride; /* covers both layouts */
    c.st = xmalloc(grouped);
    c.queue = xmalloc((n + 1) * sizeof(uint32_t)); /* each tile queued once, plus the unconditional slot */
    c.info = calloc(grouped, sizeof(uint32_t));
    if (!c.info) return 2;
  } else {
    const size_t grouped = ((size_t)c.h + 2 + G - 1) / G * G * (size_t)c.stride;
    c.cp = xmalloc(grouped * sizeof(double));
    c.dp = xmalloc(grouped);
    for (int b = 0; b < 3; b++) {
      c.bucketCap[b] = 1u << 12;
      c.bucket[b] = xmalloc(c.bucketCap[b] * sizeof(uint32_t));
    }
  }
  void (*run)(Ctx *) = steps ? runSteps : runOctile;

  int warmup = atoi(argv[3]);
  if (warmup < 1) warmup = 1;
  for (int i = 0; i < warmup; i++) run(&c);
  check(&c);

  char line[64];
  while (fgets(line, sizeof line, stdin)) {
    const int reps = atoi(line);
    if (reps <= 0) break;
    fputs("times", stdout);
    for (int r = 0; r < reps; r++) {
      const double t0 = nowMs();
      run(&c);
      const double t1 = nowMs();
      printf(" %.6f", t1 - t0);
    }
    putchar('\n');
    fflush(stdout);
  }
  return 0;
}
