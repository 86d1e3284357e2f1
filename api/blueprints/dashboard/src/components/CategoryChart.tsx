import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, TOOLTIP_STYLE } from '@/components/chart-style';
import { formatCompactCurrency, formatCurrency } from '@/lib/format';

export function CategoryChart({ bars }: { bars: Array<{ label: string; value: number }> }) {
  return (
    <div className="h-56" role="img" aria-label="Order value by category">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(value: number) => formatCompactCurrency(value)} />
          <YAxis type="category" dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={false} width={110} />
          <Tooltip cursor={{ fill: 'var(--muted)' }} contentStyle={TOOLTIP_STYLE} formatter={(value) => formatCurrency(Number(value))} />
          <Bar dataKey="value" name="Order value" fill="var(--chart-2)" radius={[0, 6, 6, 0]} barSize={18} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
