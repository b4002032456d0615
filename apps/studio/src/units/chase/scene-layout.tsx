import type { MouseEventHandler, ReactNode, RefObject } from 'react';
import { demoCanvasStyle } from '../demo-canvas.js';

export interface SceneLayoutProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** Canvas size in px. */
  width: number;
  height: number;
  /** data-testid of the canvas (the end-to-end tests look for it). */
  testId: string;
  /** Show a crosshair cursor over the canvas (scenes that take clicks); default false. */
  crosshair?: boolean;
  onMouseDown?: MouseEventHandler<HTMLCanvasElement>;
  onMouseMove?: MouseEventHandler<HTMLCanvasElement>;
  onMouseLeave?: MouseEventHandler<HTMLCanvasElement>;
  /** The key and mouse help line under the canvas. */
  help: ReactNode;
  /** Panels under the help line (pattern editors); default none. */
  below?: ReactNode;
  /** The sidebar panels (controls, HUD). */
  children: ReactNode;
}

/**
 * The page of a chase scene: the sidebar on the left (as on every Units demo), the canvas (as large as the
 * column allows), its help line and optional panels on the right.
 */
export function SceneLayout({
  canvasRef,
  width,
  height,
  testId,
  crosshair = false,
  onMouseDown,
  onMouseMove,
  onMouseLeave,
  help,
  below,
  children,
}: SceneLayoutProps) {
  return (
    <div className="layout">
      <div className="sidebar">{children}</div>
      <div className="layout-main">
        <canvas
          ref={canvasRef}
          width={width}
          height={height}
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseLeave={onMouseLeave}
          data-testid={testId}
          className="demo-canvas"
          style={{ ...demoCanvasStyle(width, height), ...(crosshair ? { cursor: 'crosshair' } : {}) }}
        />
        <p className="help">{help}</p>
        {below}
      </div>
    </div>
  );
}

export interface ScenePanelProps {
  title: string;
  /** data-testid of the panel; default none. */
  testId?: string;
  children: ReactNode;
}

/** A titled sidebar panel of a chase scene (controls or the status HUD). */
export function ScenePanel({ title, testId, children }: ScenePanelProps) {
  return (
    <div className="panel" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** The tile scenes' speed slider: simulation turns per second, 1 to 40. */
export function TurnRateSlider({ value, onChange }: { value: number; onChange: (turnsPerSecond: number) => void }) {
  return (
    <label className="controls">
      Turns per second {value}
      <input type="range" min={1} max={40} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}
