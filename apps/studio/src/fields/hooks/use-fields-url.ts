import type { DiagonalRule, Metric } from '@fieldmarshal/core';
import { METRICS } from '@fieldmarshal/core/fields';
import { DIAGONAL_RULES } from '@fieldmarshal/core/grid';
import { useEffect, useState } from 'react';
import { formatGenerated, type GeneratedMapSettings, parseGenerated } from '../../shared/generated-map.js';
import {
  choiceParam,
  flagParam,
  formatPoints,
  numberParam,
  parsePoints,
  readPageQuery,
  writePageQuery,
} from '../../shared/url-state.js';
import { DEFAULT_MAP_PARAMS, MAP_MODES, type MapMode, type MapParams } from '../model/map-modes.js';
import { choiceFromParam, DEFAULT_GENERATED, type SourceChoice } from '../model/map-sources.js';
import type { Point } from '../model/tools.js';
import type { ArrowKind } from './use-flow.js';
import type { EngineChoice } from './use-map-engine.js';

/** What a Fields link holds: the map source, the computation and the display. */
export interface FieldsLinkState {
  choice: SourceChoice;
  gen: GeneratedMapSettings;
  mode: MapMode;
  params: MapParams;
  points: Point[];
  units: Point[];
  scaleId: string;
  showArrows: boolean;
  showNumbers: boolean;
  fitView: boolean;
  engine: EngineChoice;
  /** Eight arrows or the smooth flow (`dirs=flow`). */
  arrowKind: ArrowKind;
  /** A map file's hash prefix, to open it from this browser (`fh`), or null. */
  fileHash: string | null;
  /** Painted edits (edit-runs.ts, `ed`), or null. */
  edits: string | null;
}

const MODE_IDS = MAP_MODES.map((m) => m.id);

/** The Fields page's state as its link (or the last visit) gave it, read once when the page mounts. */
export function useFieldsLink(): FieldsLinkState {
  const [state] = useState<FieldsLinkState>(() => {
    const q = readPageQuery('fields');
    const maxText = q.get('max');
    return {
      choice: choiceFromParam(q.get('src')),
      gen: parseGenerated(q.get('gen'), DEFAULT_GENERATED),
      mode: choiceParam(q, 'mode', MODE_IDS, 'cost'),
      params: {
        metric: choiceParam(q, 'metric', METRICS as readonly Metric[], DEFAULT_MAP_PARAMS.metric),
        neighbors: q.get('n') === '4' ? 4 : 8,
        diagonal: choiceParam(q, 'diag', DIAGONAL_RULES as readonly DiagonalRule[], DEFAULT_MAP_PARAMS.diagonal),
        maxCost:
          maxText === null ? Number.POSITIVE_INFINITY : Math.max(0, numberParam(q, 'max', Number.POSITIVE_INFINITY)),
        strength: Math.max(1, Math.round(numberParam(q, 'str', DEFAULT_MAP_PARAMS.strength))),
        coefficient: Math.min(-0.1, numberParam(q, 'coef', DEFAULT_MAP_PARAMS.coefficient)),
      },
      points: parsePoints(q.get('pts')),
      units: parsePoints(q.get('units'), 24),
      scaleId: q.get('scale') ?? 'auto',
      showArrows: flagParam(q, 'arrows', true),
      showNumbers: flagParam(q, 'nums', true),
      fitView: flagParam(q, 'fit', false),
      engine: q.get('engine') === 'main' ? 'main' : 'workers',
      arrowKind: q.get('dirs') === 'flow' ? 'flow' : 'eight',
      fileHash: /^[0-9a-f]{16}$/.test(q.get('fh') ?? '') ? q.get('fh') : null,
      edits: q.get('ed'),
    };
  });
  return state;
}

/** The Fields page's shareable state as its link's entries (defaults left out). */
export function fieldsLinkEntries(s: FieldsLinkState): Record<string, string | number | undefined> {
  const { choice, params } = s;
  return {
    src: choice,
    gen: choice === 'generated' ? formatGenerated(s.gen) : undefined,
    mode: s.mode,
    metric: params.metric,
    n: params.neighbors,
    diag: params.diagonal,
    max: Number.isFinite(params.maxCost) ? params.maxCost : undefined,
    str: params.strength,
    coef: params.coefficient,
    pts: formatPoints(s.points),
    units: formatPoints(s.units),
    scale: s.scaleId === 'auto' ? undefined : s.scaleId,
    arrows: s.showArrows ? undefined : '0',
    nums: s.showNumbers ? undefined : '0',
    fit: s.fitView ? '1' : undefined,
    engine: s.engine === 'main' ? 'main' : undefined,
    dirs: s.arrowKind === 'flow' ? 'flow' : undefined,
    fh: choice.startsWith('file:') ? (s.fileHash ?? undefined) : undefined,
    ed: s.edits ?? undefined,
  };
}

/** What the Fields page's link is written from (the page's state as its hooks hold it). */
export interface FieldsLinkSources {
  source: { choice: SourceChoice; genApplied: GeneratedMapSettings; fileHash: string | null };
  view: { scaleId: string; showArrows: boolean; showNumbers: boolean; fitView: boolean };
  mode: MapMode;
  params: MapParams;
  points: Point[];
  /** The units, by where they were dropped (at most 24). */
  walkers: readonly { startX: number; startY: number }[];
  engine: EngineChoice;
  arrowKind: ArrowKind;
  edits: string | null;
}

/** Writes the Fields page's link from its state whenever it changes. */
export function useWriteFieldsPageLink(p: FieldsLinkSources): void {
  const { source, view } = p;
  const text = JSON.stringify(
    fieldsLinkEntries({
      choice: source.choice,
      gen: source.genApplied,
      mode: p.mode,
      params: p.params,
      points: p.points,
      units: p.walkers.map((w) => ({ x: w.startX, y: w.startY })),
      scaleId: view.scaleId,
      showArrows: view.showArrows,
      showNumbers: view.showNumbers,
      fitView: view.fitView,
      engine: p.engine,
      arrowKind: p.arrowKind,
      fileHash: source.fileHash,
      edits: p.edits,
    }),
  );
  // Compared as text: the entries are rebuilt on every render (the units' starts, at most 24, included).
  useEffect(() => writePageQuery('fields', JSON.parse(text)), [text]);
}
