import { COLOR_SCALES, type ColorScale } from '../../shared/color-scale.js';
import type { MapLayer } from '../hooks/use-heatmap-image.js';

export interface DisplayPanelProps {
  scaleId: string;
  setScaleId: (id: string) => void;
  /** The scale in use (named in the `auto` option). */
  scale: ColorScale;
  showArrows: boolean;
  setShowArrows: (show: boolean) => void;
  showNumbers: boolean;
  setShowNumbers: (show: boolean) => void;
  fitView: boolean;
  setFitView: (fit: boolean) => void;
  highlight: boolean;
  setHighlight: (on: boolean) => void;
  showMinimap: boolean;
  setShowMinimap: (on: boolean) => void;
  layer: MapLayer;
  setLayer: (layer: MapLayer) => void;
  /** The grid has a terrain layer (painted or read from a file). */
  hasTerrain: boolean;
}

/** The Display panel: what the map shows, colour scale and range, arrows, values, repaired tiles, minimap. */
export function DisplayPanel(props: DisplayPanelProps) {
  return (
    <div className="panel">
      <h2>Display</h2>
      <label className="row">
        <span>Show</span>
        <select
          value={props.layer}
          onChange={(e) => props.setLayer(e.target.value as MapLayer)}
          data-testid="layer"
          disabled={!props.hasTerrain}
          title={props.hasTerrain ? undefined : 'Paint terrain (T) or open a map with terrain costs'}
        >
          <option value="field">the field</option>
          <option value="terrain">terrain costs</option>
        </select>
      </label>
      <label className="row">
        <span>Colours</span>
        <select value={props.scaleId} onChange={(e) => props.setScaleId(e.target.value)} data-testid="scale">
          <option value="auto">auto: {props.scale.id}</option>
          {COLOR_SCALES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="row check" title="The colours span the values on screen instead of the whole map">
        <input
          type="checkbox"
          checked={props.fitView}
          onChange={(e) => props.setFitView(e.target.checked)}
          data-testid="fit-view"
        />
        <span>Colour range fitted to the view</span>
      </label>
      <label className="row check">
        <input type="checkbox" checked={props.showArrows} onChange={(e) => props.setShowArrows(e.target.checked)} />
        <span>Arrows (from 1 px per tile)</span>
      </label>
      <label className="row check" title="Shown from about 34 px per tile">
        <input type="checkbox" checked={props.showNumbers} onChange={(e) => props.setShowNumbers(e.target.checked)} />
        <span>Values on tiles (when zoomed in)</span>
      </label>
      <label className="row check" title="Tiles whose value changed since the previous field, tinted magenta">
        <input
          type="checkbox"
          checked={props.highlight}
          onChange={(e) => props.setHighlight(e.target.checked)}
          data-testid="highlight"
        />
        <span>Highlight repaired tiles</span>
      </label>
      <label className="row check">
        <input type="checkbox" checked={props.showMinimap} onChange={(e) => props.setShowMinimap(e.target.checked)} />
        <span>Minimap</span>
      </label>
    </div>
  );
}
