// Sample data, generated from a fixed seed so every visit shows the same numbers.
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
