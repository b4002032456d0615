import type { RtsReadout } from './rts-select.js';

/** The RTS demo's readout: units, selection, busy units, collisions, the last group and the buildings. */
export function RtsReadoutPanel({
  readout,
  built,
}: {
  readout: RtsReadout;
  built: { count: number; blocked: number };
}) {
  return (
    <div className="panel small-text" data-testid="rts-readout">
      <div>
        <span className="muted">units</span> {readout.units} <span className="muted">selected</span>{' '}
        <span data-testid="rts-selected">{readout.selected}</span>
      </div>
      <div>
        <span className="muted">busy (moving, pushed or returning)</span> {readout.moving}
      </div>
      <div>
        <span className="muted">dodges / pushes / hard pushes</span> {readout.avoids} / {readout.pushes} /{' '}
        {readout.hardPushes}
      </div>
      <div>
        <span className="muted">last group</span> <span data-testid="rts-phase">{readout.phase}</span>
      </div>
      <div>
        <span className="muted">buildings</span> <span data-testid="rts-buildings">{built.count}</span>{' '}
        <span className="muted">routes through them</span> <span data-testid="rts-blocked">{built.blocked}</span>
      </div>
    </div>
  );
}
