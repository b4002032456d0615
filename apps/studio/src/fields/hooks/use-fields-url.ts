import { DIAGONAL_RULES, type DiagonalRule, METRICS, type Metric } from '@fieldmarshal/core';
import { useEffect, useMemo, useState } from 'react';
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

/** Writes the Fields page's shareable state into its link whenever it changes. */
export function useWriteFieldsLink(s: FieldsLinkState): void {
  const {
    choice,
    gen,
    mode,
    params,
    points,
    units,
    scaleId,
    showArrows,
    showNumbers,
    fitView,
    engine,
    arrowKind,
    fileHash,
    edits,
  } = s;
  useEffect(() => {
    writePageQuery('fields', {
      src: choice,
      gen: choice === 'generated' ? formatGenerated(gen) : undefined,
      mode,
      metric: params.metric,
      n: params.neighbors,
      diag: params.diagonal,
      max: Number.isFinite(params.maxCost) ? params.maxCost : undefined,
      str: params.strength,
      coef: params.coefficient,
      pts: formatPoints(points),
      units: formatPoints(units),
      scale: scaleId === 'auto' ? undefined : scaleId,
      arrows: showArrows ? undefined : '0',
      nums: showNumbers ? undefined : '0',
      fit: fitView ? '1' : undefined,
      engine: engine === 'main' ? 'main' : undefined,
      dirs: arrowKind === 'flow' ? 'flow' : undefined,
      fh: choice.startsWith('file:') ? (fileHash ?? undefined) : undefined,
      ed: edits ?? undefined,
    });
  }, [
    choice,
    gen,
    mode,
    params,
    points,
    units,
    scaleId,
    showArrows,
    showNumbers,
    fitView,
    engine,
    arrowKind,
    fileHash,
    edits,
  ]);
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

/** Writes the Fields page's link from its state (see {@link useWriteFieldsLink}). */
export function useWriteFieldsPageLink(p: FieldsLinkSources): void {
  // The units' starts, compared as text (read on every render: at most 24 units).
  const startsKey = formatPoints(p.walkers.map((w) => ({ x: w.startX, y: w.startY })));
  const units = useMemo(() => parsePoints(startsKey), [startsKey]);
  const { source, view } = p;
  useWriteFieldsLink({
    choice: source.choice,
    gen: source.genApplied,
    mode: p.mode,
    params: p.params,
    points: p.points,
    units,
    scaleId: view.scaleId,
    showArrows: view.showArrows,
    showNumbers: view.showNumbers,
    fitView: view.fitView,
    engine: p.engine,
    arrowKind: p.arrowKind,
    fileHash: source.fileHash,
    edits: p.edits,
  });
}
