// An analytics dashboard: KPI cards with sparklines, hand-drawn SVG charts (no chart library),
// a sortable, searchable orders table and a date-range switcher. Data is generated
// deterministically in the app, so every visit shows the same believable numbers.
import { type BlueprintContext, type ProjectFiles, js } from './blueprint-context.js';
import { assembleProject } from './scaffold.js';

const FORMAT_TS = `const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const compactCurrency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('en-US');

export function formatCurrency(value: number): string {
  return currency.format(value);
}

export function formatCompactCurrency(value: number): string {
  return compactCurrency.format(value);
}

export function formatNumber(value: number): string {
  return integer.format(Math.round(value));
}

export function formatPercent(value: number, digits = 1): string {
  return value.toFixed(digits) + '%';
}

export function formatShortDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** Percentage change from \`previous\` to \`current\`; 0 when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number {
  return previous === 0 ? 0 : ((current - previous) / previous) * 100;
}
`;

const METRICS_TS = `// Sample data, generated from a fixed seed so every visit shows the same numbers.
// Replace these functions with calls to your API when the real data is ready.

export interface DailyMetrics {
  date: Date;
  revenue: number;
  orders: number;
  visitors: number;
  newCustomers: number;
}

export type OrderStatus = 'Paid' | 'Pending' | 'Refunded' | 'Shipped';
export type Channel = 'Online store' | 'Marketplace' | 'Social' | 'Retail';

export interface Order {
  id: string;
  customer: string;
  product: string;
  category: string;
  channel: Channel;
  status: OrderStatus;
  amount: number;
  date: Date;
}

export const RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

export type RangeDays = (typeof RANGES)[number]['days'];

const CHANNELS: Channel[] = ['Online store', 'Marketplace', 'Social', 'Retail'];
const CHANNEL_WEIGHTS = [0.46, 0.24, 0.18, 0.12];
const STATUSES: OrderStatus[] = ['Paid', 'Shipped', 'Paid', 'Pending', 'Shipped', 'Paid', 'Refunded'];
const PRODUCTS = [
  { name: 'Wireless headphones', category: 'Electronics', price: 189 },
  { name: 'Smart watch', category: 'Electronics', price: 249 },
  { name: 'Espresso machine', category: 'Home & kitchen', price: 329 },
  { name: 'Linen bedding set', category: 'Home & kitchen', price: 145 },
  { name: 'Trail running shoes', category: 'Sports', price: 132 },
  { name: 'Yoga mat', category: 'Sports', price: 58 },
  { name: 'Leather backpack', category: 'Accessories', price: 178 },
  { name: 'Sunglasses', category: 'Accessories', price: 96 },
  { name: 'Ceramic planter', category: 'Garden', price: 42 },
];
const CUSTOMERS = [
  'Olivia Martin', 'Jackson Lee', 'Isabella Nguyen', 'William Kim', 'Sofia Davis', 'Liam Johnson', 'Emma Brown', 'Noah Garcia',
  'Ava Wilson', 'Lucas Anderson', 'Mia Thomas', 'Ethan Moore', 'Amelia Taylor', 'Mason White', 'Harper Harris', 'Elijah Clark',
];

/** mulberry32: a tiny seeded random number generator. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** 180 days of daily totals ending today: growth, a weekly rhythm and some noise. */
export function generateDailyMetrics(days = 180): DailyMetrics[] {
  const random = seeded(42);
  const today = startOfToday();
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - index));
    const growth = 1 + index / days;
    const weekend = date.getDay() === 0 || date.getDay() === 6 ? 1.25 : 1;
    const visitors = Math.round(1800 * growth * weekend * (0.85 + random() * 0.3));
    const orders = Math.round(visitors * (0.028 + random() * 0.012));
    const revenue = Math.round(orders * (118 + random() * 40));
    const newCustomers = Math.round(orders * (0.35 + random() * 0.15));
    return { date, revenue, orders, visitors, newCustomers };
  });
}

export function generateOrders(count = 48): Order[] {
  const random = seeded(7);
  const today = startOfToday();
  return Array.from({ length: count }, (_, index) => {
    const product = PRODUCTS[Math.floor(random() * PRODUCTS.length)];
    const quantity = 1 + Math.floor(random() * 3);
    const pick = random();
    let cumulative = 0;
    const channel = CHANNELS.find((_, i) => (cumulative += CHANNEL_WEIGHTS[i]) >= pick) ?? 'Online store';
    return {
      id: '#' + (10482 - index),
      customer: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)],
      product: product.name,
      category: product.category,
      channel,
      status: STATUSES[Math.floor(random() * STATUSES.length)],
      amount: product.price * quantity,
      date: new Date(today.getTime() - index * 3.1 * 3_600_000 - random() * 3_600_000),
    };
  });
}

export function sumBy<T>(items: T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

export function groupTotals<T>(items: T[], key: (item: T) => string, value: (item: T) => number): Array<{ label: string; value: number }> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + value(item));
  return [...totals].map(([label, total]) => ({ label, value: total })).sort((a, b) => b.value - a.value);
}
`;

function appTsx(ctx: BlueprintContext): string {
  return `import { Menu } from 'lucide-react';
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

const APP_NAME = ${js(ctx.title)};
const TAGLINE = ${js(ctx.tagline)};

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
`;
}

const SIDEBAR = `import { ChartLine, LayoutDashboard, Package, Settings, ShoppingCart, Users, X } from 'lucide-react';

const NAV_ITEMS = [
  { label: 'Overview', icon: LayoutDashboard },
  { label: 'Orders', icon: ShoppingCart },
  { label: 'Customers', icon: Users },
  { label: 'Products', icon: Package },
  { label: 'Reports', icon: ChartLine },
  { label: 'Settings', icon: Settings },
];

interface Props {
  appName: string;
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ appName, open, onClose }: Props) {
  return (
    <>
      <aside className={open ? 'sidebar open' : 'sidebar'} aria-label="Navigation">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            {appName.charAt(0)}
          </span>
          <strong>{appName}</strong>
          <button className="icon-button sidebar-close" type="button" aria-label="Close navigation" onClick={onClose}>
            <X size={18} />
          </button>
        </div>
        <nav>
          {NAV_ITEMS.map(({ label, icon: Icon }, index) => (
            <a key={label} href={'#' + label.toLowerCase()} className={index === 0 ? 'active' : undefined} aria-current={index === 0 ? 'page' : undefined}>
              <Icon size={18} aria-hidden="true" />
              {label}
            </a>
          ))}
        </nav>
        <div className="sidebar-footer">
          <span className="avatar" aria-hidden="true">
            JD
          </span>
          <div>
            <strong>Jamie Doe</strong>
            <span className="muted">Admin</span>
          </div>
        </div>
      </aside>
      {open && <div className="scrim" onClick={onClose} aria-hidden="true" />}
    </>
  );
}
`;

const KPI_CARD = `import { TrendingDown, TrendingUp } from 'lucide-react';

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
`;

const LINE_CHART = `import { type MouseEvent, useState } from 'react';

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

/** A tidy gridline step (1, 2, 2.5 or 5 times a power of ten) giving at most five steps up to \`max\`. */
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
`;

const DONUT_CHART = `interface Segment {
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
`;

const BAR_CHART = `interface Bar {
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
`;

const ORDERS_TABLE = `import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Order, OrderStatus } from '../data/metrics';
import { formatCurrency } from '../lib/format';

type SortKey = 'id' | 'customer' | 'date' | 'amount' | 'status';

const COLUMNS: Array<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: 'id', label: 'Order' },
  { key: 'customer', label: 'Customer' },
  { key: 'date', label: 'Date' },
  { key: 'status', label: 'Status' },
  { key: 'amount', label: 'Amount', numeric: true },
];

const PAGE_SIZE = 8;
const STATUS_FILTERS: Array<OrderStatus | 'All'> = ['All', 'Paid', 'Shipped', 'Pending', 'Refunded'];

function compare(a: Order, b: Order, key: SortKey): number {
  if (key === 'amount') return a.amount - b.amount;
  if (key === 'date') return a.date.getTime() - b.date.getTime();
  return String(a[key]).localeCompare(String(b[key]));
}

export function OrdersTable({ orders }: { orders: Order[] }) {
  const [sortKey, setSortKey] = useState<SortKey>('date');
  const [ascending, setAscending] = useState(false);
  const [status, setStatus] = useState<OrderStatus | 'All'>('All');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);

  const rows = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return orders
      .filter((order) => status === 'All' || order.status === status)
      .filter((order) => !needle || (order.id + ' ' + order.customer + ' ' + order.product).toLowerCase().includes(needle))
      .sort((a, b) => compare(a, b, sortKey) * (ascending ? 1 : -1));
  }, [orders, status, query, sortKey, ascending]);

  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const visible = rows.slice(currentPage * PAGE_SIZE, (currentPage + 1) * PAGE_SIZE);

  function sortBy(key: SortKey) {
    if (key === sortKey) setAscending((value) => !value);
    else {
      setSortKey(key);
      setAscending(key === 'customer' || key === 'id');
    }
  }

  return (
    <div className="orders">
      <header className="panel-header">
        <div>
          <h2>Recent orders</h2>
          <p className="muted">{rows.length} orders</p>
        </div>
        <div className="orders-controls">
          <div className="search">
            <Search size={16} aria-hidden="true" />
            <input
              className="input"
              type="search"
              placeholder="Search orders"
              aria-label="Search orders"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          </div>
          <select
            className="input"
            aria-label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | 'All');
              setPage(0);
            }}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option} value={option}>
                {option === 'All' ? 'All statuses' : option}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  className={column.numeric ? 'numeric' : undefined}
                  aria-sort={sortKey === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" onClick={() => sortBy(column.key)}>
                    {column.label}
                    {sortKey === column.key && (ascending ? <ArrowUp size={14} aria-hidden="true" /> : <ArrowDown size={14} aria-hidden="true" />)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((order) => (
              <tr key={order.id}>
                <td className="mono">{order.id}</td>
                <td>
                  <div className="customer">
                    <strong>{order.customer}</strong>
                    <span className="muted">{order.product}</span>
                  </div>
                </td>
                <td>{order.date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}</td>
                <td>
                  <span className={'status status-' + order.status.toLowerCase()}>{order.status}</span>
                </td>
                <td className="numeric">{formatCurrency(order.amount)}</td>
              </tr>
            ))}
            {visible.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="empty-row">
                  No orders match your filters.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <footer className="pagination">
        <span className="muted">
          Page {currentPage + 1} of {pageCount}
        </span>
        <div>
          <button className="icon-button" type="button" aria-label="Previous page" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
            <ChevronLeft size={18} />
          </button>
          <button className="icon-button" type="button" aria-label="Next page" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)}>
            <ChevronRight size={18} />
          </button>
        </div>
      </footer>
    </div>
  );
}
`;

const APP_CSS = `.layout {
  display: grid;
  grid-template-columns: 248px minmax(0, 1fr);
  min-height: 100vh;
}

/* Sidebar */
.sidebar {
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  height: 100vh;
  padding: 1.25rem 1rem;
  background: var(--color-surface);
  border-right: 1px solid var(--color-border);
}

.sidebar-brand {
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0 0.5rem;
  font-size: 1.05rem;
}

.brand-mark {
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 10px;
  background: var(--color-primary);
  color: var(--color-on-primary);
  font-weight: 700;
}

.sidebar-close {
  display: none;
  margin-left: auto;
}

.sidebar nav {
  display: grid;
  gap: 0.2rem;
}

.sidebar nav a {
  display: flex;
  align-items: center;
  gap: 0.7rem;
  padding: 0.6rem 0.75rem;
  border-radius: var(--radius-sm);
  color: var(--color-muted);
  font-weight: 500;
}

.sidebar nav a:hover {
  background: var(--color-surface-alt);
  color: var(--color-text);
  text-decoration: none;
}

.sidebar nav a.active {
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.sidebar-footer {
  display: flex;
  align-items: center;
  gap: 0.7rem;
  margin-top: auto;
  padding: 0.75rem 0.5rem 0;
  border-top: 1px solid var(--color-border);
}

.sidebar-footer div {
  display: grid;
  font-size: 0.88rem;
}

.avatar {
  display: grid;
  place-items: center;
  width: 2.3rem;
  height: 2.3rem;
  border-radius: 999px;
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
  font-weight: 700;
  font-size: 0.85rem;
}

.scrim {
  position: fixed;
  inset: 0;
  z-index: 30;
  background: rgb(0 0 0 / 0.4);
}

/* Main column */
.content {
  display: grid;
  gap: 1.25rem;
  align-content: start;
  padding: 1.75rem clamp(1rem, 3vw, 2.25rem) 3rem;
}

.topbar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
}

.topbar h1 {
  font-size: 1.6rem;
}

.topbar > div:nth-child(2) {
  flex: 1;
}

.menu-button {
  display: none;
}

.range-picker {
  display: inline-flex;
  padding: 3px;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
}

.range-picker button {
  padding: 0.4rem 0.9rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--color-muted);
  font-weight: 600;
  font-size: 0.88rem;
  cursor: pointer;
}

.range-picker button[aria-pressed='true'] {
  background: var(--color-primary);
  color: var(--color-on-primary);
}

/* KPI cards */
.kpi-grid {
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
}

.kpi {
  display: grid;
  gap: 0.35rem;
  padding: 1.15rem 1.25rem;
}

.kpi-label {
  font-size: 0.88rem;
  font-weight: 500;
}

.kpi-value {
  font-size: 1.75rem;
  letter-spacing: -0.02em;
}

.kpi-footer {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
}

.kpi-note {
  font-size: 0.78rem;
}

.delta {
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.82rem;
  font-weight: 700;
}

.delta.up {
  background: color-mix(in srgb, var(--color-success) 14%, transparent);
  color: var(--color-success);
}

.delta.down {
  background: color-mix(in srgb, var(--color-danger) 14%, transparent);
  color: var(--color-danger);
}

.sparkline {
  width: 96px;
  height: 32px;
}

.sparkline path {
  fill: none;
  stroke: var(--color-primary);
  stroke-width: 2;
  vector-effect: non-scaling-stroke;
}

/* Panels and charts */
.chart-grid {
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
}

.panel {
  padding: 1.25rem;
  min-width: 0;
}

.panel-wide {
  grid-column: 1 / -1;
}

.panel-header {
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1rem;
}

.panel-header h2 {
  font-size: 1.05rem;
}

.panel-header p {
  font-size: 0.85rem;
}

.panel-figure {
  font-size: 1.35rem;
}

.line-chart {
  position: relative;
}

.line-chart svg {
  width: 100%;
  height: auto;
  overflow: visible;
}

.grid-line {
  stroke: var(--color-border);
  stroke-dasharray: 3 4;
}

.axis-label {
  fill: var(--color-muted);
  font-size: 11px;
}

.series-line {
  fill: none;
  stroke: var(--color-primary);
  stroke-width: 2.5;
  stroke-linejoin: round;
}

.comparison-line {
  fill: none;
  stroke: var(--color-muted);
  stroke-width: 1.5;
  stroke-dasharray: 5 5;
  opacity: 0.6;
}

.hover-line {
  stroke: var(--color-muted);
  stroke-dasharray: 2 3;
}

.hover-dot {
  fill: var(--color-surface);
  stroke: var(--color-primary);
  stroke-width: 3;
}

.chart-tooltip {
  position: absolute;
  top: 0;
  display: grid;
  padding: 0.5rem 0.7rem;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm);
  background: var(--color-surface);
  box-shadow: var(--shadow);
  font-size: 0.8rem;
  pointer-events: none;
  transform: translateX(-50%);
  white-space: nowrap;
}

.chart-legend {
  display: flex;
  gap: 1.25rem;
  margin-top: 0.5rem;
  color: var(--color-muted);
  font-size: 0.82rem;
}

.chart-legend span::before {
  content: '';
  display: inline-block;
  width: 14px;
  margin-right: 0.4rem;
  vertical-align: middle;
  border-top: 3px solid var(--color-primary);
}

.chart-legend .legend-previous::before {
  border-top: 2px dashed var(--color-muted);
}

.donut {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 1.5rem;
}

.donut svg {
  width: 180px;
  height: 180px;
}

.donut-total {
  fill: var(--color-text);
  font-size: 15px;
  font-weight: 700;
}

.donut-caption {
  fill: var(--color-muted);
  font-size: 11px;
}

.legend {
  display: grid;
  gap: 0.55rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.9rem;
}

.legend li {
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 0.6rem;
  min-width: 12rem;
}

.swatch {
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 4px;
}

.bar-chart {
  display: grid;
  gap: 0.9rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.bar-label {
  display: flex;
  justify-content: space-between;
  margin-bottom: 0.35rem;
  font-size: 0.9rem;
}

.bar-track {
  height: 0.6rem;
  border-radius: 999px;
  background: var(--color-surface-alt);
  overflow: hidden;
}

.bar-fill {
  display: block;
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, var(--color-primary), var(--color-accent));
}

/* Orders table */
.orders-controls {
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
}

.orders-controls .input {
  width: auto;
}

.search {
  position: relative;
}

.search svg {
  position: absolute;
  top: 50%;
  left: 0.75rem;
  transform: translateY(-50%);
  color: var(--color-muted);
}

.search .input {
  padding-left: 2.1rem;
}

.table-scroll {
  overflow-x: auto;
}

table {
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
}

th,
td {
  padding: 0.75rem;
  border-bottom: 1px solid var(--color-border);
  text-align: left;
  white-space: nowrap;
}

th button {
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0;
  border: 0;
  background: none;
  color: var(--color-muted);
  font-size: 0.78rem;
  font-weight: 700;
  letter-spacing: 0.05em;
  text-transform: uppercase;
  cursor: pointer;
}

.numeric {
  text-align: right;
}

th.numeric button {
  flex-direction: row-reverse;
}

tbody tr:hover {
  background: var(--color-surface-alt);
}

.mono {
  font-family: var(--font-mono);
  color: var(--color-muted);
}

.customer {
  display: grid;
}

.customer .muted {
  font-size: 0.8rem;
}

.status {
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: 999px;
  font-size: 0.78rem;
  font-weight: 700;
}

.status-paid {
  background: color-mix(in srgb, var(--color-success) 14%, transparent);
  color: var(--color-success);
}

.status-shipped {
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.status-pending {
  background: color-mix(in srgb, var(--color-warning) 16%, transparent);
  color: var(--color-warning);
}

.status-refunded {
  background: color-mix(in srgb, var(--color-danger) 14%, transparent);
  color: var(--color-danger);
}

.empty-row {
  padding: 2rem;
  color: var(--color-muted);
  text-align: center;
}

.pagination {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding-top: 0.75rem;
  font-size: 0.88rem;
}

.pagination .icon-button:disabled {
  opacity: 0.35;
  cursor: default;
}

@media (max-width: 1100px) {
  .kpi-grid {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
}

@media (max-width: 900px) {
  .layout {
    grid-template-columns: 1fr;
  }

  .sidebar {
    position: fixed;
    z-index: 40;
    left: 0;
    width: 260px;
    transform: translateX(-100%);
    transition: transform 0.2s ease;
  }

  .sidebar.open {
    transform: none;
  }

  .sidebar-close,
  .menu-button {
    display: inline-grid;
  }

  .chart-grid {
    grid-template-columns: 1fr;
  }
}

@media (max-width: 520px) {
  .kpi-grid {
    grid-template-columns: 1fr;
  }
}
`;

export function dashboardBlueprint(ctx: BlueprintContext): ProjectFiles {
  return assembleProject(ctx, {
    kind: 'an analytics dashboard',
    features: [
      'KPI cards for revenue, orders, new customers and conversion, with change against the previous period and sparklines',
      'Revenue line chart with the previous period for comparison and a hover tooltip, drawn in plain SVG',
      'Sales-by-channel donut and top-categories bar chart',
      'Recent orders table with search, status filter, sorting and paging',
      '7, 30 and 90-day ranges; a collapsible sidebar on small screens',
      'Deterministic sample data in `src/data/metrics.ts`, ready to swap for an API',
    ],
    files: {
      'src/App.tsx': appTsx(ctx),
      'src/app.css': APP_CSS,
      'src/data/metrics.ts': METRICS_TS,
      'src/lib/format.ts': FORMAT_TS,
      'src/components/Sidebar.tsx': SIDEBAR,
      'src/components/KpiCard.tsx': KPI_CARD,
      'src/components/LineChart.tsx': LINE_CHART,
      'src/components/DonutChart.tsx': DONUT_CHART,
      'src/components/BarChart.tsx': BAR_CHART,
      'src/components/OrdersTable.tsx': ORDERS_TABLE,
    },
  });
}
