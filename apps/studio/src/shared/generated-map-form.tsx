import type { MapKind } from '@fieldmarshal/core';
import { MAP_KINDS } from '@fieldmarshal/core/grid';
import type { GeneratedMapSettings } from './generated-map.js';

export interface GeneratedMapFormProps {
  value: GeneratedMapSettings;
  onChange: (next: GeneratedMapSettings) => void;
  /** Called by the Generate button; the page applies `value` then. */
  onGenerate: () => void;
  /** Sizes offered, in tiles per side. */
  sizes: readonly number[];
  /** One size for both sides (a square map). Default false: width and height apart. */
  square?: boolean;
  /** Largest density offered for the random generator, 0..1. Default 0.6. */
  maxDensity?: number;
  /** Density slider step. Default 0.01. */
  densityStep?: number;
  /** data-testid of the Generate button. Default `generate`. */
  generateTestId?: string;
}

/** The generated-map form of the Fields and Tactics pages: kind, size, seed (with Random), density, Generate. */
export function GeneratedMapForm({
  value,
  onChange,
  onGenerate,
  sizes,
  square = false,
  maxDensity = 0.6,
  densityStep = 0.01,
  generateTestId = 'generate',
}: GeneratedMapFormProps) {
  const set = (patch: Partial<GeneratedMapSettings>) => onChange({ ...value, ...patch });
  const sizeOptions = sizes.map((s) => (
    <option key={s} value={s}>
      {square ? `${s} x ${s}` : s}
    </option>
  ));
  return (
    <div className="gen-form">
      <label className="row">
        <span>Kind</span>
        <select value={value.generator} onChange={(e) => set({ generator: e.target.value as MapKind })}>
          {MAP_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {square ? (
        <label className="row">
          <span>Size</span>
          <select
            value={value.width}
            onChange={(e) => set({ width: Number(e.target.value), height: Number(e.target.value) })}
          >
            {sizeOptions}
          </select>
        </label>
      ) : (
        <label className="row">
          <span>Size</span>
          <select value={value.width} onChange={(e) => set({ width: Number(e.target.value) })}>
            {sizeOptions}
          </select>
          <span className="muted">x</span>
          <select value={value.height} onChange={(e) => set({ height: Number(e.target.value) })}>
            {sizeOptions}
          </select>
        </label>
      )}
      <label className="row">
        <span>Seed</span>
        <input
          type="number"
          min={0}
          step={1}
          value={value.seed}
          onChange={(e) => set({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
        />
        <button type="button" className="small" onClick={() => set({ seed: (Math.random() * 1e6) | 0 })}>
          Random
        </button>
      </label>
      {value.generator === 'random' && (
        <label className="row">
          <span>Density</span>
          <input
            type="range"
            min={0}
            max={maxDensity}
            step={densityStep}
            value={value.density}
            onChange={(e) => set({ density: Number(e.target.value) })}
          />
          <span className="num">{Math.round(value.density * 100)}%</span>
        </label>
      )}
      <button type="button" onClick={onGenerate} data-testid={generateTestId}>
        Generate
      </button>
    </div>
  );
}
