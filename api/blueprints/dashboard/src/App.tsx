import { Menu } from 'lucide-react';
import { useMemo, useState } from 'react';
import { BarChart } from './components/BarChart';
import { DonutChart } from './components/DonutChart';
import { KpiCard } from './components/KpiCard';
import { LineChart } from './components/LineChart';
import { OrdersTable } from './components/OrdersTable';
import { Sidebar } from './components/Sidebar';
import { generateDailyMetrics, generateOrders, groupTotals, RANGES, type RangeDays, sumBy } from './data/metrics';
import { formatCompactCurrency, formatCurrency, formatNumber, formatPercent, formatShortDate, percentChange } from './lib/format';
import './app.css';

const APP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

const dailyMetrics = generateDailyMetrics();
const orders = generateOrders();

export function App() {
  const [rangeDays, setRangeDays] = useState<RangeDays>(30);
  const [sidebarOpen, setSidebarOpen] = useState(false);

  const { current, previous } = useMemo(
    () => ({ current: dailyMetrics.slice(-rangeDays), previous: dailyMetrics.slice(-2 * rangeDays, -rangeDays) }),
    [rangeDays],
  );

  const totals = (days: typeof current) => {
    const revenue = sumBy(days, (d) => d.revenue);
    const ordersCount = sumBy(days, (d) => d.orders);
    const visitors = sumBy(days, (d) => d.visitors);
    return { revenue, orders: ordersCount, customers: sumBy(days, (d) => d.newCustomers), conversion: visitors ? (ordersCount / visitors) * 100 : 0 };
  };
  const now = totals(current);
  const before = totals(previous);

  const revenueSeries = current.map((d) => ({ label: formatShortDate(d.date), value: d.revenue }));
  const previousSeries = previous.map((d) => ({ label: formatShortDate(d.date), value: d.revenue }));
  const byChannel = groupTotals(orders, (o) => o.channel, (o) => o.amount);
  const byCategory = groupTotals(orders, (o) => o.category, (o) => o.amount);

  return (
    <div className="layout">
      <Sidebar appName={APP_NAME} open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="content">
        <header className="topbar">
          <button className="icon-button menu-button" type="button" aria-label="Open navigation" onClick={() => setSidebarOpen(true)}>
            <Menu size={20} />
          </button>
          <div>
            <h1>Overview</h1>
            <p className="muted">{TAGLINE}</p>
          </div>
          <div className="range-picker" role="group" aria-label="Date range">
            {RANGES.map((range) => (
              <button key={range.days} type="button" aria-pressed={rangeDays === range.days} onClick={() => setRangeDays(range.days)}>
                {range.label}
              </button>
            ))}
          </div>
        </header>

        <section className="kpi-grid" aria-label="Key metrics">
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

        <section className="chart-grid">
          <article className="card panel panel-wide">
            <header className="panel-header">
              <div>
                <h2>Revenue</h2>
                <p className="muted">Daily revenue, last {rangeDays} days, against the period before</p>
              </div>
              <strong className="panel-figure">{formatCurrency(now.revenue)}</strong>
            </header>
            <LineChart points={revenueSeries} comparison={previousSeries} formatValue={formatCompactCurrency} />
          </article>
          <article className="card panel">
            <header className="panel-header">
              <div>
                <h2>Sales by channel</h2>
                <p className="muted">Share of recent order value</p>
              </div>
            </header>
            <DonutChart segments={byChannel} formatValue={formatCurrency} />
          </article>
          <article className="card panel">
            <header className="panel-header">
              <div>
                <h2>Top categories</h2>
                <p className="muted">Recent order value by category</p>
              </div>
            </header>
            <BarChart bars={byCategory} formatValue={formatCurrency} />
          </article>
          <article className="card panel panel-wide">
            <OrdersTable orders={orders} />
          </article>
        </section>
      </div>
    </div>
  );
}
