import { JSON_MAX_TILES } from '../../shared/map-files/field-file.js';

/** The Export panel: the map as shown (PNG with its legend) and the field as data the studio opens again. */
export function ExportPanel(props: {
  tiles: number;
  hasField: boolean;
  exportPng: () => void;
  exportData: () => void;
  message: string | null;
}) {
  const json = props.tiles <= JSON_MAX_TILES;
  return (
    <div className="panel">
      <h2>Export</h2>
      <div className="row">
        <button type="button" className="small" onClick={props.exportPng} data-testid="export-png">
          PNG (as shown)
        </button>
        <button type="button" className="small" onClick={props.exportData} data-testid="export-data">
          Field data ({json ? 'JSON' : 'binary'})
        </button>
      </div>
      <div className="muted small-text">
        {props.hasField ? 'The map, the field and its settings' : 'The map (no field yet)'}; open the file here again to
        see it. {json ? 'JSON up to 256 x 256 tiles,' : 'Binary .fmfield (header documented in field-file.ts)'}
        {json ? ' a binary .fmfield above.' : ' for maps over 256 x 256.'}
      </div>
      {props.message && (
        <div className="muted small-text" data-testid="export-message">
          {props.message}
        </div>
      )}
    </div>
  );
}
