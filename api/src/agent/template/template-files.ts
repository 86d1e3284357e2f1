// The v2 starter template (api/templates/v2, see its README): the files a v2 project starts with,
// laid down before the model writes, for each of the three shapes the v2 conventions describe.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_SHAPES = ['static', 'data', 'api-key'] as const;
/** static: everything in the browser; data: Express + Drizzle + PostgreSQL; api-key: a small server that holds a secret. */
export type TemplateShape = (typeof TEMPLATE_SHAPES)[number];

export const TEMPLATE_DIR = fileURLToPath(new URL('../../../templates/v2/', import.meta.url));

/** The template folders each shape is made of, later ones winning over earlier ones. */
export const TEMPLATE_LAYERS: Record<TemplateShape, readonly string[]> = {
  static: ['base'],
  data: ['base', 'server', 'data'],
  'api-key': ['base', 'server', 'api-key'],
};

/** Dot-files are stored without their dot, so they do not act on this repository (a .gitignore would ignore files). */
const STORED_AS: Record<string, string> = { _gitignore: '.gitignore' };

/** Laid down (and listed to the model) in this order: what renders first, first. */
const LEADING = ['package.json', 'index.html', 'vite.config.ts', 'tsconfig.json', 'src/main.tsx', 'src/index.css', 'src/App.tsx', 'src/lib/utils.ts'];

const layers = new Map<string, Map<string, string>>();

/** A template folder's files by project path, read once per process. */
function layerFiles(layer: string): Map<string, string> {
  const cached = layers.get(layer);
  if (cached) return cached;
  const files = new Map<string, string>();
  const dir = join(TEMPLATE_DIR, layer);
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (name === 'node_modules' || name.endsWith('.tsbuildinfo')) continue;
      if (statSync(child).isDirectory()) walk(child);
      else {
        const stored = relative(dir, child).split('\\').join('/');
        files.set(STORED_AS[stored] ?? stored, readFileSync(child, 'utf8'));
      }
    }
  };
  walk(dir);
  layers.set(layer, files);
  return files;
}

function order(path: string): [number, string] {
  const leading = LEADING.indexOf(path);
  if (leading !== -1) return [leading, path];
  // Then the rest of the client, the server, its data, and the dot-files.
  const group = path.startsWith('src/') ? 1 : path.startsWith('server/') ? 2 : /^(shared|db)\//.test(path) ? 3 : 4;
  return [LEADING.length + group, path];
}

export interface TemplateOptions {
  /** The project's name: the package name, the page title and the local database's name come from it. */
  projectName?: string;
}

/** The files of a new v2 project of `shape`, by path, in the order to lay them down. */
export function templateFiles(shape: TemplateShape, options: TemplateOptions = {}): Map<string, string> {
  const merged = new Map<string, string>();
  for (const layer of TEMPLATE_LAYERS[shape]) for (const [path, content] of layerFiles(layer)) merged.set(path, content);
  if (options.projectName) personalise(merged, options.projectName);
  const paths = [...merged.keys()].sort((a, b) => {
    const [ga, pa] = order(a);
    const [gb, pb] = order(b);
    return ga - gb || pa.localeCompare(pb);
  });
  return new Map(paths.map((path) => [path, merged.get(path)!]));
}

/** The template files every shape has in common (laid down before the model says which shape it writes). */
export function commonTemplatePaths(): string[] {
  const [first, ...rest] = TEMPLATE_SHAPES.map((shape) => templateFiles(shape));
  return [...first!.keys()].filter((path) => rest.every((files) => files.get(path) === first!.get(path)));
}

function personalise(files: Map<string, string>, projectName: string): void {
  const packageName = packageNameFor(projectName);
  const pkg = files.get('package.json');
  if (pkg) files.set('package.json', pkg.replace(/^(\s*"name":\s*)"forge-app"/m, `$1${JSON.stringify(packageName)}`));
  const html = files.get('index.html');
  if (html) files.set('index.html', html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(projectName)}</title>`));
  const env = files.get('.env.example');
  if (env) files.set('.env.example', env.replace(/(DATABASE_URL=postgresql:\/\/[^\n]*\/)my_app$/m, `$1${packageName.replace(/[^a-z0-9_]/g, '_')}`));
}

/** A valid npm package name: lower-case, no leading dot or underscore, at most 214 characters. */
export function packageNameFor(projectName: string): string {
  const name = projectName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 214);
  return name || 'my-react-app';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The shape a v2 answer says it writes: its opening commentary has the line `Template: data` (or
 * `static`, `api-key`), as the v2 system prompt asks. Null while no such line has arrived.
 */
export function readTemplateShape(answer: string): TemplateShape | null {
  // Only the commentary before the first block counts: a file may well contain such a line.
  const commentary = answer.split(/^<<<(?:FILE|EDIT|DELETE) /m)[0]!;
  const match = /^Template: (static|data|api-key)\.?[ \t]*$/m.exec(commentary);
  return match ? (match[1] as TemplateShape) : null;
}
