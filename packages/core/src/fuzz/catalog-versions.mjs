// Version and identity cases of the fuzz catalog (issue 35).
//
// Versions: the entries that repair a result after edits (updateField, updateFlow, SectorGraph#update,
// LiveField#update) start from a grid whose version was jumped to just below 2^32, and edit it across 2^32 (and
// so across 2^31 in Int32 terms): their `check` compares the repaired result with a fresh one on the same
// (possibly mutated) arguments. Identity: IDENTITY_CASES, calls that give a function the result of another grid
// of the same size; each must be refused with InvalidOptionError naming both grid ids
// (run by hostile-inputs.test.ts).

/** Just below 2^32: three edits cross it. */
export const AGED_VERSION = 2 ** 32 - 2;

/** Jumps `grid`'s version to {@link AGED_VERSION} (the documented test hook) and returns the grid. */
export function aged(lib, grid) {
  new BigInt64Array(grid.buffer, lib.GRID_VERSION_BYTE_OFFSET, 1)[0] = BigInt(AGED_VERSION);
  return grid;
}

/** Three edits of walkable tiles of the 8x8 map of the helpers, the version going across 2^32. */
export function editAcross(grid) {
  grid.setPassable(5, 5, false);
  grid.setPassable(6, 5, false);
  grid.setPassable(2, 5, false);
}

/** Why costs `a` and `b` differ (1e-9 relative: repaired octile costs may differ in the last bits), or null. */
function costsDiffer(a, b) {
  if (a.length !== b.length) return `length ${a.length} != ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!(x === y || Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y)))) return `tile ${i}: ${x} != ${y}`;
  }
  return null;
}

/**
 * A `check` comparing what `repaired()` reads after the call with `fresh()`, both given the state the entry's
 * `make` stored with `keep` (the arguments, as the call saw them: mutated in place by the fuzzer). A comparison
 * that cannot be made (a hostile argument that throws when read again) is skipped.
 */
export function versionCheck() {
  let kept = null;
  return {
    keep: (state) => {
      kept = state;
      return state;
    },
    check: (compare) => (result) => {
      if (kept === null) return null;
      const state = kept;
      kept = null;
      let problem;
      try {
        if (state.grid.version <= 2 ** 32) return `the grid's version ${state.grid.version} did not cross 2^32`;
        problem = compare(state, result);
      } catch {
        return null;
      }
      return problem;
    },
  };
}

/** Compares a repaired field with a fresh one (for `versionCheck`). */
export function fieldMatches(lib, field, grid, options) {
  if (field.gridVersion !== grid.version) return `gridVersion ${field.gridVersion}, grid at ${grid.version}`;
  return costsDiffer(field.cost, lib.computeField(grid, options).cost);
}

/** Why the call of a case was not refused with InvalidOptionError naming both ids, or null. */
export async function refusedNamingIds(lib, call) {
  let outcome;
  try {
    outcome = await call.fn(...call.args);
  } catch (error) {
    if (!(error instanceof lib.InvalidOptionError)) return `threw ${error?.name}: ${error?.message}`;
    const [a, b] = call.ids;
    if (!error.message.includes(`grid ${a}`) || !error.message.includes(`grid ${b}`))
      return `the message does not name grid ${a} and grid ${b}: ${error.message}`;
    return null;
  }
  return `returned ${typeof outcome} instead of refusing another grid's result`;
}

const two = (h, shared = false) => {
  const a = h.grid(shared);
  const b = h.grid(shared);
  b.setPassable(0, 3, false);
  return { a, b, options: { goals: [{ x: 7, y: 7 }] } };
};

/** Calls that give a result of grid `a` with grid `b` (same size and nearly the same map). */
export const IDENTITY_CASES = [
  {
    name: 'updateField with a field of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      return { fn: lib.updateField, args: [b, lib.computeField(a, options), options], ids: [a.id, b.id] };
    },
  },
  {
    name: 'computeFlow with a field of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      return { fn: lib.computeFlow, args: [b, lib.computeField(a, options)], ids: [a.id, b.id] };
    },
  },
  {
    name: 'updateFlow with a flow of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      const flow = lib.computeFlow(a, lib.computeField(a, options), { repairable: true });
      return { fn: lib.updateFlow, args: [b, lib.computeField(b, options), flow], ids: [a.id, b.id] };
    },
  },
  {
    name: 'followFlow with a field and flow of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      const field = lib.computeField(a, options);
      return { fn: lib.followFlow, args: [b, field, lib.computeFlow(a, field), 0.5, 0.5], ids: [a.id, b.id] };
    },
  },
  {
    name: 'SectorGraph.from with the arrays of another grid',
    make: (lib, h) => {
      const { a, b } = two(h);
      return {
        fn: lib.SectorGraph.from,
        args: [b, lib.buildSectorGraph(a, { sectorSize: 8 }).data],
        ids: [a.id, b.id],
      };
    },
  },
  {
    name: 'updateField with a corridor field of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      const corridor = lib.buildSectorGraph(a, { sectorSize: 8 }).corridorField({ x: 7, y: 7 }, [0, 0]);
      return { fn: lib.updateField, args: [b, corridor.toField(), options], ids: [a.id, b.id] };
    },
  },
  {
    name: 'RtsWorld#moveUnitsAlongField with a field of another grid',
    make: (lib, h) => {
      const { a, b, options } = two(h);
      const world = new lib.RtsWorld(b);
      const unit = world.addUnit(0, 0);
      const field = lib.computeField(a, options);
      return { fn: (...x) => world.moveUnitsAlongField(...x), args: [[unit], field], ids: [a.id, b.id] };
    },
  },
  {
    name: 'FieldService#updateField with a field of another grid',
    service: true,
    make: async (_lib, h) => {
      const { a, b, options } = two(h, true);
      const s = await h.service();
      const field = await s.computeField(a, options);
      return { fn: (...x) => s.updateField(...x), args: [b, field, options], ids: [a.id, b.id] };
    },
  },
  {
    name: 'FieldService#updateFlow with a flow of another grid',
    service: true,
    make: async (lib, h) => {
      const { a, b, options } = two(h, true);
      const s = await h.service();
      const flow = await s.computeFlow(a, lib.computeField(a, options), { repairable: true });
      return { fn: (...x) => s.updateFlow(...x), args: [b, lib.computeField(b, options), flow], ids: [a.id, b.id] };
    },
  },
];
