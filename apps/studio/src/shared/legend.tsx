import { type ColorScale, scaleGradientCss } from './color-scale.js';
import { formatValue } from './format-value.js';

/** A swatch for a value-less tile class (wall, unreachable) or a marker. */
export interface LegendSwatch {
  label: string;
  /** CSS background (a colour or a gradient/pattern). */
  background: string;
  /** Draw as a round marker instead of a square tile. */
  round?: boolean;
  /** A line (a path) rather than a tile: drawn as a short bar. */
  line?: boolean;
  /** A stable name for end-to-end tests (`data-swatch`), when the label carries numbers. */
  id?: string;
}

export interface LegendProps {
  /** What the colours mean, e.g. "cost to nearest goal". */
  title: string;
  scale: ColorScale;
  /** The part of the scale the bar shows, as fractions (e.g. 0 to 0.46: the negative half). Default 0 to 1. */
  from?: number;
  to?: number;
  /** Values at the two ends of the bar. */
  min: number;
  max: number;
  /** Words under the two ends, e.g. "near" and "far". */
  lowLabel?: string;
  highLabel?: string;
  /**
   * Ticks between the ends: a value and its position along the bar (0..1), e.g. 0 at the middle of a two-slope
   * diverging map. Default: the midpoint value at the middle.
   */
  ticks?: readonly { value: number; at: number }[];
  /** Number formatting. Default: up to 2 decimals, integers as integers. */
  format?: (value: number) => string;
  /** Tile classes and markers shown after the bar. */
  swatches?: readonly LegendSwatch[];
  /** Shown instead of the bar when the map has no values yet. */
  empty?: string;
}

/**
 * A colour legend: a bar through the scale with its min and max numbers (and ticks, e.g. 0 on a diverging
 * scale), labels for the two ends, and swatches for walls, unreachable tiles and markers.
 */
export function Legend(props: LegendProps) {
  const format = props.format ?? formatValue;
  const span = props.max - props.min;
  const ticks = props.ticks ?? (span > 0 ? [{ value: props.min + span / 2, at: 0.5 }] : []);
  return (
    <div className="legend" data-testid="legend">
      <div className="legend-title">{props.title}</div>
      {props.empty ? (
        <div className="legend-empty muted">{props.empty}</div>
      ) : (
        <div className="legend-scale">
          <div
            className="legend-bar"
            style={{ background: scaleGradientCss(props.scale, 16, props.from ?? 0, props.to ?? 1) }}
          />
          <div className="legend-ticks">
            <span className="legend-tick" style={{ left: '0%' }} data-testid="legend-min">
              {format(props.min)}
            </span>
            {ticks.map((t) =>
              span > 0 && t.at > 0.08 && t.at < 0.92 ? (
                <span key={t.value} className="legend-tick" style={{ left: `${t.at * 100}%` }}>
                  {format(t.value)}
                </span>
              ) : null,
            )}
            <span className="legend-tick" style={{ left: '100%' }} data-testid="legend-max">
              {format(props.max)}
            </span>
          </div>
          {(props.lowLabel || props.highLabel) && (
            <div className="legend-ends muted">
              <span>{props.lowLabel}</span>
              <span>{props.highLabel}</span>
            </div>
          )}
        </div>
      )}
      {props.swatches && props.swatches.length > 0 && (
        <div className="legend-swatches">
          {props.swatches.map((s) => (
            <span key={s.id ?? s.label} className="legend-swatch" data-swatch={s.id ?? s.label}>
              <span
                className={s.round ? 'swatch round' : s.line ? 'swatch line' : 'swatch'}
                style={{ background: s.background }}
              />
              {s.label}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
