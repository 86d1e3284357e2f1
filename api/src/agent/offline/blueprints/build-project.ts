// Writes a project from a blueprint on the v2 template: the template's files for the blueprint's
// shape (api/templates/v2), made the app's own where it needs it (the title and description in
// index.html, the palette in src/index.css's tokens, a favicon with its initial), then the
// blueprint's own files with every placeholder filled, and the README.
import { templateFiles } from '../../template/template-files.js';
import { THEME_FILE, withThemeTokens } from '../../template/theme-tokens.js';
import { themeTokens } from '../theme.js';
import { type BlueprintContext, type BlueprintEntry, type ProjectFiles } from './blueprint-context.js';
import { readBlueprintFile, slotValues } from './blueprint-files.js';
import { type DatabaseMeta, renderReadme } from './readme.js';
import { escapeHtml, fillTemplate } from './template.js';
import { type TsValue } from './ts-literal.js';

export interface BuiltProject {
  /** Every file of the project, in the order the agent writes them: the template's, then the blueprint's, then the README. */
  files: ProjectFiles;
  /** The template's files as the platform lays them down for this project, before the app changes any. */
  template: ReadonlyMap<string, string>;
}

export function buildProject(entry: BlueprintEntry, ctx: BlueprintContext): BuiltProject {
  const fill = entry.fill(ctx);
  const own = entry.files.filter((path) => !fill.omit?.includes(path));
  const template = templateFiles(entry.isDataApp ? 'data' : 'static', { projectName: ctx.packageName });
  const values = { ...placeholderValues(ctx), ...slotValues(entry.id, own, fill.variants), ...fill.slots };

  const files: ProjectFiles = Object.fromEntries(template);
  files['index.html'] = personaliseHtml(files['index.html']!, ctx);
  files[THEME_FILE] = withThemeTokens(files[THEME_FILE]!, themeTokens(ctx.palette), ctx.palette.scheme);
  files['public/favicon.svg'] = fillTemplate('favicon.svg', readBlueprintFile('.', 'favicon.svg'), { values, flags: {} });
  for (const path of own) {
    const text = fillTemplate(path, readBlueprintFile(entry.id, path), { values, flags: fill.flags ?? {} });
    // A file of the blueprint that replaces a template file (App.tsx) is written with the app's own.
    delete files[path];
    files[path] = text.endsWith('\n') ? text : `${text}\n`;
  }
  const meta = entry.isDataApp ? (JSON.parse(files['db/meta.json']!) as DatabaseMeta) : undefined;
  files['README.md'] = renderReadme(ctx, {
    kind: entry.defaults(ctx.words).kind,
    features: fill.features,
    paths: [...Object.keys(files), 'README.md'],
    data: meta && { endpoints: entry.endpoints ?? [], meta },
  });
  return { files, template };
}

function personaliseHtml(html: string, ctx: BlueprintContext): string {
  return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(ctx.title)}</title>`).replace(/(<meta name="description" content=")[^"]*(" \/>)/, `$1${escapeHtml(ctx.tagline)}$2`);
}

/** Text for the {{name}} placeholders of the blueprints' files. */
function placeholderValues(ctx: BlueprintContext): Record<string, TsValue> {
  return {
    title: ctx.title,
    tagline: ctx.tagline,
    packageName: ctx.packageName,
    // The favicon's letter: the title's first letter or digit.
    initial: (ctx.title.match(/[\p{L}\p{N}]/u)?.[0] ?? 'A').toUpperCase(),
    ...ctx.palette,
  };
}
