import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { SERIES_COLORS, TOOLTIP_STYLE } from '@/components/chart-style';
import { formatCurrency } from '@/lib/format';

export function ChannelChart({ segments }: { segments: Array<{ label: string; value: number }> }) {
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);
  return (
    <div className="grid items-center gap-6 sm:grid-cols-[12rem_1fr]">
      <div className="relative h-48" role="img" aria-label="Order value by channel">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={segments} dataKey="value" nameKey="label" innerRadius="62%" outerRadius="100%" paddingAngle={2} stroke="none">
              {segments.map((segment, index) => (
                <Cell key={segment.label} fill={SERIES_COLORS[index % SERIES_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => formatCurrency(Number(value))} />
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 grid place-content-center text-center">
          <span className="text-xs text-muted-foreground">Total</span>
          <span className="font-bold">{formatCurrency(total)}</span>
        </div>
      </div>
      <ul className="grid gap-2.5 text-sm">
        {segments.map((segment, index) => (
          <li key={segment.label} className="flex items-center gap-2">
            <span className="size-2.5 rounded-full" style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }} aria-hidden />
            <span className="flex-1">{segment.label}</span>
            <span className="text-muted-foreground">{total ? Math.round((segment.value / total) * 100) : 0}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
