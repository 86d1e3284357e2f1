// An analytics dashboard (api/blueprints/dashboard): KPI cards with sparklines, recharts charts,
// a sortable, searchable orders table and a date-range switcher. Data is generated
// deterministically in the app, so every visit shows the same believable numbers.
import { type BlueprintEntry } from './blueprint-context.js';

export const dashboardBlueprint: BlueprintEntry = {
  id: 'dashboard',
  isDataApp: false,
  summary: 'KPI cards, revenue, channel and category charts, a sortable orders table and a date-range switcher',
  defaults: () => ({
    title: 'Pulse Analytics',
    tagline: 'Your business at a glance: revenue, customers and orders in real time.',
    palette: { primary: '#0f766e', accent: '#f59e0b', scheme: 'light' },
    kind: 'an analytics dashboard',
  }),
  files: [
    'src/App.tsx',
    'src/components/Sidebar.tsx',
    'src/components/KpiCard.tsx',
    'src/components/chart-style.ts',
    'src/components/RevenueChart.tsx',
    'src/components/ChannelChart.tsx',
    'src/components/CategoryChart.tsx',
    'src/components/OrdersTable.tsx',
    'src/data/metrics.ts',
    'src/lib/format.ts',
  ],
  fill: () => ({
    features: [
      'KPI cards for revenue, orders, new customers and conversion, with change against the previous period and sparklines',
      'Revenue area chart with the previous period for comparison and a hover tooltip (recharts)',
      'Sales-by-channel donut and top-categories bar chart',
      'Recent orders table with search, status filter, sorting and paging',
      '7, 30 and 90-day ranges; a collapsible sidebar on small screens',
      'Deterministic sample data in `src/data/metrics.ts`, ready to swap for an API',
    ],
  }),
};
