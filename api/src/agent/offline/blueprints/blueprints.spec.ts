import { describe, expect, it } from '@jest/globals';
import { FILE_END_MARKER, FILE_START_PREFIX } from '@forge/protocol/file-stream';
import { unsafePathReason } from '@forge/protocol/paths';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { PromptLibrary } from '../../prompt-library.js';
import { TEMPLATE_DIR, templateFiles } from '../../template/template-files.js';
import { BLUEPRINT_IDS } from '../describe.js';
import { planProject } from '../plan-project.js';
import { escapeHtml } from './template.js';
import { BLUEPRINTS } from './catalog.js';
import { type DatabaseMeta } from './readme.js';
import { EXAMPLE_DESCRIPTIONS } from './example-descriptions.js';

const CONVENTIONS = new PromptLibrary().get('conventions', 'v2');
const STACK = (JSON.parse(readFileSync(join(TEMPLATE_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;

const cases = BLUEPRINT_IDS.flatMap((id) => EXAMPLE_DESCRIPTIONS[id].map((example, i) => ({ id, label: `${id} #${i + 1}`, ...example })));

const COMMON_FILES = [
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'index.html',
  '.gitignore',
  'README.md',
  'public/favicon.svg',
  'src/main.tsx',
  'src/App.tsx',
  'src/index.css',
  'src/lib/utils.ts',
  'src/components/ui/button.tsx',
];
const DATA_APP_FILES = ['.env.example', 'drizzle.config.ts', 'shared/schema.ts', 'db/meta.json', 'db/seed.ts', 'server/env.ts', 'server/db.ts', 'server/index.ts', 'server/routes.ts'];

/** Where a relative or `@/` import in `from` points, if a file of the project is there. */
function resolveImport(files: Record<string, string>, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? `src/${specifier.slice(2)}` : posix.normalize(posix.join(posix.dirname(from), specifier));
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

  it('has the files the v2 conventions require: the template of its shape and its own', () => {
    for (const path of COMMON_FILES) expect(Object.keys(files)).toContain(path);
    for (const path of DATA_APP_FILES) {
      if (entry.isDataApp) expect(Object.keys(files)).toContain(path);
      else expect(Object.keys(files)).not.toContain(path);
    }
    for (const path of templateFiles(entry.isDataApp ? 'data' : 'static').keys()) expect(Object.keys(files)).toContain(path);
  });

  it('writes the template’s files first, then its own from App.tsx, and the README last', () => {
    const paths = Object.keys(files);
    const own = entry.files.filter((path) => path in files);
    expect(paths.slice(0, paths.length - own.length - 1)).toEqual([...plan.template.keys()].filter((path) => !own.includes(path)));
    expect(paths.slice(paths.length - own.length - 1, -1)).toEqual(own);
    expect(own[0]).toBe('src/App.tsx');
    expect(paths.at(-1)).toBe('README.md');
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

  it('has the template’s package.json, named after the project', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.name).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
    expect(pkg.scripts).toMatchObject({ build: 'vite build', typecheck: 'tsc --noEmit' });
    if (entry.isDataApp) expect(pkg.scripts).toMatchObject({ start: 'tsx server/index.ts', 'db:push': 'drizzle-kit push --force', 'db:seed': 'tsx db/seed.ts' });
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) expect({ name, version }).toEqual({ name, version: STACK[name] });
    // The scripts are the ones the conventions promise.
    for (const [name, command] of Object.entries(pkg.scripts)) expect(CONVENTIONS).toContain(`"${name}": "${command}"`);
  });

  it('imports only packages of its package.json, and project files that exist', () => {
    const packages = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
    for (const [path, content] of Object.entries(files)) {
      if (!/\.(ts|tsx)$/.test(path)) continue;
      for (const match of content.matchAll(/(?:from|import)\s+'([^'.][^']*)'/g)) {
        const specifier = match[1]!;
        if (specifier.startsWith('@/') || specifier.startsWith('node:')) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        expect({ path, import: specifier, listed: packages.has(name) }).toEqual({ path, import: specifier, listed: true });
      }
    }
  });

  it('imports only files that exist', () => {
    for (const [path, content] of Object.entries(files)) {
      if (!/\.(ts|tsx)$/.test(path)) continue;
      for (const match of content.matchAll(/(?:from|import)\s+'((?:\.{1,2}|@)\/[^']+)'/g)) {
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
