import { describe, expect, it } from 'vitest';
import { CoordinateError, InvalidOptionError, OutOfRangeError } from '../errors.js';
import { generateOpen } from '../grid/generate.js';
import { withPollutedPrototype } from '../util/pollute.test-util.js';
import { buildSectorGraph } from './build.js';
import { CorridorField } from './corridor-field.js';
import { SectorGraph } from './sector-graph.js';

// Issue 23: hostile inputs give typed errors (each case failed before with a TypeError, an out-of-bounds read or
// a changed result).
const graph = () => buildSectorGraph(generateOpen(16, 16), { sectorSize: 8 });

describe('sector graphs against hostile inputs', () => {
  it('SectorGraph.from refuses forged arrays before any query reads them', () => {
    const g = graph();
    const d = g.data;
    expect(SectorGraph.from(g.grid, d).findPath({ x: 0, y: 0 }, { x: 15, y: 15 })?.cost).toBe(
      g.findPath({ x: 0, y: 0 }, { x: 15, y: 15 })?.cost,
    );
    const nodeTile = d.nodeTile.slice();
    nodeTile[0] = 1 << 20;
    expect(() => SectorGraph.from(g.grid, { ...d, nodeTile })).toThrow(InvalidOptionError);
    const nodeMates = d.nodeMates.slice();
    nodeMates[0] = 1 << 20;
    expect(() => SectorGraph.from(g.grid, { ...d, nodeMates })).toThrow(InvalidOptionError);
    const intra = d.intra.slice();
    intra.fill(-1);
    expect(() => SectorGraph.from(g.grid, { ...d, intra })).toThrow(InvalidOptionError);
    const first = d.sectorNodeFirst.slice();
    first[1] = 1e9;
    expect(() => SectorGraph.from(g.grid, { ...d, sectorNodeFirst: first })).toThrow(InvalidOptionError);
    expect(() => SectorGraph.from(g.grid, { ...d, intra: new Proxy(d.intra, {}) })).toThrow(InvalidOptionError);
    const header = d.header.slice();
    header[2] = 40;
    expect(() => SectorGraph.from(g.grid, { ...d, header })).toThrow(InvalidOptionError);
  });

  it('the CorridorField constructor refuses forged data; its readers refuse non-numbers', () => {
    const field = graph().corridorField({ x: 15, y: 15 }, [0, 0]);
    expect(new CorridorField({ ...field.data }).costAt(0, 0)).toBe(field.costAt(0, 0));
    expect(() => new CorridorField(null as never)).toThrow(InvalidOptionError);
    expect(() => new CorridorField({ ...field.data, shift: 3n as never })).toThrow(OutOfRangeError);
    const sectorBlock = field.data.sectorBlock.slice();
    sectorBlock[0] = 99;
    expect(() => new CorridorField({ ...field.data, sectorBlock })).toThrow(OutOfRangeError);
    expect(() => field.costAt(3n as never, 0)).toThrow(OutOfRangeError);
    expect(() => field.toField({ cost: new Proxy(new Float64Array(256), {}) })).toThrow(InvalidOptionError);
  });

  it('controls, options and info are checked and read from own properties only', () => {
    const g = graph();
    expect(() => g.update(null as never)).toThrow(InvalidOptionError);
    expect(() => g.corridorField({ x: 15, y: 15 }, [0, 0], { control: 3 as never })).toThrow(InvalidOptionError);
    expect(() =>
      buildSectorGraph(generateOpen(16, 16), { sectorSize: 8, control: { control: new Int32Array(1) } }),
    ).toThrow(InvalidOptionError);
    expect(() => g.findPath({ x: 0, y: 0 }, { x: 15, y: 15 }, { info: 3 as never })).toThrow(InvalidOptionError);
    expect(() => g.corridorField({ x: 15, y: 15 }, new Proxy(new Int32Array(2), {}))).toThrow(InvalidOptionError);
    expect(() => g.corridorField({ x: 15, y: 15, value: 1e16 }, [0, 0])).toThrow(OutOfRangeError);
    expect(() => g.corridorField({ x: 3n as never, y: 15 }, [0, 0])).toThrow(CoordinateError);
    const plain = g.corridorField({ x: 15, y: 15 }, [0, 0], {}).toField();
    withPollutedPrototype({ maxCost: 3, margin: 1000, control: { control: new Int32Array([1, 0, 0, 0]) } }, () => {
      expect(g.corridorField({ x: 15, y: 15 }, [0, 0], {}).toField().cost).toEqual(plain.cost);
      expect(() => g.update({})).not.toThrow();
    });
  });
});
