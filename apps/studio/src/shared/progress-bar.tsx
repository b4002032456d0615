export interface ProgressBarProps {
  /** Fraction done, 0..1; null for an indeterminate (striped, moving) bar. */
  value: number | null;
  /** Text beside the bar, e.g. "cost field". */
  label?: string;
  /** Shows a Cancel button that calls this. */
  onCancel?: () => void;
}

/** A slim progress bar with an optional label, percentage and Cancel button. */
export function ProgressBar({ value, label, onCancel }: ProgressBarProps) {
  const pct = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress-row" data-testid="progress">
      {label && <span className="progress-label">{label}</span>}
      <div
        className={pct === null ? 'progress indeterminate' : 'progress'}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
      >
        <div style={{ width: pct === null ? '35%' : `${pct}%` }} />
      </div>
      <span className="progress-pct">{pct === null ? '' : `${pct}%`}</span>
      {onCancel && (
        <button type="button" className="small" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
