// The files every generated project shares (conventions.md): package.json, TypeScript and Vite
// configuration, the HTML shell, base styles and the README; for data apps also the Drizzle
// schema and metadata, the Express server and the environment example.
import { type BlueprintContext, type ProjectFiles, escapeHtml } from './blueprint-context.js';
import { type TableModel, renderDatabaseMeta, renderDrizzleSchema } from './data-model.js';
import {
  DATA_APP_DEPENDENCIES,
  DATA_APP_DEV_DEPENDENCIES,
  STATIC_APP_DEPENDENCIES,
  STATIC_APP_DEV_DEPENDENCIES,
} from './dependency-versions.js';

export interface ApiEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
}

export interface DataAppSpec {
  /** Shown on the Database view's status card. */
  schemaDescription: string;
  tables: TableModel[];
  endpoints: ApiEndpoint[];
  /** The database name in the .env.example URL. */
  databaseName: string;
}

export interface ProjectSpec {
  /** "a landing page", "a task manager": how the README introduces the project. */
  kind: string;
  /** README bullet points: what the app does. */
  features: string[];
  /** The blueprint's own files: src/**, and for data apps shared/**, db/seed.ts and server/routes.ts. */
  files: ProjectFiles;
  data?: DataAppSpec;
}

/** The blueprint's files plus the shared ones, in the order a reader would want to see them. */
export function assembleProject(ctx: BlueprintContext, spec: ProjectSpec): ProjectFiles {
  const data = spec.data;
  const head: ProjectFiles = {
    'package.json': packageJson(ctx, Boolean(data)),
    'tsconfig.json': tsconfigJson(Boolean(data)),
    'vite.config.ts': viteConfig(Boolean(data)),
    'index.html': indexHtml(ctx),
    '.gitignore': GITIGNORE,
  };
  if (data) {
    Object.assign(head, {
      '.env.example': envExample(data),
      'drizzle.config.ts': DRIZZLE_CONFIG,
      'shared/schema.ts': renderDrizzleSchema(data.tables),
      'db/meta.json': `${JSON.stringify(renderDatabaseMeta(data.schemaDescription, data.tables), null, 2)}\n`,
      'server/env.ts': SERVER_ENV,
      'server/db.ts': SERVER_DB,
      'server/http-error.ts': SERVER_HTTP_ERROR,
      'server/index.ts': SERVER_INDEX,
    });
  }
  const groupOrder = ['shared/', 'db/', 'server/', 'public/', 'src/'];
  const own = Object.keys(spec.files).sort((a, b) => groupRank(a, groupOrder) - groupRank(b, groupOrder));
  const files: ProjectFiles = { ...head, 'public/favicon.svg': favicon(ctx), 'src/main.tsx': MAIN_TSX, 'src/styles.css': baseStyles(ctx) };
  for (const path of own) files[path] = spec.files[path];
  files['README.md'] = readme(ctx, spec, Object.keys(files).concat('README.md'));
  for (const [path, content] of Object.entries(files)) files[path] = content.endsWith('\n') ? content : `${content}\n`;
  return files;
}

function groupRank(path: string, groups: string[]): number {
  const index = groups.findIndex((g) => path.startsWith(g));
  return index === -1 ? groups.length : index;
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

function tsconfigJson(isDataApp: boolean): string {
  const include = isDataApp ? ['src', 'shared', 'server', 'db', 'vite.config.ts', 'drizzle.config.ts'] : ['src', 'vite.config.ts'];
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noFallthroughCasesInSwitch: true,
      isolatedModules: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['vite/client', 'node'],
    },
    include,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function viteConfig(isDataApp: boolean): string {
  const server = isDataApp
    ? `
  // In development the API runs separately (npm run dev:server); Vite forwards /api to it.
  server: { proxy: { '/api': 'http://localhost:3001' } },`
    : '';
  return `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],${server}
  // The hosted preview reaches this server through a proxy under its own host name.
  preview: { allowedHosts: true },
});
`;
}

function indexHtml(ctx: BlueprintContext): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="${escapeHtml(ctx.tagline)}" />
    <meta name="theme-color" content="${ctx.palette.primary}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escapeHtml(ctx.title)}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
}

function favicon(ctx: BlueprintContext): string {
  const initial = escapeHtml((ctx.title.match(/[\p{L}\p{N}]/u)?.[0] ?? 'A').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${ctx.palette.primary}" />
  <text x="32" y="43" text-anchor="middle" font-family="system-ui, sans-serif" font-size="32" font-weight="700" fill="${ctx.palette.onPrimary}">${initial}</text>
</svg>
`;
}

const GITIGNORE = `node_modules
dist
drizzle
*.log
.DS_Store
# Secrets saved from the workspace live here; never commit them.
.env
`;

const MAIN_TSX = `import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

function baseStyles(ctx: BlueprintContext): string {
  const p = ctx.palette;
  return `/* Design tokens: every colour in the app comes from these variables. */
:root {
  color-scheme: ${p.scheme};
  --color-primary: ${p.primary};
  --color-on-primary: ${p.onPrimary};
  --color-primary-text: ${p.primaryText};
  --color-primary-soft: ${p.primarySoft};
  --color-accent: ${p.accent};
  --color-bg: ${p.background};
  --color-surface: ${p.surface};
  --color-surface-alt: ${p.surfaceAlt};
  --color-text: ${p.text};
  --color-muted: ${p.muted};
  --color-border: ${p.border};
  --color-success: ${p.scheme === 'dark' ? '#4ade80' : '#15803d'};
  --color-danger: ${p.scheme === 'dark' ? '#f87171' : '#b91c1c'};
  --color-warning: ${p.scheme === 'dark' ? '#fbbf24' : '#b45309'};
  --radius-sm: 8px;
  --radius: 14px;
  --radius-lg: 22px;
  --shadow-sm: 0 1px 2px rgb(15 23 42 / ${p.scheme === 'dark' ? '0.4' : '0.06'});
  --shadow: 0 10px 30px -12px rgb(15 23 42 / ${p.scheme === 'dark' ? '0.6' : '0.18'});
  --font-sans: 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --font-serif: 'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif;
  --font-mono: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  --content-width: 1120px;
}

*,
*::before,
*::after {
  box-sizing: border-box;
}

html {
  -webkit-text-size-adjust: 100%;
  scroll-behavior: smooth;
}

body {
  margin: 0;
  min-height: 100vh;
  background: var(--color-bg);
  color: var(--color-text);
  font-family: var(--font-sans);
  font-size: 16px;
  line-height: 1.6;
  -webkit-font-smoothing: antialiased;
}

h1,
h2,
h3,
h4 {
  margin: 0;
  line-height: 1.2;
  letter-spacing: -0.02em;
}

p {
  margin: 0;
}

a {
  color: var(--color-primary-text);
  text-decoration: none;
}

a:hover {
  text-decoration: underline;
}

img,
svg {
  display: block;
  max-width: 100%;
}

button,
input,
select,
textarea {
  font: inherit;
  color: inherit;
}

:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--color-primary) 55%, transparent);
  outline-offset: 2px;
}

.container {
  width: min(100% - 2.5rem, var(--content-width));
  margin-inline: auto;
}

.btn {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.7rem 1.2rem;
  border: 1px solid transparent;
  border-radius: 999px;
  font-weight: 600;
  font-size: 0.95rem;
  line-height: 1.2;
  cursor: pointer;
  text-decoration: none;
  transition:
    background-color 0.15s ease,
    border-color 0.15s ease,
    transform 0.15s ease,
    box-shadow 0.15s ease;
}

.btn:hover {
  text-decoration: none;
}

.btn:active {
  transform: translateY(1px);
}

.btn:disabled {
  opacity: 0.55;
  cursor: not-allowed;
}

.btn-primary {
  background: var(--color-primary);
  color: var(--color-on-primary);
  box-shadow: var(--shadow-sm);
}

.btn-primary:hover:not(:disabled) {
  background: color-mix(in srgb, var(--color-primary) 88%, var(--color-text));
}

.btn-outline {
  border-color: var(--color-border);
  background: var(--color-surface);
  color: var(--color-text);
}

.btn-outline:hover:not(:disabled) {
  border-color: var(--color-primary);
  color: var(--color-primary-text);
}

.btn-ghost {
  background: transparent;
  color: var(--color-muted);
}

.btn-ghost:hover:not(:disabled) {
  background: var(--color-surface-alt);
  color: var(--color-text);
}

.btn-small {
  padding: 0.45rem 0.8rem;
  font-size: 0.85rem;
}

.icon-button {
  display: inline-grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 1px solid transparent;
  border-radius: 999px;
  background: transparent;
  color: var(--color-muted);
  cursor: pointer;
}

.icon-button:hover {
  background: var(--color-surface-alt);
  color: var(--color-text);
}

.card {
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow-sm);
}

.badge {
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0.15rem 0.6rem;
  border-radius: 999px;
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
  font-size: 0.78rem;
  font-weight: 600;
  white-space: nowrap;
}

.field {
  display: grid;
  gap: 0.35rem;
  font-size: 0.9rem;
  font-weight: 500;
}

.input {
  width: 100%;
  padding: 0.65rem 0.85rem;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm);
  background: var(--color-surface);
  font-weight: 400;
}

.input:focus {
  outline: none;
  border-color: var(--color-primary);
  box-shadow: 0 0 0 3px color-mix(in srgb, var(--color-primary) 22%, transparent);
}

textarea.input {
  resize: vertical;
  min-height: 7rem;
}

.muted {
  color: var(--color-muted);
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}

@media (prefers-reduced-motion: reduce) {
  *,
  *::before,
  *::after {
    transition: none !important;
    animation: none !important;
    scroll-behavior: auto !important;
  }
}
`;
}

function envExample(data: DataAppSpec): string {
  return `# PostgreSQL connection string for this app's database. Forge fills it in when you initialize the database; to run locally, install PostgreSQL from https://www.postgresql.org/download/
DATABASE_URL=postgresql://postgres:postgres@localhost:5432/${data.databaseName}
`;
}

const DRIZZLE_CONFIG = `import { existsSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

if (existsSync('.env')) process.loadEnvFile('.env');

if (!process.env.DATABASE_URL) {
  throw new Error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
}

export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.DATABASE_URL },
});
`;

const SERVER_ENV = `import { existsSync } from 'node:fs';

// Secrets saved in the workspace are written to .env; variables set by the host take precedence.
if (existsSync('.env')) process.loadEnvFile('.env');
`;

const SERVER_DB = `import './env';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../shared/schema';

export const databaseUrl = process.env.DATABASE_URL ?? '';

export const pool = new pg.Pool({ connectionString: databaseUrl || undefined, max: 5 });

export const db = drizzle(pool, { schema });
`;

const SERVER_HTTP_ERROR = `/** An error with an HTTP status whose message is safe to show to the visitor. */
export class HttpError extends Error {
  status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
`;

const SERVER_INDEX = `import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, pool } from './db';
import { HttpError } from './http-error';
import { apiRouter } from './routes';

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '1mb' }));

app.get('/api/health', (_req, res) => {
  res.json({ ok: true, database: databaseUrl ? 'configured' : 'missing' });
});

app.use('/api', (_req, _res, next) => {
  if (!databaseUrl) throw new HttpError(503, 'The database is not set up yet: initialize it, then restart the app.');
  next();
});
app.use('/api', apiRouter);
app.use('/api', () => {
  throw new HttpError(404, 'No such API endpoint.');
});

// In production this server also serves the built client (npm run build writes dist/).
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
if (existsSync(distDir)) {
  app.use(express.static(distDir));
  app.use((req, res, next) => {
    if (req.method !== 'GET') return next();
    res.sendFile(path.join(distDir, 'index.html'));
  });
}

app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.message });
    return;
  }
  console.error(error);
  res.status(500).json({ error: 'Something went wrong on the server.' });
});

const port = Number(process.env.PORT) || 3001;
const server = app.listen(port, '0.0.0.0', () => {
  console.log(\`Server listening on http://localhost:\${port}\`);
});

process.on('SIGTERM', () => {
  server.close(() => void pool.end());
});
`;

function readme(ctx: BlueprintContext, spec: ProjectSpec, paths: string[]): string {
  const data = spec.data;
  const quoted = ctx.description
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const sections = [
    `# ${ctx.title}`,
    ctx.tagline,
    `${capitalise(spec.kind)}, built with React 19, TypeScript and Vite${data ? ', with an Express API and a PostgreSQL database through Drizzle ORM' : ''}.`,
    `## Features\n\n${spec.features.map((f) => `- ${f}`).join('\n')}`,
    data
      ? `## Getting started

\`\`\`bash
npm install
cp .env.example .env        # then set DATABASE_URL
npm run db:push             # create the tables from shared/schema.ts
npm run db:seed             # add the sample data
npm run dev:server          # the API on http://localhost:3001
npm run dev                 # the app on http://localhost:5173 (forwards /api to the server)
\`\`\`

For production, \`npm run build\` then \`npm start\`: one server on \`$PORT\` serves the API and the built app.
Until \`DATABASE_URL\` is set the app shows its sample content and the API answers 503.`
      : `## Getting started

\`\`\`bash
npm install
npm run dev        # http://localhost:5173
npm run build      # production build in dist/
npm start          # serves dist/ on $PORT (default 4173)
\`\`\``,
    data
      ? `## API\n\n| Method | Path | What it does |\n|---|---|---|\n${data.endpoints.map((e) => `| ${e.method} | \`${e.path}\` | ${e.summary} |`).join('\n')}`
      : '',
    data
      ? `## Database\n\n${data.schemaDescription} Tables are defined in \`shared/schema.ts\` (Drizzle ORM) and described for the Database view in \`db/meta.json\`; keep the two in step.\n\n${data.tables.map((t) => `- \`${t.name}\`: ${t.columns.map((c) => c.name).join(', ')}`).join('\n')}`
      : '',
    `## Scripts\n\n- \`npm run typecheck\`: type-check everything with \`tsc\`.\n- \`npm run build\`: production build with Vite.\n- \`npm start\`: serve the production build.${data ? '\n- `npm run db:push` / `npm run db:seed`: create the tables and load sample data.' : ''}`,
    `## Project structure\n\n\`\`\`\n${paths.slice().sort().join('\n')}\n\`\`\``,
    `## The original request\n\n${quoted}`,
    '---\n\nGenerated by the Forge starter agent. Colours live in the CSS variables at the top of `src/styles.css`.',
  ];
  return `${sections.filter(Boolean).join('\n\n')}\n`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
