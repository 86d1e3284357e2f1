import { useMemo, useState } from 'react';
import { CategoryChart } from '@/components/CategoryChart';
import { ChannelChart } from '@/components/ChannelChart';
import { KpiCard } from '@/components/KpiCard';
import { OrdersTable } from '@/components/OrdersTable';
import { RevenueChart } from '@/components/RevenueChart';
import { MobileNav, Sidebar } from '@/components/Sidebar';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type DailyMetrics, generateDailyMetrics, generateOrders, groupTotals, RANGES, type RangeDays, sumBy } from '@/data/metrics';
import { formatCurrency, formatNumber, formatPercent, formatShortDate, percentChange } from '@/lib/format';

const APP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

const dailyMetrics = generateDailyMetrics();
const orders = generateOrders();

function totals(days: DailyMetrics[]) {
  const revenue = sumBy(days, (d) => d.revenue);
  const ordersCount = sumBy(days, (d) => d.orders);
  const visitors = sumBy(days, (d) => d.visitors);
  return { revenue, orders: ordersCount, customers: sumBy(days, (d) => d.newCustomers), conversion: visitors ? (ordersCount / visitors) * 100 : 0 };
}

export function App() {
  const [rangeDays, setRangeDays] = useState<RangeDays>(30);

  const { current, previous } = useMemo(() => ({ current: dailyMetrics.slice(-rangeDays), previous: dailyMetrics.slice(-2 * rangeDays, -rangeDays) }), [rangeDays]);
  const now = totals(current);
  const before = totals(previous);

  const revenue = current.map((day, index) => ({ label: formatShortDate(day.date), current: day.revenue, previous: previous[index]?.revenue ?? 0 }));
  const byChannel = groupTotals(orders, (o) => o.channel, (o) => o.amount);
  const byCategory = groupTotals(orders, (o) => o.category, (o) => o.amount);

  return (
    <div className="flex min-h-svh bg-muted/40">
      <Sidebar appName={APP_NAME} />
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex flex-wrap items-center gap-4 border-b bg-background/90 px-4 py-4 backdrop-blur sm:px-6">
          <MobileNav appName={APP_NAME} />
          <div className="mr-auto">
            <h1 className="text-2xl font-bold tracking-tight">Overview</h1>
            <p className="text-sm text-muted-foreground">{TAGLINE}</p>
          </div>
          <Tabs value={String(rangeDays)} onValueChange={(value) => setRangeDays(Number(value) as RangeDays)}>
            <TabsList aria-label="Date range">
              {RANGES.map((range) => (
                <TabsTrigger key={range.days} value={String(range.days)}>
                  {range.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
        </header>

        <main className="grid grid-cols-1 gap-5 p-4 sm:p-6">
          <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Key metrics">
            <KpiCard label="Revenue" value={formatCurrency(now.revenue)} change={percentChange(now.revenue, before.revenue)} series={current.map((d) => d.revenue)} />
            <KpiCard label="Orders" value={formatNumber(now.orders)} change={percentChange(now.orders, before.orders)} series={current.map((d) => d.orders)} />
            <KpiCard label="New customers" value={formatNumber(now.customers)} change={percentChange(now.customers, before.customers)} series={current.map((d) => d.newCustomers)} />
            <KpiCard
              label="Conversion rate"
              value={formatPercent(now.conversion, 2)}
              change={percentChange(now.conversion, before.conversion)}
              series={current.map((d) => (d.visitors ? (d.orders / d.visitors) * 100 : 0))}
            />
          </section>

          <section className="grid grid-cols-1 gap-5 lg:grid-cols-2">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>Revenue</CardTitle>
                <CardDescription>Daily revenue, last {rangeDays} days, against the period before</CardDescription>
                <CardAction className="text-2xl font-bold">{formatCurrency(now.revenue)}</CardAction>
              </CardHeader>
              <CardContent>
                <RevenueChart data={revenue} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Sales by channel</CardTitle>
                <CardDescription>Share of recent order value</CardDescription>
              </CardHeader>
              <CardContent>
                <ChannelChart segments={byChannel} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Top categories</CardTitle>
                <CardDescription>Recent order value by category</CardDescription>
              </CardHeader>
              <CardContent>
                <CategoryChart bars={byCategory} />
              </CardContent>
            </Card>
            <OrdersTable orders={orders} className="lg:col-span-2" />
          </section>
        </main>
      </div>
    </div>
  );
}
