/** One entry of a {@link DemoLegend}: a swatch and what it stands for. */
export interface DemoLegendItem {
  label: string;
  /** CSS fill of the swatch; `transparent` for a line-only entry. */
  fill: string;
  /** Rim colour (drawn 2 px wide); default a 1 px black border. */
  rim?: string;
  /** Rim width in px when `rim` is set; default 2. */
  rimWidth?: number;
}

export interface DemoLegendProps {
  items: readonly DemoLegendItem[];
  /** data-testid of the swatch list (the end-to-end tests look for it). */
  testId?: string;
}

/** The "Legend" panel of the unit demos: a wrapped list of small swatches with labels. */
export function DemoLegend({ items, testId }: DemoLegendProps) {
  return (
    <div className="panel">
      <h2>Legend</h2>
      <div className="legend-swatches" data-testid={testId}>
        {items.map((l) => (
          <span key={l.label} className="legend-swatch">
            <span
              className="swatch"
              style={{ background: l.fill, borderColor: l.rim ?? '#000', borderWidth: l.rim ? (l.rimWidth ?? 2) : 1 }}
            />
            {l.label}
          </span>
        ))}
      </div>
    </div>
  );
}
