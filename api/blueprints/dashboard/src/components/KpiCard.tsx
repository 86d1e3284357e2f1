import { TrendingDown, TrendingUp } from 'lucide-react';
import { Line, LineChart, ResponsiveContainer } from 'recharts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

interface Props {
  label: string;
  value: string;
  /** Percentage change against the previous period. */
  change: number;
  series: number[];
}

export function KpiCard({ label, value, change, series }: Props) {
  const up = change >= 0;
  const points = series.map((y, x) => ({ x, y }));
  return (
    <Card className="gap-3">
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-3xl font-bold tracking-tight">{value}</p>
        <div className="flex items-end justify-between gap-3">
          <Badge variant={up ? 'success' : 'destructive'}>
            {up ? <TrendingUp aria-hidden /> : <TrendingDown aria-hidden />}
            {(up ? '+' : '') + change.toFixed(1)}%
          </Badge>
          <div className="h-9 w-28" aria-hidden>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points}>
                <Line type="monotone" dataKey="y" stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">vs. previous period</p>
      </CardContent>
    </Card>
  );
}
