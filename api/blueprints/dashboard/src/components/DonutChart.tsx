interface Segment {
  label: string;
  value: number;
}

interface Props {
  segments: Segment[];
  formatValue: (value: number) => string;
}

const COLORS = [
  'var(--color-primary)',
  'var(--color-accent)',
  'color-mix(in srgb, var(--color-primary) 45%, var(--color-surface))',
  'color-mix(in srgb, var(--color-accent) 45%, var(--color-surface))',
  'var(--color-muted)',
];

export function DonutChart({ segments, formatValue }: Props) {
  const total = segments.reduce((sum, s) => sum + s.value, 0) || 1;
  const radius = 60;
  const circumference = 2 * Math.PI * radius;
  let offset = 0;

  return (
    <div className="donut">
      <svg viewBox="0 0 160 160" role="img" aria-label="Sales by channel">
        <g transform="rotate(-90 80 80)">
          {segments.map((segment, index) => {
            const length = (segment.value / total) * circumference;
            const circle = (
              <circle
                key={segment.label}
                cx="80"
                cy="80"
                r={radius}
                fill="none"
                stroke={COLORS[index % COLORS.length]}
                strokeWidth="22"
                strokeDasharray={length + ' ' + (circumference - length)}
                strokeDashoffset={-offset}
              />
            );
            offset += length;
            return circle;
          })}
        </g>
        <text x="80" y="76" textAnchor="middle" className="donut-total">
          {formatValue(total)}
        </text>
        <text x="80" y="96" textAnchor="middle" className="donut-caption">
          total
        </text>
      </svg>
      <ul className="legend">
        {segments.map((segment, index) => (
          <li key={segment.label}>
            <span className="swatch" style={{ background: COLORS[index % COLORS.length] }} />
            <span>{segment.label}</span>
            <strong>{Math.round((segment.value / total) * 100)}%</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
