// Checks on the blueprint folders themselves (api/blueprints): every file is written, every variant
// is reachable and fills cleanly, and each data app's db/meta.json says what its Drizzle schema says.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BLUEPRINT_IDS, type BlueprintId } from '../describe.js';
import { planProject } from '../plan-project.js';
import { BLUEPRINTS_DIR, readBlueprintFile, slotValues } from './blueprint-files.js';
import { BLUEPRINTS } from './catalog.js';
import { type DatabaseMeta } from './readme.js';

/** A folder's files, leaving out the type-check config, its build info and the variant modules. */
function filesOf(folder: string): string[] {
  const root = join(BLUEPRINTS_DIR, folder);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (['node_modules', 'variants'].includes(name)) return [];
      return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
    });
  return walk(root).filter((path) => path !== 'tsconfig.json' && !path.endsWith('.tsbuildinfo'));
}

function variantsOf(id: BlueprintId): string[] {
  const dir = join(BLUEPRINTS_DIR, id, 'variants');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name.replace(/\.ts$/, ''));
}

/** Descriptions that between them reach every variant of every blueprint. */
const DESCRIPTIONS: Record<BlueprintId, string[]> = {
  landing: ['A landing page for my SaaS', 'A bakery website', 'A cafe homepage', 'A restaurant website', 'A designer portfolio', 'A photography portfolio'],
  todo: ['A todo app', 'A kanban board for our engineering team'],
  dashboard: ['An admin dashboard'],
  blog: ['A blog about design', 'A travel blog', 'A food blog with recipes'],
  shop: ['An online store', 'An online coffee shop', 'A clothing store', 'A shop selling houseplants'],
  social: ['A social network for makers', 'A community for runners'],
};

describe.each(BLUEPRINT_IDS)('blueprint folder %s', (id) => {
  const entry = BLUEPRINTS[id];
  const plans = DESCRIPTIONS[id].map((description) => planProject(description, 'my-react-app'));

  it('lists every file of its folder, in the order they are written', () => {
    expect([...entry.files].sort()).toEqual(filesOf(id).sort());
  });

  it('has variant modules whose exports all fill a slot, and each is reached by a description', () => {
    for (const variant of variantsOf(id)) expect(() => slotValues(id, entry.files, [variant])).not.toThrow();
    const reached = new Set(plans.flatMap((plan) => entry.fill(plan.context).variants ?? []));
    expect([...reached].sort()).toEqual(variantsOf(id).sort());
  });

  it('leaves no placeholder, slot marker or @if line in what it writes', () => {
    for (const { files } of plans) {
      for (const [path, content] of Object.entries(files)) {
        expect({ path, leftover: content.match(/\{\{\w+\}\}|@slot|@if \w/g) }).toEqual({ path, leftover: null });
      }
    }
  });
});

describe('the blueprints folder', () => {
  it('holds the blueprints, the favicon they share, and nothing of the old scaffold', () => {
    const entries = readdirSync(BLUEPRINTS_DIR).filter((name) => name !== 'node_modules' && !name.endsWith('.tsbuildinfo'));
    expect(entries.sort()).toEqual(['README.md', 'favicon.svg', 'tsconfig.json', ...BLUEPRINT_IDS].sort());
  });
});

/** db/meta.json as the Drizzle schema in shared/schema.ts implies it, column by column. */
function metaFromSchema(schema: string): DatabaseMeta['tables'] {
  const blocks = [...schema.matchAll(/^export const (\w+) = pgTable\('(\w+)', \{\n([\s\S]*?)\n\}\);/gm)];
  const columnsOf = (block: RegExpMatchArray) =>
    block[3].split('\n').map((line) => {
      const match = /^ {2}(\w+): (\w+)\('(\w+)'(?:, \{ length: (\d+) \}|, \{ withTimezone: true \})?\)(.*),$/.exec(line);
      if (!match) throw new Error(`Unexpected schema line: ${line}`);
      const [, property, kind, name, length, chain] = match;
      return { property, kind, name, length, chain };
    });
  return blocks.map((block) => ({
    name: block[2],
    columns: columnsOf(block).map(({ kind, name, length, chain }) => {
      const reference = /\.references\(\(\) => (\w+)\.(\w+)/.exec(chain);
      const target = reference && blocks.find((b) => b[1] === reference[1])!;
      const defaultValue = /\.default\((.+?)\)/.exec(chain)?.[1];
      const parsedDefault = defaultValue === undefined ? undefined : (JSON.parse(defaultValue) as string | number | boolean);
      return {
        name,
        type: { serial: 'serial', integer: 'integer', text: 'text', varchar: `varchar(${length})`, boolean: 'boolean', timestamp: 'timestamp with time zone' }[kind]!,
        primaryKey: chain.includes('.primaryKey()'),
        notNull: chain.includes('.primaryKey()') || chain.includes('.notNull()'),
        unique: chain.includes('.unique()'),
        references: target ? `${target[2]}.${columnsOf(target).find((c) => c.property === reference[2])!.name}` : null,
        default: chain.includes('.defaultNow()') ? 'now()' : parsedDefault === undefined ? null : typeof parsedDefault === 'string' ? `'${parsedDefault.replace(/'/g, "''")}'` : String(parsedDefault),
      };
    }),
  }));
}

describe.each(BLUEPRINT_IDS.filter((id) => BLUEPRINTS[id].isDataApp))('data app %s', (id) => {
  it('describes in db/meta.json exactly the tables of shared/schema.ts', () => {
    const meta = JSON.parse(readBlueprintFile(id, 'db/meta.json')) as DatabaseMeta;
    expect(meta.tables).toEqual(metaFromSchema(readBlueprintFile(id, 'shared/schema.ts')));
  });
});
