import { differenceInDays, differenceInHours, differenceInMinutes, format } from 'date-fns';

/** "now", "5m", "3h", "2d", then a short date: the compact style feeds use. */
export function shortTimeAgo(timestamp: number): string {
  const now = Date.now();
  const minutes = differenceInMinutes(now, timestamp);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m`;
  const hours = differenceInHours(now, timestamp);
  if (hours < 24) return `${hours}h`;
  const days = differenceInDays(now, timestamp);
  if (days < 7) return `${days}d`;
  return format(timestamp, 'MMM d');
}

export function compactNumber(value: number): string {
  return value >= 1000 ? (value / 1000).toFixed(value >= 10_000 ? 0 : 1) + 'k' : String(value);
}
