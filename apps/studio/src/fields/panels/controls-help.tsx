import type { MapModeInfo } from '../model/map-modes.js';

/** The controls overlay on the map (H toggles it), or the pill that opens it. */
export function ControlsHelp({
  open,
  setOpen,
  info,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  info: MapModeInfo;
}) {
  if (!open)
    return (
      <button
        type="button"
        className="map-help-pill small"
        onClick={() => setOpen(true)}
        title="Show controls (H)"
        data-testid="help-open"
      >
        ? Controls
      </button>
    );
  return (
    <div className="map-help" data-testid="help">
      <div className="map-help-head">
        <b>Controls</b>
        <button
          type="button"
          className="small"
          onClick={() => setOpen(false)}
          title="Hide (H)"
          data-testid="help-close"
        >
          ×
        </button>
      </div>
      <ul>
        <li>
          <b>Left</b> click/drag: use the tool · <kbd>Shift</kbd>+click: add/remove a {info.point}
        </li>
        <li>
          <b>Right</b>/<b>middle</b> drag or <kbd>Space</kbd>+drag: pan · <b>wheel</b>: zoom at cursor
        </li>
        <li>
          <kbd>G</kbd> goal · <kbd>W</kbd> wall · <kbd>E</kbd> erase · <kbd>T</kbd> terrain · <kbd>U</kbd> drop unit at
          cursor · <kbd>[</kbd>
          <kbd>]</kbd> brush
        </li>
        <li>
          <kbd>1</kbd>–<kbd>4</kbd> map mode · <kbd>A</kbd> arrows · <kbd>N</kbd> numbers · <kbd>C</kbd> clear{' '}
          {info.points} · <kbd>X</kbd> clear units · <kbd>P</kbd> pause units
        </li>
        <li>
          <kbd>V</kbd> eight arrows / smooth flow · <kbd>K</kbd> compare path lengths from the tile at the cursor
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo · <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> or <kbd>Ctrl</kbd>+
          <kbd>Y</kbd> redo · <kbd>F</kbd>/<kbd>0</kbd> fit · <kbd>+</kbd>/<kbd>-</kbd> zoom · <kbd>H</kbd> this help
        </li>
      </ul>
    </div>
  );
}
