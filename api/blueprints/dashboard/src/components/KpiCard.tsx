import { TrendingDown, TrendingUp } from 'lucide-react';

interface Props {
  label: string;
  value: string;
  /** Percentage change against the previous period. */
  change: number;
  series: number[];
}

function sparklinePath(series: number[], width: number, height: number): string {
  const max = Math.max(...series);
  const min = Math.min(...series);
  const span = max - min || 1;
  return series
    .map((value, index) => {
      const x = (index / Math.max(1, series.length - 1)) * width;
      const y = height - ((value - min) / span) * height;
      return (index === 0 ? 'M' : 'L') + x.toFixed(1) + ' ' + y.toFixed(1);
    })
    .join(' ');
}

export function KpiCard({ label, value, change, series }: Props) {
  const up = change >= 0;
  return (
    <article className="card kpi">
      <span className="muted kpi-label">{label}</span>
      <strong className="kpi-value">{value}</strong>
      <div className="kpi-footer">
        <span className={up ? 'delta up' : 'delta down'}>
          {up ? <TrendingUp size={16} aria-hidden="true" /> : <TrendingDown size={16} aria-hidden="true" />}
          {(up ? '+' : '') + change.toFixed(1)}%
        </span>
        <svg className="sparkline" viewBox="0 0 100 32" preserveAspectRatio="none" aria-hidden="true">
          <path d={sparklinePath(series, 100, 30)} />
        </svg>
      </div>
      <span className="muted kpi-note">vs. previous period</span>
    </article>
  );
}
