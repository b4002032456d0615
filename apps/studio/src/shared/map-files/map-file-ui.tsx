import { useEffect, useRef } from 'react';
import { ProgressBar } from '../progress-bar.js';
import { showChar } from './ascii-legend.js';
import { DEFAULT_IMAGE_LEGEND, type ImageLegendEntry } from './image-map.js';
import { MAP_FILE_ACCEPT } from './parse-map-file.js';
import { previewCanvas } from './preview.js';
import type { MapFileDialog, MapFilesState } from './use-map-files.js';

const CODES = [
  { code: 0, label: 'wall' },
  { code: 1, label: 'ground' },
  { code: 2, label: 'water' },
];

/** The Open button (a file picker), what the page opens, the progress of a read and the last error. */
export function MapFileControls({ files, what }: { files: MapFilesState; what: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="map-file-controls">
      <div className="row">
        <button type="button" className="small" onClick={() => input.current?.click()} data-testid="open-file">
          Open file…
        </button>
        <span className="muted small-text grow">or drop it on the page</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={MAP_FILE_ACCEPT}
          hidden
          data-testid="file-input"
          onChange={(e) => {
            files.open([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="muted small-text">{what}</div>
      {files.progress && (
        <ProgressBar value={files.progress.fraction} label={files.progress.label} onCancel={files.cancel} />
      )}
      {files.error && (
        <div className="error" data-testid="file-error">
          {files.error}
        </div>
      )}
    </div>
  );
}

/** Shown over the page while files are dragged over it. */
export function DropOverlay({ files }: { files: MapFilesState }) {
  if (!files.dragging) return null;
  return <div className="drop-overlay">Drop a map file (.map, .scen, ASCII, image, saved field)</div>;
}

function PreviewImage({ files }: { files: MapFilesState }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    el.replaceChildren();
    if (files.preview) el.appendChild(previewCanvas(files.preview));
  }, [files.preview]);
  return (
    <div className="file-preview">
      <div ref={holder} className="file-preview-image" data-testid="file-preview" />
      <div className="small-text muted">
        {files.preview
          ? `${files.preview.width} x ${files.preview.height} tiles${files.preview.terrain ? ', with terrain costs' : ''}`
          : files.progress
            ? 'reading…'
            : 'no preview: see the error'}
      </div>
    </div>
  );
}

function AsciiSettings({ d, files }: { d: Extract<MapFileDialog, { kind: 'ascii' }>; files: MapFilesState }) {
  const set = (ch: string, patch: Partial<{ code: number; terrain: number }>) =>
    files.setDialog({
      ...d,
      legend: { ...d.legend, [ch]: { ...(d.legend[ch] ?? { code: 1, terrain: 1 }), ...patch } },
    });
  return (
    <table className="legend-editor">
      <thead>
        <tr>
          <th>character</th>
          <th>tile</th>
          <th>terrain cost</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(d.legend).map(([ch, e]) => (
          <tr key={ch}>
            <td>
              <code>{showChar(ch)}</code>
            </td>
            <td>
              <select
                value={e.code}
                onChange={(ev) => set(ch, { code: Number(ev.target.value) })}
                aria-label={`tile of ${showChar(ch)}`}
              >
                {CODES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
            </td>
            <td>
              <input
                type="number"
                min={1}
                step={1}
                value={e.terrain}
                disabled={e.code === 0}
                onChange={(ev) => set(ch, { terrain: Math.max(1, Number(ev.target.value) || 1) })}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ImageSettings({ d, files }: { d: Extract<MapFileDialog, { kind: 'image' }>; files: MapFilesState }) {
  const o = d.options;
  const setEntries = (entries: ImageLegendEntry[]) => files.setDialog({ ...d, options: { mode: 'legend', entries } });
  return (
    <div>
      <label className="row">
        <span>Read by</span>
        <select
          value={o.mode}
          data-testid="image-mode"
          onChange={(e) =>
            files.setDialog({
              ...d,
              options:
                e.target.value === 'legend'
                  ? { mode: 'legend', entries: DEFAULT_IMAGE_LEGEND }
                  : { mode: 'threshold', threshold: 128, invert: false },
            })
          }
        >
          <option value="threshold">brightness threshold</option>
          <option value="legend">colour legend</option>
        </select>
      </label>
      {o.mode === 'threshold' ? (
        <>
          <label className="row">
            <span>Threshold</span>
            <input
              type="range"
              min={1}
              max={255}
              value={o.threshold}
              data-testid="image-threshold"
              onChange={(e) => files.setDialog({ ...d, options: { ...o, threshold: Number(e.target.value) } })}
            />
            <span className="num">{o.threshold}</span>
          </label>
          <label className="row check">
            <input
              type="checkbox"
              checked={o.invert}
              onChange={(e) => files.setDialog({ ...d, options: { ...o, invert: e.target.checked } })}
            />
            <span>light pixels are walls (else dark ones)</span>
          </label>
        </>
      ) : (
        <table className="legend-editor">
          <thead>
            <tr>
              <th>colour</th>
              <th>tile</th>
              <th>terrain cost</th>
            </tr>
          </thead>
          <tbody>
            {o.entries.map((e, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are edited in place and never reordered
              <tr key={k}>
                <td>
                  <input
                    type="color"
                    value={e.color}
                    onChange={(ev) =>
                      setEntries(o.entries.map((x, j) => (j === k ? { ...x, color: ev.target.value } : x)))
                    }
                  />
                </td>
                <td>
                  <select
                    value={e.code}
                    onChange={(ev) =>
                      setEntries(o.entries.map((x, j) => (j === k ? { ...x, code: Number(ev.target.value) } : x)))
                    }
                  >
                    {CODES.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="number"
                    min={1}
                    value={e.terrain}
                    disabled={e.code === 0}
                    onChange={(ev) =>
                      setEntries(
                        o.entries.map((x, j) =>
                          j === k ? { ...x, terrain: Math.max(1, Number(ev.target.value) || 1) } : x,
                        ),
                      )
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="small-text muted">Each pixel becomes one tile.</p>
    </div>
  );
}

/** The dialog of an ASCII map (its legend) or an image (threshold or colour legend), with a preview. */
export function MapFileDialogView({ files }: { files: MapFilesState }) {
  const d = files.dialog;
  if (!d) return null;
  return (
    <div className="modal-backdrop">
      <div className="modal panel" role="dialog" aria-label="open a map file" data-testid="file-dialog">
        <h2>
          {d.kind === 'ascii' ? 'ASCII map' : 'Image'}: {d.file.name}
        </h2>
        <div className="modal-body">
          <div className="modal-settings">
            {d.kind === 'ascii' ? <AsciiSettings d={d} files={files} /> : <ImageSettings d={d} files={files} />}
          </div>
          <PreviewImage files={files} />
        </div>
        {files.progress && <ProgressBar value={files.progress.fraction} label={files.progress.label} />}
        {files.error && <div className="error">{files.error}</div>}
        <div className="row">
          <span className="grow" />
          <button type="button" onClick={files.dismiss}>
            Cancel
          </button>
          <button type="button" onClick={files.accept} disabled={!files.preview} data-testid="file-use">
            Use this map
          </button>
        </div>
      </div>
    </div>
  );
}
