import type { ReactNode } from 'react';
import type { DemoLegendItem } from '../demo-legend.js';
import { RTS_COLORS } from './draw-rts.js';

export const RTS_LEGEND: readonly DemoLegendItem[] = [
  { label: 'blue army', fill: RTS_COLORS.blue },
  { label: 'red army', fill: RTS_COLORS.red },
  { label: 'canyon guards', fill: RTS_COLORS.guard },
  { label: 'hero (fast, high priority)', fill: RTS_COLORS.hero },
  { label: 'debug: collision unsolved', fill: RTS_COLORS.unsolved },
  { label: 'debug: collision solving', fill: RTS_COLORS.solving },
  { label: 'debug: collision solved', fill: RTS_COLORS.solved },
  { label: 'debug: waypoints', fill: RTS_COLORS.route },
  { label: 'debug: group plan / formation slots', fill: RTS_COLORS.plan },
  { label: 'building (B)', fill: RTS_COLORS.building },
];

export const RTS_HELP: readonly ReactNode[] = [
  <>
    <kbd>Left click</kbd> selects a unit (<kbd>Shift</kbd> adds)
  </>,
  <>
    <kbd>Drag</kbd> box-selects
  </>,
  <>
    <kbd>Right click</kbd> moves the selection (a group with a commander; in the chosen formation)
  </>,
  <>
    <kbd>F1</kbd> toggles debug drawing: colliders, predicted positions, waypoints, collision states
  </>,
  <>
    <kbd>B</kbd> puts up a 4x4 building under the cursor (units whose way it blocks re-route); <kbd>Shift</kbd>+
    <kbd>B</kbd> takes the last one down
  </>,
  <>
    <kbd>Esc</kbd> clears the selection
  </>,
];
