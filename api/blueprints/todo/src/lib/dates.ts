/** Today's date as YYYY-MM-DD in the visitor's time zone. */
export function todayKey(): string {
  return toKey(new Date());
}

export function toKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return date.getFullYear() + '-' + month + '-' + day;
}

export function addDays(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number);
  return toKey(new Date(year, month - 1, day + days));
}

/** Whole days from today to `key`: negative when it is in the past. */
export function daysFromToday(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  const [ty, tm, td] = todayKey().split('-').map(Number);
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(ty, tm - 1, td)) / 86_400_000);
}

export function describeDue(key: string): string {
  const days = daysFromToday(key);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  const [year, month, day] = key.split('-').map(Number);
  const label = new Date(year, month - 1, day).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  return days < 0 ? label + ' (' + -days + ' days ago)' : label;
}
