import { formatCount, formatValue } from '../../shared/format-value.js';
import { Legend } from '../../shared/legend.js';
import type { LegendModel } from '../model/display.js';
import type { ValueRange } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';
import type { MapMode } from '../model/map-modes.js';
import type { TileReadout } from '../model/readout.js';

export interface FieldsFooterProps {
  mode: MapMode;
  legend: LegendModel;
  shown: MapResult | null;
  range: ValueRange;
  readout: TileReadout | null;
}

/** Under the map: the colour legend and the hovered tile's readout. */
export function FieldsFooter(props: FieldsFooterProps) {
  const { mode, legend, shown, range, readout } = props;
  return (
    <div className="fields-footer">
      <Legend
        title={legend.title}
        scale={legend.scale}
        from={legend.style.from ?? 0}
        to={legend.style.to ?? 1}
        min={legend.range.min}
        max={legend.range.max}
        lowLabel={legend.lowLabel}
        highLabel={legend.highLabel}
        ticks={legend.ticks}
        swatches={legend.swatches}
        {...(legend.empty ? { empty: legend.empty } : {})}
      />
      <div className="readout" data-testid="readout">
        {readout ? (
          <>
            <div>
              <span className="muted">tile</span>{' '}
              <span data-testid="readout-tile">
                {readout.x}, {readout.y}
              </span>
            </div>
            <div>
              <span className="muted">passability</span> {readout.passability}
              {readout.terrain !== null && <span data-testid="readout-terrain"> · terrain {readout.terrain}</span>}
            </div>
            <div>
              <span className="muted">{mode === 'cost' ? 'cost' : 'value'}</span>{' '}
              <span data-testid="readout-value">{readout.value}</span>
            </div>
            <div>
              <span className="muted">direction</span> <span data-testid="readout-dir">{readout.direction}</span>
            </div>
          </>
        ) : (
          <div className="muted">hover the map for a tile readout</div>
        )}
        {shown && range.count > 0 && (
          <div className="muted small-text">
            {formatCount(range.count)} tiles with a value, {formatValue(range.min)} to {formatValue(range.max)}
          </div>
        )}
      </div>
    </div>
  );
}
