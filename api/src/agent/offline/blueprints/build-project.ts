// Writes a project from a blueprint: package.json and tsconfig.json made here, the shared files
// from api/blueprints/scaffold (and scaffold-data for apps with a database), the blueprint's own
// files, every placeholder filled, and the README.
import { type BlueprintContext, type BlueprintEntry, type ProjectFiles } from './blueprint-context.js';
import { hasBlueprintFile, readBlueprintFile, slotValues } from './blueprint-files.js';
import { DATA_APP_DEPENDENCIES, DATA_APP_DEV_DEPENDENCIES, STATIC_APP_DEPENDENCIES, STATIC_APP_DEV_DEPENDENCIES } from './dependency-versions.js';
import { type DatabaseMeta, renderReadme } from './readme.js';
import { type TsValue } from './ts-literal.js';
import { fillTemplate } from './template.js';

/** The files every project starts with, in this order, when it has them. */
export const LEADING_FILES = [
  'vite.config.ts',
  'index.html',
  '.gitignore',
  '.env.example',
  'drizzle.config.ts',
  'shared/schema.ts',
  'db/meta.json',
  'server/env.ts',
  'server/db.ts',
  'server/http-error.ts',
  'server/index.ts',
  'public/favicon.svg',
  'src/main.tsx',
  'src/styles.css',
];

/** A dot-file in a blueprint folder would act on the repository (a .gitignore would ignore files): it is stored without the dot. */
export const STORED_AS: Record<string, string> = { '.gitignore': '_gitignore' };

export function buildProject(entry: BlueprintEntry, ctx: BlueprintContext): ProjectFiles {
  const fill = entry.fill(ctx);
  const own = entry.files.filter((path) => !fill.omit?.includes(path));
  // The blueprint's own files win over scaffold-data's, which win over scaffold's.
  const shared = entry.isDataApp ? ['scaffold-data', 'scaffold'] : ['scaffold'];
  const sourceOf = (path: string) => {
    const stored = STORED_AS[path] ?? path;
    const folder = own.includes(path) ? entry.id : shared.find((layer) => hasBlueprintFile(layer, stored));
    return folder && { folder, path: stored };
  };
  const input = {
    values: { ...scaffoldValues(ctx), ...slotValues(entry.id, own, fill.variants), ...fill.slots },
    flags: fill.flags ?? {},
  };

  const files: ProjectFiles = { 'package.json': packageJson(ctx, entry.isDataApp), 'tsconfig.json': tsconfigJson(entry.isDataApp) };
  for (const path of [...LEADING_FILES, ...own]) {
    const source = sourceOf(path);
    if (!source || path in files) continue;
    const text = fillTemplate(path, readBlueprintFile(source.folder, source.path), input);
    files[path] = text.endsWith('\n') ? text : `${text}\n`;
  }
  const meta = entry.isDataApp ? (JSON.parse(files['db/meta.json']) as DatabaseMeta) : undefined;
  files['README.md'] = renderReadme(ctx, {
    kind: entry.defaults(ctx.words).kind,
    features: fill.features,
    paths: [...Object.keys(files), 'README.md'],
    data: meta && { endpoints: entry.endpoints ?? [], meta },
  });
  return files;
}

/** Text for the {{name}} placeholders and values for the slots of the shared files. */
function scaffoldValues(ctx: BlueprintContext): Record<string, TsValue> {
  const dark = ctx.palette.scheme === 'dark';
  return {
    title: ctx.title,
    tagline: ctx.tagline,
    packageName: ctx.packageName,
    databaseName: ctx.packageName.replace(/[^a-z0-9_]/g, '_'),
    // The favicon's letter: the title's first letter or digit.
    initial: (ctx.title.match(/[\p{L}\p{N}]/u)?.[0] ?? 'A').toUpperCase(),
    ...ctx.palette,
    success: dark ? '#4ade80' : '#15803d',
    danger: dark ? '#f87171' : '#b91c1c',
    warning: dark ? '#fbbf24' : '#b45309',
    shadowSmOpacity: dark ? '0.4' : '0.06',
    shadowOpacity: dark ? '0.6' : '0.18',
  };
}

function packageJson(ctx: BlueprintContext, isDataApp: boolean): string {
  const scripts: Record<string, string> = isDataApp
    ? {
        dev: 'vite',
        'dev:server': 'tsx watch server/index.ts',
        build: 'vite build',
        typecheck: 'tsc --noEmit',
        start: 'tsx server/index.ts',
        'db:push': 'drizzle-kit push --force',
        'db:seed': 'tsx db/seed.ts',
      }
    : {
        dev: 'vite',
        build: 'vite build',
        typecheck: 'tsc --noEmit',
        start: 'vite preview --host 0.0.0.0 --port ${PORT:-4173} --strictPort',
      };
  const pkg = {
    name: ctx.packageName,
    private: true,
    version: '0.1.0',
    type: 'module',
    description: ctx.tagline,
    engines: { node: '>=20.19' },
    scripts,
    dependencies: sortKeys({ ...STATIC_APP_DEPENDENCIES, ...(isDataApp ? DATA_APP_DEPENDENCIES : {}) }),
    devDependencies: sortKeys({ ...STATIC_APP_DEV_DEPENDENCIES, ...(isDataApp ? DATA_APP_DEV_DEPENDENCIES : {}) }),
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The compiler options the blueprint sources are checked with (api/blueprints/tsconfig.base.json). */
function tsconfigJson(isDataApp: boolean): string {
  const { compilerOptions } = JSON.parse(readBlueprintFile('.', 'tsconfig.base.json')) as { compilerOptions: object };
  const include = isDataApp ? ['src', 'shared', 'server', 'db', 'vite.config.ts', 'drizzle.config.ts'] : ['src', 'vite.config.ts'];
  return `${JSON.stringify({ compilerOptions, include }, null, 2)}\n`;
}
