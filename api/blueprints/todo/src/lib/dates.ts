import { addDays as addCalendarDays, differenceInCalendarDays, format, parseISO } from 'date-fns';

/** Today's date as YYYY-MM-DD in the visitor's time zone. */
export function todayKey(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

export function addDays(key: string, days: number): string {
  return format(addCalendarDays(parseISO(key), days), 'yyyy-MM-dd');
}

/** Whole days from today to `key`: negative when it is in the past. */
export function daysFromToday(key: string): number {
  return differenceInCalendarDays(parseISO(key), new Date());
}

export function describeDue(key: string): string {
  const days = daysFromToday(key);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  const label = format(parseISO(key), 'EEE, MMM d');
  return days < 0 ? `${label} (${-days} days ago)` : label;
}
