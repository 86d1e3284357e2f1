import { describe, expect, it } from '@jest/globals';
import { FILE_END_MARKER, FILE_START_PREFIX } from '@forge/protocol/file-stream';
import { unsafePathReason } from '@forge/protocol/paths';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { BLUEPRINT_IDS } from '../describe.js';
import { planProject } from '../plan-project.js';
import { escapeHtml } from './template.js';
import { BLUEPRINTS } from './catalog.js';
import { type DatabaseMeta } from './readme.js';
import { ALL_ALLOWED_DEPENDENCIES } from './dependency-versions.js';
import { EXAMPLE_DESCRIPTIONS } from './example-descriptions.js';

const CONVENTIONS = readFileSync(new URL('../../../../prompts/v1/conventions.md', import.meta.url), 'utf8');

const cases = BLUEPRINT_IDS.flatMap((id) => EXAMPLE_DESCRIPTIONS[id].map((example, i) => ({ id, label: `${id} #${i + 1}`, ...example })));

const COMMON_FILES = ['package.json', 'tsconfig.json', 'vite.config.ts', 'index.html', '.gitignore', 'README.md', 'public/favicon.svg', 'src/main.tsx', 'src/App.tsx', 'src/styles.css'];
const DATA_APP_FILES = ['.env.example', 'drizzle.config.ts', 'shared/schema.ts', 'db/meta.json', 'db/seed.ts', 'server/env.ts', 'server/db.ts', 'server/index.ts', 'server/routes.ts'];

/** Where a relative import in `from` points, if a file of the project is there. */
function resolveImport(files: Record<string, string>, from: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => candidate in files);
}

describe.each(cases)('blueprint $label', ({ id, description, projectName }) => {
  const plan = planProject(description, projectName);
  const { files } = plan;
  const entry = BLUEPRINTS[id];
  const pkg = JSON.parse(files['package.json']) as {
    name: string;
    type: string;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('is chosen for its description', () => {
    expect(plan.blueprint.id).toBe(id);
  });

  it('has the files conventions.md requires', () => {
    for (const path of COMMON_FILES) expect(Object.keys(files)).toContain(path);
    for (const path of DATA_APP_FILES) {
      if (entry.isDataApp) expect(Object.keys(files)).toContain(path);
      else expect(Object.keys(files)).not.toContain(path);
    }
  });

  it('uses only safe paths and complete, marker-free files', () => {
    for (const [path, content] of Object.entries(files)) {
      expect(unsafePathReason(path)).toBeNull();
      expect(content.endsWith('\n')).toBe(true);
      expect(content).not.toContain('\r');
      for (const line of content.split('\n')) {
        expect(line.startsWith(FILE_START_PREFIX) || line.startsWith(FILE_END_MARKER)).toBe(false);
      }
    }
  });

  it('has the package.json scripts and only allowed dependencies at their listed versions', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.name).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
    expect(pkg.scripts).toMatchObject({ build: 'vite build', typecheck: 'tsc --noEmit' });
    expect(pkg.scripts.start).toBeTruthy();
    if (entry.isDataApp) expect(pkg.scripts).toMatchObject({ start: 'tsx server/index.ts', 'db:push': 'drizzle-kit push --force', 'db:seed': 'tsx db/seed.ts' });
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(ALL_ALLOWED_DEPENDENCIES[name]).toBe(version);
    }
    // The scripts are the ones conventions.md promises.
    for (const [name, command] of Object.entries(pkg.scripts)) expect(CONVENTIONS).toContain(`"${name}": "${command}"`);
  });

  it('imports only files that exist', () => {
    for (const [path, content] of Object.entries(files)) {
      if (!/\.(ts|tsx)$/.test(path)) continue;
      for (const match of content.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)) {
        expect({ path, import: match[1], resolved: Boolean(resolveImport(files, path, match[1])) }).toEqual({ path, import: match[1], resolved: true });
      }
    }
  });

  it('has real content and a README that tells the story', () => {
    const all = Object.values(files).join('\n');
    expect(all).not.toMatch(/lorem|ipsum/i);
    expect(all).not.toMatch(/\bTODO\b|\bFIXME\b/);
    expect(files['README.md']).toContain(`# ${plan.context.title}`);
    expect(files['README.md']).toContain('npm install');
    for (const line of description.split('\n')) expect(files['README.md']).toContain(line);
  });

  it('titles the page with the app title, escaped', () => {
    expect(files['index.html']).toContain(`<title>${escapeHtml(plan.context.title)}</title>`);
  });

  it('is deterministic', () => {
    expect(planProject(description, projectName).files).toEqual(files);
  });

  if (entry.isDataApp) {
    it('describes its database in db/meta.json, matching shared/schema.ts', () => {
      const meta = JSON.parse(files['db/meta.json']) as DatabaseMeta;
      expect(Object.keys(meta).sort()).toEqual(['description', 'tables']);
      expect(typeof meta.description).toBe('string');
      expect(meta.tables.length).toBeGreaterThan(0);
      const schema = files['shared/schema.ts'];
      const columnNames = new Set(meta.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
      for (const table of meta.tables) {
        expect(schema).toContain(`pgTable('${table.name}'`);
        expect(table.columns.filter((c) => c.primaryKey)).toHaveLength(1);
        for (const column of table.columns) {
          expect(Object.keys(column).sort()).toEqual(['default', 'name', 'notNull', 'primaryKey', 'references', 'type', 'unique']);
          expect(typeof column.name).toBe('string');
          expect(typeof column.type).toBe('string');
          expect(typeof column.primaryKey).toBe('boolean');
          expect(typeof column.notNull).toBe('boolean');
          expect(typeof column.unique).toBe('boolean');
          expect(column.references === null || columnNames.has(column.references)).toBe(true);
          expect(column.default === null || typeof column.default === 'string').toBe(true);
          expect(schema).toMatch(new RegExp(`\\('${column.name}'`));
        }
      }
    });

    it('lists DATABASE_URL in .env.example as a described KEY=example pair', () => {
      const lines = files['.env.example'].trimEnd().split('\n');
      expect(lines.length % 2).toBe(0);
      for (let i = 0; i < lines.length; i += 2) {
        expect(lines[i]).toMatch(/^# \S/);
        expect(lines[i + 1]).toMatch(/^[A-Z][A-Z0-9_]*=\S+$/);
      }
      expect(lines).toContain(lines.find((line) => line.startsWith('DATABASE_URL=postgresql://')));
    });
  }
});

describe('conventions.md', () => {
  it('lists every allowed dependency at the version the blueprints use', () => {
    for (const [name, version] of Object.entries(ALL_ALLOWED_DEPENDENCIES)) {
      expect(CONVENTIONS).toContain(`| ${name} | ${version} |`);
    }
  });

  it('documents the db/meta.json keys and the file-stream markers', () => {
    for (const key of ['"primaryKey"', '"notNull"', '"unique"', '"references"', '"default"']) expect(CONVENTIONS).toContain(key);
    expect(CONVENTIONS).toContain(FILE_END_MARKER);
  });
});

describe('blueprint escaping', () => {
  it('writes a hostile title safely into HTML, JSON and TypeScript', () => {
    const { files, context } = planProject('A landing page called "Tom\'s {Best} <Bread> & $Co \\ Cafe"', 'x');
    expect(context.title).toBe("Tom's {Best} <Bread> & $Co \\ Cafe");
    expect(files['index.html']).toContain("<title>Tom's {Best} &lt;Bread&gt; &amp; $Co \\ Cafe</title>");
    expect(files['public/favicon.svg']).toContain('>T</text>');
    expect(files['src/content.ts']).toContain(`name: "Tom's {Best} <Bread> & $Co \\\\ Cafe"`);
  });

  it('never lets a description smuggle a marker line into a file', () => {
    const { files } = planProject(`A blog\n${FILE_END_MARKER}\n${FILE_START_PREFIX}x>>>`, 'x');
    for (const content of Object.values(files)) {
      for (const line of content.split('\n')) expect(line.startsWith('<<<')).toBe(false);
    }
  });
});
