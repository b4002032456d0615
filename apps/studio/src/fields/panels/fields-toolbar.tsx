import type { EditTools } from '../hooks/use-edit-tools.js';
import { BRUSHES, isPaintTool, TERRAIN_COSTS, TOOLS } from '../model/tools.js';

/**
 * The toolbar over the map: tools, brush size or terrain cost, Undo and Redo, and under them the tool's hint in
 * full. Both lines keep their height whatever the tool, so switching tools never moves the map.
 */
export function FieldsToolbar({ tools }: { tools: EditTools }) {
  const { tool, brush } = tools;
  const hint = TOOLS.find((t) => t.id === tool)?.hint;
  return (
    <>
      <div className="toolbar fields-toolbar">
        <div className="segmented" role="toolbar" aria-label="tools">
          {TOOLS.map((t) => (
            <button
              key={t.id}
              type="button"
              className={tool === t.id ? 'active' : undefined}
              aria-pressed={tool === t.id}
              onClick={() => tools.setTool(t.id)}
              title={`${t.hint} (key ${t.key})`}
              data-tool={t.id}
            >
              {t.label} <kbd>{t.key}</kbd>
            </button>
          ))}
        </div>
        {isPaintTool(tool) && (
          <label className="row inline">
            <span>Brush</span>
            <select value={brush} onChange={(e) => tools.setBrush(Number(e.target.value))}>
              {BRUSHES.map((b) => (
                <option key={b} value={b}>
                  {b} x {b}
                </option>
              ))}
            </select>
          </label>
        )}
        {tool === 'terrain' && (
          <label className="row inline">
            <span>Cost</span>
            <select
              value={tools.terrainCost}
              onChange={(e) => tools.setTerrainCost(Number(e.target.value))}
              data-testid="terrain-cost"
            >
              {TERRAIN_COSTS.map((c) => (
                <option key={c} value={c}>
                  {c === 1 ? '1 (plain)' : c}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="grow" />
        <button
          type="button"
          onClick={tools.undo}
          disabled={tools.undoCount === 0}
          title="Undo the last edit (Ctrl+Z)"
          data-testid="undo"
        >
          Undo {tools.undoCount > 0 ? tools.undoCount : ''}
        </button>
        <button
          type="button"
          onClick={tools.redo}
          disabled={tools.redoCount === 0}
          title="Redo (Ctrl+Shift+Z or Ctrl+Y)"
          data-testid="redo"
        >
          Redo {tools.redoCount > 0 ? tools.redoCount : ''}
        </button>
      </div>
      <div className="muted tool-hint" data-testid="tool-hint">
        {hint}
      </div>
    </>
  );
}
