interface Bar {
  label: string;
  value: number;
}

interface Props {
  bars: Bar[];
  formatValue: (value: number) => string;
}

export function BarChart({ bars, formatValue }: Props) {
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  return (
    <ul className="bar-chart">
      {bars.map((bar) => (
        <li key={bar.label}>
          <div className="bar-label">
            <span>{bar.label}</span>
            <strong>{formatValue(bar.value)}</strong>
          </div>
          <div className="bar-track">
            <span className="bar-fill" style={{ width: (bar.value / max) * 100 + '%' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
