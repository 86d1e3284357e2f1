import { type MouseEvent, useState } from 'react';

interface Point {
  label: string;
  value: number;
}

interface Props {
  points: Point[];
  /** The same number of points from the previous period, drawn dashed. */
  comparison?: Point[];
  formatValue: (value: number) => string;
}

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 28, left: 56 };

/** A tidy gridline step (1, 2, 2.5 or 5 times a power of ten) giving at most five steps up to `max`. */
function niceStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((s) => s * power >= raw) ?? 10) * power;
}

export function LineChart({ points, comparison = [], formatValue }: Props) {
  const [hover, setHover] = useState<number | null>(null);
  const highest = Math.max(...points.map((p) => p.value), ...comparison.map((p) => p.value));
  const step = niceStep(highest);
  const max = Math.max(step, Math.ceil(highest / step) * step);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (index / Math.max(1, points.length - 1)) * innerWidth;
  const y = (value: number) => PAD.top + (1 - value / max) * innerHeight;
  const path = (series: Point[]) => series.map((p, i) => (i === 0 ? 'M' : 'L') + x(i).toFixed(1) + ' ' + y(p.value).toFixed(1)).join(' ');
  const line = path(points);
  const area = line + ' L' + x(points.length - 1).toFixed(1) + ' ' + y(0) + ' L' + x(0) + ' ' + y(0) + ' Z';
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));

  function handleMove(event: MouseEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = ((event.clientX - box.left) / box.width) * WIDTH;
    const index = Math.round(((ratio - PAD.left) / innerWidth) * (points.length - 1));
    setHover(Math.min(points.length - 1, Math.max(0, index)));
  }

  const hovered = hover === null ? null : points[hover];

  return (
    <div className="line-chart">
      <svg viewBox={'0 0 ' + WIDTH + ' ' + HEIGHT} role="img" aria-label="Revenue over time" onMouseMove={handleMove} onMouseLeave={() => setHover(null)}>
        <defs>
          <linearGradient id="area-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity="0.28" />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid-line" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis-label" x={PAD.left - 8} y={y(tick) + 4} textAnchor="end">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % labelEvery === 0 ? (
            <text key={point.label} className="axis-label" x={x(index)} y={HEIGHT - 6} textAnchor="middle">
              {point.label}
            </text>
          ) : null,
        )}
        {comparison.length === points.length && <path className="comparison-line" d={path(comparison)} />}
        <path d={area} fill="url(#area-fill)" />
        <path className="series-line" d={line} />
        {hovered && hover !== null && (
          <g>
            <line className="hover-line" x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
            <circle className="hover-dot" cx={x(hover)} cy={y(hovered.value)} r={5} />
          </g>
        )}
      </svg>
      {hovered && hover !== null && (
        <div className="chart-tooltip" style={{ left: (x(hover) / WIDTH) * 100 + '%' }}>
          <strong>{formatValue(hovered.value)}</strong>
          <span>{hovered.label}</span>
          {comparison[hover] && <span className="muted">before: {formatValue(comparison[hover].value)}</span>}
        </div>
      )}
      <div className="chart-legend">
        <span className="legend-current">This period</span>
        {comparison.length > 0 && <span className="legend-previous">Previous period</span>}
      </div>
    </div>
  );
}
