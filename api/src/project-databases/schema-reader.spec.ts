import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { schemaFromDrizzle, schemaFromMeta } from './schema-reader.js';

const blueprint = (path: string) => readFileSync(new URL(`../../blueprints/${path}`, import.meta.url), 'utf8');

describe('schemaFromDrizzle', () => {
  it.each(['blog', 'shop'])("reads the %s blueprint's shared/schema.ts exactly as its db/meta.json describes it", (name) => {
    const meta = schemaFromMeta(blueprint(`${name}/db/meta.json`))!;
    expect(schemaFromDrizzle(blueprint(`${name}/shared/schema.ts`))).toEqual({ ...meta, description: null });
  });

  it('reads enums, numerics, arrays, uuids, SQL defaults and names left to the property', () => {
    const schema = schemaFromDrizzle(`
      import { pgEnum, pgTable, uuid, numeric, text, jsonb } from 'drizzle-orm/pg-core';
      // pgTable('ignored', {}) in a comment
      export const status = pgEnum('order_status', ['new', 'paid']);
      export const orders = pgTable("orders", {
        id: uuid('id').primaryKey().defaultRandom(),
        total: numeric('total', { precision: 10, scale: 2 }).notNull().default('0.00'),
        state: status('state').default('new'),
        tags: text('tags').array(),
        note: text(),
        meta: jsonb('meta').default(sql\`'{}'::jsonb\`),
        'quoted-key': text('quoted_key').unique(),
      }, (table) => [index('orders_state').on(table.state)]);
    `);
    expect(schema.tables).toHaveLength(1);
    expect(schema.tables[0]!.columns).toEqual([
      { name: 'id', type: 'uuid', primaryKey: true, notNull: true, unique: false, references: null, default: 'gen_random_uuid()' },
      { name: 'total', type: 'numeric(10, 2)', primaryKey: false, notNull: true, unique: false, references: null, default: "'0.00'" },
      { name: 'state', type: 'order_status', primaryKey: false, notNull: false, unique: false, references: null, default: "'new'" },
      { name: 'tags', type: 'text[]', primaryKey: false, notNull: false, unique: false, references: null, default: null },
      { name: 'note', type: 'text', primaryKey: false, notNull: false, unique: false, references: null, default: null },
      { name: 'meta', type: 'jsonb', primaryKey: false, notNull: false, unique: false, references: null, default: "'{}'::jsonb" },
      { name: 'quoted_key', type: 'text', primaryKey: false, notNull: false, unique: true, references: null, default: null },
    ]);
  });

  it('finds nothing in a file without tables', () => {
    expect(schemaFromDrizzle('export const x = 1;')).toEqual({ description: null, tables: [] });
  });
});

describe('schemaFromMeta', () => {
  it('refuses what is not JSON of the documented shape', () => {
    expect(schemaFromMeta('not json')).toBeNull();
    expect(schemaFromMeta('{"tables": {}}')).toBeNull();
    expect(schemaFromMeta('{"tables": [{"name": 1, "columns": []}]}')).toBeNull();
  });

  it('fills in what a column leaves out and makes a primary key not null', () => {
    expect(schemaFromMeta('{"tables": [{"name": "t", "columns": [{"name": "id", "primaryKey": true, "default": 0}]}]}')).toEqual({
      description: null,
      tables: [{ name: 't', columns: [{ name: 'id', type: 'unknown', primaryKey: true, notNull: true, unique: false, references: null, default: '0' }] }],
    });
  });
});
