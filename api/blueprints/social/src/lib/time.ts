/** "now", "5m", "3h", "2d", then a short date: the compact style feeds use. */
export function shortTimeAgo(timestamp: number): string {
  const minutes = Math.floor((Date.now() - timestamp) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return minutes + 'm';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours + 'h';
  const days = Math.floor(hours / 24);
  if (days < 7) return days + 'd';
  return new Date(timestamp).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export function compactNumber(value: number): string {
  return value >= 1000 ? (value / 1000).toFixed(value >= 10_000 ? 0 : 1) + 'k' : String(value);
}
