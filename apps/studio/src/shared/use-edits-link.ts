import type { Grid } from '@fieldmarshal/core';
import { useEffect, useRef, useState } from 'react';
import { type EditTracker, MAX_LINK_EDITS } from './edit-runs.js';

/**
 * The painted edits of the map on a page as link text (null when there are none), brought up to date after every
 * edit (`editVersion`) and new map or source (`sourceKey`). Past {@link MAX_LINK_EDITS} characters (or with
 * edits a link cannot hold) `keepEdited` is called once per edit: the page keeps the edited map in the browser
 * and makes it the source, and the tracker starts again from it.
 */
export function useEditsLink(
  grid: Grid | null,
  editVersion: number,
  sourceKey: unknown,
  tracker: EditTracker,
  keepEdited: () => void,
  initial: string | null,
): string | null {
  const [edits, setEdits] = useState<string | null>(initial);
  const keepRef = useRef(keepEdited);
  keepRef.current = keepEdited;
  // biome-ignore lint/correctness/useExhaustiveDependencies: editVersion and sourceKey are triggers
  useEffect(() => {
    if (!grid) return;
    const text = tracker.encode(grid);
    if (text === null || text.length > MAX_LINK_EDITS) {
      keepRef.current();
      return;
    }
    setEdits(text === '' ? null : text);
  }, [grid, editVersion, sourceKey, tracker]);
  return edits;
}
