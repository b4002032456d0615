/** A small SVG line chart with axes, ticks and a legend, for comparing benchmark numbers. */
export interface Series {
  name: string;
  color: string;
  /** Dashed line (the second run of a comparison). */
  dashed?: boolean;
  points: { x: number; y: number }[];
}

export interface LineChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** Format of x tick labels. Default String. */
  formatX?: (x: number) => string;
  /** A horizontal target line at this y (drawn dashed red, labelled). */
  target?: number | null;
  width?: number;
  height?: number;
}

function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [0];
  while ((ticks[ticks.length - 1] as number) < max) ticks.push(Number((ticks.length * step).toPrecision(6)));
  return ticks;
}

export function LineChart({
  title,
  xLabel,
  yLabel,
  series,
  formatX = String,
  target = null,
  width = 460,
  height = 280,
}: LineChartProps) {
  const legendRows = Math.ceil(series.length / 2);
  const margin = { left: 56, right: 16, top: 30 + 14 * legendRows, bottom: 44 };
  const fullHeight = height + 14 * legendRows;
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const yMax = Math.max(0, target ?? 0, ...series.flatMap((s) => s.points.map((p) => p.y)));
  const yTicks = niceTicks(yMax);
  const yTop = yTicks[yTicks.length - 1] ?? 1;
  const plotW = width - margin.left - margin.right;
  const plotH = fullHeight - margin.top - margin.bottom;
  const xPos = (x: number) => margin.left + (xs.length <= 1 ? plotW / 2 : (xs.indexOf(x) / (xs.length - 1)) * plotW);
  const yPos = (y: number) => margin.top + plotH - (y / yTop) * plotH;
  return (
    <svg viewBox={`0 0 ${width} ${fullHeight}`} width={width} role="img" aria-label={title} className="chart">
      <text x={width / 2} y={16} textAnchor="middle" fill="var(--fg)" fontSize={13}>
        {title}
      </text>
      {yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={margin.left} x2={width - margin.right} y1={yPos(t)} y2={yPos(t)} stroke="#2c313c" />
          <text x={margin.left - 6} y={yPos(t) + 4} textAnchor="end" fill="var(--muted)" fontSize={11}>
            {t}
          </text>
        </g>
      ))}
      {xs.map((x) => (
        <text
          key={`x${x}`}
          x={xPos(x)}
          y={fullHeight - margin.bottom + 16}
          textAnchor="middle"
          fill="var(--muted)"
          fontSize={11}
        >
          {formatX(x)}
        </text>
      ))}
      <text x={margin.left + plotW / 2} y={fullHeight - 8} textAnchor="middle" fill="var(--muted)" fontSize={11}>
        {xLabel}
      </text>
      <text
        transform={`translate(14 ${margin.top + plotH / 2}) rotate(-90)`}
        textAnchor="middle"
        fill="var(--muted)"
        fontSize={11}
      >
        {yLabel}
      </text>
      {series.map((s) => {
        const pts = [...s.points].sort((a, b) => a.x - b.x);
        return (
          <g key={s.name}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '6 4' : undefined}
              points={pts.map((p) => `${xPos(p.x)},${yPos(p.y)}`).join(' ')}
            />
            {pts.map((p) => (
              <circle key={p.x} cx={xPos(p.x)} cy={yPos(p.y)} r={3} fill={s.color}>
                <title>{`${s.name}: ${formatX(p.x)} -> ${p.y.toFixed(2)}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
      {target !== null && target > 0 && (
        <g data-testid="chart-target">
          <line
            x1={margin.left}
            x2={width - margin.right}
            y1={yPos(target)}
            y2={yPos(target)}
            stroke="#ff6b6b"
            strokeDasharray="3 3"
          />
          <text x={width - margin.right} y={yPos(target) - 4} textAnchor="end" fill="#ff6b6b" fontSize={11}>
            target {target}
          </text>
        </g>
      )}
      {series.map((s, i) => (
        <g
          key={`legend-${s.name}`}
          transform={`translate(${margin.left + (i % 2) * 200} ${24 + 14 * Math.floor(i / 2)})`}
        >
          <line
            x1={0}
            x2={14}
            y1={5}
            y2={5}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '4 3' : undefined}
          />
          <text x={18} y={9} fill="var(--fg)" fontSize={11}>
            {s.name.length > 30 ? `${s.name.slice(0, 29)}…` : s.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
