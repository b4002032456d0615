import type { ConvexSets, TacticConstants } from '@fieldmarshal/core/tactics';
import { BLUE, RED, ROUTE_COLORS } from './tactics-overlay.js';
import { formatMoves, type Point, type TacticsTileInfo } from './tactics-routes.js';
import { CLASSES, cssColor, flankClass, legendClasses, retreatClass, type ShadeMode } from './tactics-shading.js';

/** The legend of the shading, the characters and the routes. */
function TacticsLegend({ mode, c }: { mode: ShadeMode; c: TacticConstants | null }) {
  return (
    <div className="legend" data-testid="tactics-legend">
      <div className="legend-title">
        {mode === 'flank' || mode === 'retreat'
          ? `Per tile in cost space: m = moves from blue, t = moves from red (c = ${c?.average ?? '–'})`
          : mode === 'sets'
            ? 'Each convex set (rectangle) in its own colour'
            : 'Map'}
      </div>
      <div className="legend-swatches">
        {legendClasses(mode).map((cls) => (
          <span key={cls} className="legend-swatch">
            <span className="swatch" style={{ background: cssColor(cls) }} />
            {CLASSES[cls].label}
          </span>
        ))}
      </div>
      <div className="legend-swatches">
        <span className="legend-swatch">
          <span className="swatch" style={{ background: BLUE }} /> blue player
        </span>
        <span className="legend-swatch">
          <span className="swatch" style={{ background: RED }} /> red target
        </span>
        <span className="legend-swatch" style={{ color: ROUTE_COLORS.direct }}>
          → direct route into red's set (outlined red)
        </span>
        <span className="legend-swatch" style={{ color: ROUTE_COLORS.flank }}>
          → flank route via the chosen set (outlined green)
        </span>
        <span className="legend-swatch" style={{ color: ROUTE_COLORS.retreat }}>
          → retreat route into the chosen set (outlined orange)
        </span>
        <span className="legend-swatch muted">dashed: every candidate set of the shaded search</span>
      </div>
      <div className="small-text muted">
        Sets are kept by their own costs (the nearest tile's m and t), so a set can be kept while some of its tiles are
        shaded otherwise.
      </div>
    </div>
  );
}

/** The hovered tile: its set (with its rectangle), the tile's and the set's m and t, and the set's classes. */
function TacticsReadout(props: {
  hover: Point | null;
  info: TacticsTileInfo | null;
  sets: ConvexSets;
  c: TacticConstants | null;
}) {
  const { hover, info, sets, c } = props;
  return (
    <div className="readout" data-testid="tactics-readout">
      {info ? (
        <>
          <div>
            <span className="muted">tile</span> {hover?.x}, {hover?.y}
          </div>
          <div>
            <span className="muted">set</span>{' '}
            {info.set >= 0
              ? `${info.set} [${[...sets.rects.subarray(info.set * 4, info.set * 4 + 4)].join(', ')}]`
              : 'wall'}
          </div>
          <div>
            <span className="muted">tile m, t</span> {formatMoves(info.m)}, {formatMoves(info.t)}
          </div>
          <div>
            <span className="muted">set m, t</span> {formatMoves(info.sm)}, {formatMoves(info.st)}
          </div>
          {c && info.set >= 0 && info.sm !== undefined && info.st !== undefined && (
            <>
              <div>
                <span className="muted">set flank</span> {CLASSES[flankClass(info.sm, info.st, c)].short}
              </div>
              <div>
                <span className="muted">set retreat</span> {CLASSES[retreatClass(info.sm, info.st, c)].short}
              </div>
            </>
          )}
        </>
      ) : (
        <span className="muted">hover the map for tile, set, m and t</span>
      )}
    </div>
  );
}

/** Under the map: the legend and the readout. */
export function TacticsFooter(props: {
  mode: ShadeMode;
  c: TacticConstants | null;
  hover: Point | null;
  info: TacticsTileInfo | null;
  sets: ConvexSets;
}) {
  return (
    <div className="fields-footer">
      <TacticsLegend mode={props.mode} c={props.c} />
      <TacticsReadout hover={props.hover} info={props.info} sets={props.sets} c={props.c} />
    </div>
  );
}
