import type { DatabaseColumn } from '@forge/protocol/databases';

/** A column's constraints as the Constraints column shows them: PK, NOT NULL, UNIQUE, FK → reference, DEFAULT value. */
export function columnConstraints(column: DatabaseColumn): string[] {
  const constraints: string[] = [];
  if (column.primaryKey) constraints.push('PK');
  // A primary key is not null by definition; saying so twice adds nothing.
  if (column.notNull && !column.primaryKey) constraints.push('NOT NULL');
  if (column.unique) constraints.push('UNIQUE');
  if (column.references) constraints.push(`FK → ${column.references}`);
  if (column.default !== null) constraints.push(`DEFAULT ${column.default}`);
  return constraints;
}

/** A cell as text: null as "null", objects as JSON, everything else as it reads. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Pages of `pageSize` rows needed for `total` rows; at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
