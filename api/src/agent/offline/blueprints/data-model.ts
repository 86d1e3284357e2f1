// One description of a data app's tables renders both shared/schema.ts (Drizzle) and
// db/meta.json (what the Database view shows), so the two can never disagree.

export type ColumnKind = 'serial' | 'integer' | 'text' | 'varchar' | 'boolean' | 'timestamp';

export interface ColumnModel {
  /** The SQL name, snake_case; the TypeScript property is its camelCase form. */
  name: string;
  kind: ColumnKind;
  /** varchar only. */
  length?: number;
  primaryKey?: boolean;
  notNull?: boolean;
  unique?: boolean;
  references?: { table: string; column: string; onDelete: 'cascade' | 'set null' | 'restrict' };
  defaultNow?: boolean;
  defaultValue?: string | number | boolean;
}

export interface TableModel {
  name: string;
  /** Singular PascalCase name of a row type: `Post` for `posts`. */
  rowType: string;
  columns: ColumnModel[];
}

/** The spec's "Database schema" entity, as written to db/meta.json. */
export interface DatabaseMeta {
  description: string;
  tables: Array<{
    name: string;
    columns: Array<{
      name: string;
      type: string;
      primaryKey: boolean;
      notNull: boolean;
      unique: boolean;
      references: string | null;
      default: string | null;
    }>;
  }>;
}

export function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const SQL_TYPES: Record<ColumnKind, (column: ColumnModel) => string> = {
  serial: () => 'serial',
  integer: () => 'integer',
  text: () => 'text',
  varchar: (column) => `varchar(${column.length ?? 255})`,
  boolean: () => 'boolean',
  timestamp: () => 'timestamp with time zone',
};

function sqlDefault(column: ColumnModel): string | null {
  if (column.defaultNow) return 'now()';
  if (column.defaultValue === undefined) return null;
  return typeof column.defaultValue === 'string' ? `'${column.defaultValue.replace(/'/g, "''")}'` : String(column.defaultValue);
}

export function renderDatabaseMeta(description: string, tables: TableModel[]): DatabaseMeta {
  return {
    description,
    tables: tables.map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => ({
        name: column.name,
        type: SQL_TYPES[column.kind](column),
        primaryKey: Boolean(column.primaryKey),
        // A primary key is never null, whether or not the model says so.
        notNull: Boolean(column.primaryKey || column.notNull),
        unique: Boolean(column.unique),
        references: column.references ? `${column.references.table}.${column.references.column}` : null,
        default: sqlDefault(column),
      })),
    })),
  };
}

function drizzleColumn(column: ColumnModel, tables: TableModel[]): string {
  const base =
    column.kind === 'varchar'
      ? `varchar('${column.name}', { length: ${column.length ?? 255} })`
      : column.kind === 'timestamp'
        ? `timestamp('${column.name}', { withTimezone: true })`
        : `${column.kind}('${column.name}')`;
  const parts = [base];
  if (column.primaryKey) parts.push('.primaryKey()');
  if (column.notNull && !column.primaryKey) parts.push('.notNull()');
  if (column.unique) parts.push('.unique()');
  if (column.defaultNow) parts.push('.defaultNow()');
  if (column.defaultValue !== undefined) parts.push(`.default(${JSON.stringify(column.defaultValue)})`);
  if (column.references) {
    const target = tables.find((t) => t.name === column.references!.table);
    if (!target) throw new Error(`Column ${column.name} references unknown table ${column.references.table}`);
    parts.push(`.references(() => ${camelCase(target.name)}.${camelCase(column.references.column)}, { onDelete: '${column.references.onDelete}' })`);
  }
  return parts.join('');
}

export function renderDrizzleSchema(tables: TableModel[]): string {
  const kinds = [...new Set(tables.flatMap((t) => t.columns.map((c) => c.kind)))].sort();
  const blocks = tables.map((table) => {
    const columns = table.columns.map((column) => `  ${camelCase(column.name)}: ${drizzleColumn(column, tables)},`).join('\n');
    const exportName = camelCase(table.name);
    return [
      `export const ${exportName} = pgTable('${table.name}', {`,
      columns,
      '});',
      '',
      `export type ${table.rowType} = typeof ${exportName}.$inferSelect;`,
      `export type New${table.rowType} = typeof ${exportName}.$inferInsert;`,
    ].join('\n');
  });
  return [
    '// The database tables. db/meta.json describes the same tables for the Database view: change both together.',
    `import { ${[...kinds, 'pgTable'].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}
