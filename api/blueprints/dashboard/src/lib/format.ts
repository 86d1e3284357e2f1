import { format } from 'date-fns';

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
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
  return format(date, 'MMM d');
}

export function formatDateTime(date: Date): string {
  return format(date, 'MMM d, h:mm a');
}

/** Percentage change from `previous` to `current`; 0 when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number {
  return previous === 0 ? 0 : ((current - previous) / previous) * 100;
}
