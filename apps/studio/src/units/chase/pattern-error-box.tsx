import type { PatternParseError } from '@fieldmarshal/core';

/** Shows a pattern parse error: its message and the offending line with a caret under the bad column. */
export function PatternErrorBox({ text, error }: { text: string; error: PatternParseError | null }) {
  if (!error) return null;
  const line = text.split(/\r\n|\r|\n/)[error.line - 1] ?? '';
  return (
    <div role="alert" data-testid="pattern-error" style={{ color: '#ff8a8a', marginTop: 6 }}>
      <div>
        Line {error.line}, column {error.column}: {error.message.replace(/ \(line \d+, column \d+\)$/, '')}
      </div>
      <pre style={{ margin: '4px 0 0', color: '#ffd0d0', whiteSpace: 'pre' }}>
        {`${String(error.line).padStart(3)} | ${line}\n      ${' '.repeat(Math.max(0, error.column - 1))}^`}
      </pre>
    </div>
  );
}
