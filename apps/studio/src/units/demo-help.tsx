import type { ReactNode } from 'react';

export interface DemoHelpProps {
  /** One list item each (may hold <kbd> markup); rendered in order. */
  items: readonly ReactNode[];
  /** data-testid of the panel (the end-to-end tests look for it). */
  testId?: string;
}

/** The "Controls" panel of the unit demos: a bulleted list of what the mouse and keys do. */
export function DemoHelp({ items, testId }: DemoHelpProps) {
  return (
    <div className="panel help" data-testid={testId}>
      <h2>Controls</h2>
      <ul>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
