import { DIRECTIONS, type Grid } from '@fieldmarshal/core';
import type { CorridorField, SectorGraph } from '@fieldmarshal/core/sectors';
import { VIRIDIS } from '../../shared/color-scale.js';
import { formatCount, formatValue } from '../../shared/format-value.js';
import { Legend } from '../../shared/legend.js';
import { SECTOR_COLORS } from '../draw/draw-sectors.js';
import type { Tile } from '../hooks/use-sector-route.js';
import type { CorridorImage } from '../model/corridor-image.js';

export interface SectorsFooterProps {
  grid: Grid | null;
  graph: SectorGraph | null;
  field: CorridorField | null;
  image: CorridorImage | null;
  hover: Tile | null;
  /** Units on the map, and the costs of the path and of the units' way (null while there is none). */
  units: number;
  pathCost: number | null;
  wayCost: number | null;
}

/** What the hovered tile shows: passability, sector, and the corridor field's cost there. */
function corridorText(field: CorridorField | null, x: number, y: number): string {
  if (!field) return 'no corridor field';
  if (field.slotOf(x, y) < 0) return 'outside the corridor';
  const c = field.costAt(x, y);
  return Number.isFinite(c) ? formatValue(c) : 'not reached';
}

/** Under the map: the corridor heatmap's legend and the hovered tile's readout. */
export function SectorsFooter({ grid, graph, field, image, hover, units, pathCost, wayCost }: SectorsFooterProps) {
  const cost = (c: number | null) => (c !== null && Number.isFinite(c) ? `, cost ${formatValue(c)}` : '');
  const swatches = [
    { label: 'wall', background: 'rgb(30, 32, 40)' },
    { label: 'outside the corridor', background: 'rgb(92, 98, 112)' },
    { label: 'sector border', background: SECTOR_COLORS.border, id: 'border' },
    { label: 'entrance', background: SECTOR_COLORS.entrance },
    { label: 'route (entrances)', background: SECTOR_COLORS.route, line: true, id: 'route' },
    { label: `path (findPath${cost(pathCost)})`, background: SECTOR_COLORS.path, line: true, id: 'path' },
    {
      label: `units' way (corridor field${cost(wayCost)})`,
      background: `repeating-linear-gradient(90deg, ${SECTOR_COLORS.unit} 0 4px, transparent 4px 7px)`,
      line: true,
      id: 'way',
    },
    { label: `units (${formatCount(units)})`, background: SECTOR_COLORS.unit, id: 'units' },
    { label: 'start', background: SECTOR_COLORS.start, round: true },
    { label: 'goal', background: SECTOR_COLORS.goal, round: true },
  ];
  const inside = hover && grid?.inBounds(hover.x, hover.y) ? hover : null;
  const d = inside && field ? field.dirAt(inside.x, inside.y) : 255;
  return (
    <div className="fields-footer">
      <Legend
        title="corridor field: cost to the goal"
        scale={VIRIDIS}
        min={0}
        max={image?.max ?? 0}
        lowLabel="goal"
        highLabel="far"
        swatches={swatches}
        {...(image && image.reached > 0 ? {} : { empty: 'pick a goal: the corridor field fills in here' })}
      />
      <div className="readout" data-testid="readout">
        {inside && grid ? (
          <>
            <div>
              <span className="muted">tile</span>{' '}
              <span data-testid="readout-tile">
                {inside.x}, {inside.y}
              </span>
            </div>
            <div>
              <span className="muted">passability</span> {grid.isPassable(inside.x, inside.y) ? 'open' : 'wall'}
            </div>
            {graph && (
              <div>
                <span className="muted">sector</span>{' '}
                <span data-testid="readout-sector">
                  {graph.sectorOf(inside.x, inside.y)} ({Math.floor(inside.x / graph.sectorSize)},{' '}
                  {Math.floor(inside.y / graph.sectorSize)})
                </span>
              </div>
            )}
            <div>
              <span className="muted">corridor cost</span>{' '}
              <span data-testid="readout-value">{corridorText(field, inside.x, inside.y)}</span>
            </div>
            <div>
              <span className="muted">direction</span> {DIRECTIONS[d]?.name ?? '–'}
            </div>
          </>
        ) : (
          <div className="muted">hover the map for a tile readout</div>
        )}
      </div>
    </div>
  );
}
