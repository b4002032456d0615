import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { type EditTracker, MAX_LINK_EDITS } from './edit-runs.js';

/**
 * The painted edits of the map on a page as link text (null when there are none), brought up to date after every
 * edit (`editVersion`) and new map or source (`sourceKey`). Past {@link MAX_LINK_EDITS} characters (or with
 * edits a link cannot hold) the page keeps a copy of the edited map in the browser (`keepEdited`) and makes it
 * the source; the tracker starts again from that copy at once, so edits painted while it is kept go in the link
 * on top of it. When it cannot be kept, the tracker gets its record back and the long text goes in the link.
 */
export function useEditsLink(
  grid: Grid | null,
  editVersion: number,
  sourceKey: unknown,
  tracker: EditTracker,
  keepEdited: (copy: Grid) => Promise<boolean>,
  initial: string | null,
): string | null {
  const [edits, setEdits] = useState<string | null>(initial);
  const [settled, setSettled] = useState(0);
  const keepRef = useRef(keepEdited);
  keepRef.current = keepEdited;
  /** A keep in flight (no second one meanwhile), and whether keeping failed for this source. */
  const keeping = useRef(false);
  const failed = useRef<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion, sourceKey and settled are triggers
  useEffect(() => {
    if (!grid || keeping.current) return;
    const text = tracker.encode(grid);
    const long = text === null || text.length > MAX_LINK_EDITS;
    if (long && failed.current !== sourceKey) {
      keeping.current = true;
      const copy = grid.clone();
      const taken = tracker.take();
      keepRef.current(copy).then(
        (kept) => {
          if (!kept) {
            tracker.restore(taken);
            failed.current = sourceKey;
          }
          keeping.current = false;
          setSettled((n) => n + 1);
        },
        () => {
          tracker.restore(taken);
          failed.current = sourceKey;
          keeping.current = false;
          setSettled((n) => n + 1);
        },
      );
      return;
    }
    setEdits(text === '' || text === null ? null : text);
  }, [grid, editVersion, sourceKey, tracker, settled]);
  return edits;
}
