import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATE_DIR, TEMPLATE_SHAPES, commonTemplatePaths, readTemplateShape, templateFiles } from './template-files.js';
import { THEME_FILE, themeTokenLines, withThemeTokens } from './theme-tokens.js';

interface PackageJson {
  name: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const pkgOf = (files: Map<string, string>) => JSON.parse(files.get('package.json')!) as PackageJson;
const stack = JSON.parse(readFileSync(join(TEMPLATE_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

const UI = [
  'alert',
  'avatar',
  'badge',
  'button',
  'card',
  'checkbox',
  'dialog',
  'dropdown-menu',
  'form',
  'input',
  'label',
  'progress',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'sonner',
  'switch',
  'table',
  'tabs',
  'textarea',
  'tooltip',
];

describe('templateFiles', () => {
  it.each(TEMPLATE_SHAPES)('gives a %s project its entry, configuration, design tokens and UI components, entry first', (shape) => {
    const files = templateFiles(shape);
    expect([...files.keys()].slice(0, 8)).toEqual(['package.json', 'index.html', 'vite.config.ts', 'tsconfig.json', 'src/main.tsx', 'src/index.css', 'src/App.tsx', 'src/lib/utils.ts']);
    for (const name of UI) expect(files.has(`src/components/ui/${name}.tsx`)).toBe(true);
    expect(files.has('.gitignore')).toBe(true);
    expect(files.has('_gitignore')).toBe(false);
    expect(files.get('src/index.css')).toContain('@theme inline');
    expect(files.get('vite.config.ts')).toContain('tailwindcss()');
    for (const [path, content] of files) expect({ path, endsWithNewline: content.endsWith('\n') }).toEqual({ path, endsWithNewline: true });
  });

  it('gives a data app the Express server, Drizzle and the files the database view reads', () => {
    const files = templateFiles('data');
    for (const path of ['server/index.ts', 'server/db.ts', 'server/env.ts', 'server/routes.ts', 'drizzle.config.ts', 'shared/schema.ts', 'db/meta.json', 'db/seed.ts', 'src/lib/api.ts']) {
      expect(files.has(path)).toBe(true);
    }
    expect(files.get('.env.example')).toMatch(/^DATABASE_URL=postgresql:\/\//m);
    expect(pkgOf(files).scripts).toMatchObject({ start: 'tsx server/index.ts', 'db:push': 'drizzle-kit push --force', 'db:seed': 'tsx db/seed.ts' });
    expect(files.get('vite.config.ts')).toContain("proxy: { '/api'");
    expect(files.get('src/main.tsx')).toContain('QueryClientProvider');
  });

  it('gives an api-key app a server that holds the secret and no database', () => {
    const files = templateFiles('api-key');
    expect(files.get('.env.example')).toMatch(/^SERVICE_API_KEY=/m);
    expect(files.get('.env.example')).not.toContain('DATABASE_URL');
    expect(files.get('server/index.ts')).toContain('res.status(503)');
    expect(files.has('src/components/waiting-for-key.tsx')).toBe(true);
    expect(files.has('drizzle.config.ts')).toBe(false);
    const pkg = pkgOf(files);
    expect(pkg.scripts.start).toBe('tsx server/index.ts');
    expect(pkg.scripts['db:push']).toBeUndefined();
    expect(pkg.dependencies.pg).toBeUndefined();
  });

  it('gives a static app no server', () => {
    const files = templateFiles('static');
    expect([...files.keys()].filter((path) => /^(server|shared|db)\//.test(path) || path === '.env.example')).toEqual([]);
    expect(pkgOf(files).scripts.start).toMatch(/^vite preview /);
  });

  it('pins every package at the version the stack file lists, and the stack file is exactly what the shapes use', () => {
    const used: Record<string, string> = {};
    for (const shape of TEMPLATE_SHAPES) {
      const pkg = pkgOf(templateFiles(shape));
      for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
        expect({ name, version }).toEqual({ name, version: stack.dependencies[name] });
        used[name] = version;
      }
    }
    expect(Object.keys(stack.dependencies).sort()).toEqual(Object.keys(used).sort());
    for (const [name, version] of Object.entries(stack.dependencies)) expect({ name, exact: /^\d+\.\d+\.\d+$/.test(version) }).toEqual({ name, exact: true });
  });

  it('names the package, the page and the local database after the project', () => {
    const files = templateFiles('data', { projectName: 'Bean There' });
    expect(pkgOf(files).name).toBe('bean-there');
    expect(files.get('index.html')).toContain('<title>Bean There</title>');
    expect(files.get('.env.example')).toContain('localhost:5432/bean_there');
  });

  it('lists the files every shape shares, to lay down before the shape is known', () => {
    const common = commonTemplatePaths();
    expect(common).toEqual(expect.arrayContaining(['index.html', 'src/index.css', 'src/components/ui/button.tsx', 'src/lib/utils.ts']));
    expect(common).not.toContain('package.json');
    expect(common).not.toContain('src/main.tsx');
  });
});

describe('readTemplateShape', () => {
  it('reads the shape line of the opening commentary only', () => {
    expect(readTemplateShape('Building a blog.\nTemplate: data\n\n<<<FILE src/App.tsx>>>\n')).toBe('data');
    expect(readTemplateShape('Template: api-key.\n')).toBe('api-key');
    expect(readTemplateShape('A todo app.\n<<<FILE README.md>>>\nTemplate: data\n<<<END FILE>>>\n')).toBeNull();
    expect(readTemplateShape('Template: data')).toBe('data');
    expect(readTemplateShape('The template: data apps are')).toBeNull();
  });
});

describe('theme tokens', () => {
  const css = templateFiles('static').get(THEME_FILE)!;

  it('reads the colour tokens of the :root block', () => {
    const tokens = themeTokenLines(css);
    for (const name of ['background', 'foreground', 'primary', 'primary-foreground', 'accent', 'accent-foreground', 'muted', 'border', 'ring', 'chart-1']) expect(tokens.has(name)).toBe(true);
    expect(css.split('\n')[tokens.get('primary')!.index]).toBe('  --primary: #4f46e5;');
  });

  it('sets tokens and the colour scheme, leaving every other line alone', () => {
    const next = withThemeTokens(css, { primary: '#0d9488', unknown: '#000000' }, 'dark');
    const changed = next.split('\n').filter((line, i) => line !== css.split('\n')[i]);
    expect(changed).toEqual(['  color-scheme: dark;', '  --primary: #0d9488;']);
  });
});
