import { describe, expect, it } from '@jest/globals';
import { cellText, columnConstraints, pageCount } from './column-constraints';

const column = { name: 'c', type: 'integer', primaryKey: false, notNull: false, unique: false, references: null, default: null };

describe('columnConstraints', () => {
  it('names each constraint the Database view shows', () => {
    expect(columnConstraints({ ...column, primaryKey: true, notNull: true })).toEqual(['PK']);
    expect(columnConstraints({ ...column, notNull: true, unique: true, references: 'authors.id', default: "'Writer'" })).toEqual(['NOT NULL', 'UNIQUE', 'FK → authors.id', "DEFAULT 'Writer'"]);
    expect(columnConstraints(column)).toEqual([]);
  });
});

describe('cellText and pageCount', () => {
  it('shows null as "null" and objects as JSON', () => {
    expect(cellText(null)).toBe('null');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText('2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05.000Z');
  });

  it('counts pages of ten', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
