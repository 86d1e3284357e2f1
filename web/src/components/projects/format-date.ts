const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A project's modified date and time, e.g. "Mar 4, 2025, 9:05 PM" (en-US: short month,
 * day, year, hour and minute). The time zone is the viewer's unless one is given.
 */
export function formatModifiedAt(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space wraps and reads the same.
  return formatterFor(timeZone)
    .format(date)
    .replace(/\u202f/g, ' ');
}
