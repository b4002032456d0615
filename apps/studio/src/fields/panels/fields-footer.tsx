import type { ColorScale } from '../../shared/color-scale.js';
import { formatValue } from '../../shared/format-value.js';
import { Legend } from '../../shared/legend.js';
import { legendEmptyText, legendSwatches, legendTicks } from '../model/display.js';
import { styleForRange, type ValueRange } from '../model/heatmap.js';
import type { MapResult } from '../model/map-compute.js';
import type { MapMode, MapModeInfo } from '../model/map-modes.js';
import type { MarkerKind } from '../model/markers.js';
import type { TileReadout } from '../model/readout.js';

export interface FieldsFooterProps {
  mode: MapMode;
  info: MapModeInfo;
  markerKind: MarkerKind;
  scale: ColorScale;
  range: ValueRange;
  shown: MapResult | null;
  computeError: string | null;
  pointCount: number;
  readout: TileReadout | null;
}

/** Under the map: the colour legend and the hovered tile's readout. */
export function FieldsFooter(props: FieldsFooterProps) {
  const { mode, info, scale, range, shown, readout } = props;
  const style = styleForRange(scale, range);
  return (
    <div className="fields-footer">
      <Legend
        title={info.legend}
        scale={scale}
        from={style.from ?? 0}
        to={style.to ?? 1}
        min={range.min}
        max={range.max}
        lowLabel={info.low}
        highLabel={info.high}
        ticks={legendTicks(style, range)}
        swatches={legendSwatches(mode, info, props.markerKind)}
        empty={legendEmptyText(shown, props.computeError, props.pointCount, info)}
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
            {range.count.toLocaleString('en-US')} tiles with a value, {formatValue(range.min)} to{' '}
            {formatValue(range.max)}
          </div>
        )}
      </div>
    </div>
  );
}
