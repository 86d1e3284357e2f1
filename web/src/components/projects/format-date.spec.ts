import { describe, expect, it } from '@jest/globals';
import { formatModifiedAt } from './format-date';

describe('formatModifiedAt', () => {
  it('shows short month, day, year, hour and minute in en-US', () => {
    expect(formatModifiedAt('2025-03-04T21:05:00Z', 'UTC')).toBe('Mar 4, 2025, 9:05 PM');
  });

  it('uses a 12-hour clock with two-digit minutes', () => {
    expect(formatModifiedAt('2024-12-31T00:00:00Z', 'UTC')).toBe('Dec 31, 2024, 12:00 AM');
    expect(formatModifiedAt('2024-07-09T12:30:00Z', 'UTC')).toBe('Jul 9, 2024, 12:30 PM');
  });

  it('honours the time zone', () => {
    expect(formatModifiedAt('2025-01-01T02:15:00Z', 'America/New_York')).toBe('Dec 31, 2024, 9:15 PM');
  });

  it('accepts dates and epoch milliseconds', () => {
    const when = Date.UTC(2023, 5, 15, 8, 7);
    expect(formatModifiedAt(when, 'UTC')).toBe('Jun 15, 2023, 8:07 AM');
    expect(formatModifiedAt(new Date(when), 'UTC')).toBe('Jun 15, 2023, 8:07 AM');
  });

  it('says so when the date cannot be read', () => {
    expect(formatModifiedAt('not a date')).toBe('Unknown date');
  });
});
