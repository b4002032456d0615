import { COLOR_SCALES, type ColorScale } from '../../shared/color-scale.js';

export interface DisplayPanelProps {
  scaleId: string;
  setScaleId: (id: string) => void;
  /** The scale in use (named in the `auto` option). */
  scale: ColorScale;
  showArrows: boolean;
  setShowArrows: (show: boolean) => void;
  showNumbers: boolean;
  setShowNumbers: (show: boolean) => void;
}

/** The Display panel: colour scale, arrows and values on tiles. */
export function DisplayPanel(props: DisplayPanelProps) {
  return (
    <div className="panel">
      <h2>Display</h2>
      <label className="row">
        <span>Colours</span>
        <select value={props.scaleId} onChange={(e) => props.setScaleId(e.target.value)}>
          <option value="auto">auto: {props.scale.id}</option>
          {COLOR_SCALES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="row check">
        <input type="checkbox" checked={props.showArrows} onChange={(e) => props.setShowArrows(e.target.checked)} />
        <span>Arrows (vector field)</span>
      </label>
      <label className="row check" title="Shown from about 34 px per tile">
        <input type="checkbox" checked={props.showNumbers} onChange={(e) => props.setShowNumbers(e.target.checked)} />
        <span>Values on tiles (when zoomed in)</span>
      </label>
    </div>
  );
}
