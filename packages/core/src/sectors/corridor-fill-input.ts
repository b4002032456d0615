/** What the corridor field's search reads and writes (./corridor-fill.ts, ./corridor-fill-wasm.ts). */
export interface CorridorFillInput {
  width: number;
  height: number;
  shift: number;
  sectorsX: number;
  passable: Uint8Array;
  terrain: Float32Array | null;
  metric: number;
  rule: number;
  /** Block of each sector, -1 outside the corridor. */
  sectorBlock: Int32Array;
  /** Sector of each block. */
  blockSector: Int32Array;
  /** Output, `blocks << 2 * shift` slots; filled with Infinity / 255 first. */
  cost: Float64Array;
  dir: Uint8Array;
  /** Goal tile and its starting cost. */
  goalX: number;
  goalY: number;
  goalValue: number;
  /** Stop expanding past this cost. */
  maxCost: number;
}
