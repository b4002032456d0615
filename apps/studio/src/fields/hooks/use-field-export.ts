import type { Grid } from '@fieldmarshal/core';
import { type RefObject, useState } from 'react';
import { downloadBlob, safeFileName } from '../../shared/download.js';
import { encodeFieldFile } from '../../shared/map-files/field-file.js';
import type { MapViewHandle } from '../../shared/map-view.js';
import { exportMapPng } from '../draw/export-png.js';
import type { LegendModel } from '../model/display.js';
import { fieldFileOf } from '../model/field-export.js';
import type { MapResult } from '../model/map-compute.js';
import type { MapMode, MapParams } from '../model/map-modes.js';
import type { Point } from '../model/tools.js';

export interface FieldExportInputs {
  grid: Grid | null;
  label: string;
  shown: MapResult | null;
  mode: MapMode;
  params: MapParams;
  points: readonly Point[];
  legend: LegendModel;
  viewRef: RefObject<MapViewHandle | null>;
}

/** Exporting the Fields page's map: a PNG as shown (with the legend) and the field as data. */
export function useFieldExport(inputs: FieldExportInputs) {
  const [message, setMessage] = useState<string | null>(null);
  const base = () => safeFileName(`${inputs.label}-${inputs.mode}`);

  const exportPng = async () => {
    const { viewRef, legend, params, points, mode, label } = inputs;
    const canvas = viewRef.current?.canvas();
    if (!canvas) return;
    try {
      const blob = await exportMapPng(canvas, {
        title: legend.title,
        scale: legend.scale,
        from: legend.style.from ?? 0,
        to: legend.style.to ?? 1,
        min: legend.range.min,
        max: legend.range.max,
        lowLabel: legend.lowLabel,
        highLabel: legend.highLabel,
        ticks: legend.ticks,
        swatches: legend.swatches,
        ...(legend.empty ? { empty: legend.empty } : {}),
        caption: `${label} · ${mode} · ${params.metric}, ${params.neighbors} neighbours, ${params.diagonal} · ${points.length} points`,
      });
      downloadBlob(blob, `${base()}.png`);
      setMessage(`saved ${base()}.png (${Math.round(blob.size / 1024)} KiB)`);
    } catch (error) {
      setMessage(`PNG failed: ${(error as Error).message}`);
    }
  };

  const exportData = () => {
    const { grid, shown, mode, params, points, label } = inputs;
    if (!grid) return;
    const file = encodeFieldFile(fieldFileOf(grid, shown, mode, params, points, label));
    const blob = new Blob([file.bytes as BlobPart], { type: file.type });
    downloadBlob(blob, `${base()}${file.extension}`);
    setMessage(`saved ${base()}${file.extension} (${Math.round(blob.size / 1024)} KiB)`);
  };

  return { exportPng, exportData, message };
}
