/** The controls overlay of the Big maps page (? toggles it), or the pill that opens it (closed at first). */
export function SectorsHelp({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  if (!open)
    return (
      <button type="button" className="map-help-pill small" onClick={() => setOpen(true)} data-testid="help-open">
        ? Controls
      </button>
    );
  return (
    <div className="map-help" data-testid="help">
      <div className="map-help-head">
        <b>Controls</b>
        <button type="button" className="small" onClick={() => setOpen(false)} data-testid="help-close">
          ×
        </button>
      </div>
      <ul>
        <li>
          <b>Left</b> click: goal · <kbd>Shift</kbd>+click: start · <kbd>G</kbd>/<kbd>S</kbd>: goal/start at the cursor
        </li>
        <li>
          <kbd>P</kbd> pick tool · <kbd>W</kbd> paint walls · <kbd>E</kbd> erase walls · <kbd>[</kbd> <kbd>]</kbd> brush
          · the graph is updated when a stroke ends
        </li>
        <li>
          <b>Right</b>/<b>middle</b> drag or <kbd>Space</kbd>+drag: pan · <b>wheel</b>: zoom · <kbd>F</kbd>/<kbd>0</kbd>{' '}
          fit · <kbd>+</kbd>/<kbd>-</kbd> zoom · minimap: click to move
        </li>
        <li>
          <kbd>B</kbd> sector borders · <kbd>N</kbd> entrances · <kbd>H</kbd> corridor heatmap · <kbd>?</kbd> this help
        </li>
      </ul>
    </div>
  );
}
