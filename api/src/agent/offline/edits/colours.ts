// A new primary or accent colour, where the colour is used: the design tokens of src/index.css
// (v2 projects, with the tokens made from it), or the --color-* variables of a v1 project's
// stylesheet (with its shades and the page's theme-color).
import { THEME_FILE, themeTokenLines, withTokenValue } from '../../template/theme-tokens.js';
import { ensureContrast, mix, readableOn, relativeLuminance } from '../palette.js';
import { accentTokens, primaryTokens } from '../theme.js';
import { CannotEdit, type ProjectText } from './project-text.js';

const V1_VARIABLE = /^(\s*--color-([a-z-]+):\s*)(#[0-9a-fA-F]{3,8})(\s*;.*)$/;

/** Changes the colour and answers the files it changed. */
export async function recolour(files: ProjectText, target: 'primary' | 'accent', hex: string): Promise<string[]> {
  const tokens = files.paths.includes(THEME_FILE) ? themeTokenLines((await files.read(THEME_FILE)) ?? '') : new Map();
  if (tokens.has(target)) {
    const edit = await files.edit(THEME_FILE);
    const lines = edit.content.split('\n');
    for (const [name, value] of Object.entries(target === 'primary' ? primaryTokens(hex) : accentTokens(hex))) {
      const token = tokens.get(name);
      if (token) edit.setLine(token.index, withTokenValue(lines[token.index]!, value));
    }
    return [THEME_FILE];
  }
  for (const path of ['src/styles.css', ...files.paths.filter((p) => p.endsWith('.css') && p !== 'src/styles.css')]) {
    const content = await files.read(path);
    if (content === null) continue;
    const changed = await recolourV1(files, path, content, target, hex);
    if (changed) return changed;
  }
  throw new CannotEdit(`the project's stylesheets define no ${target} colour to change`);
}

async function recolourV1(files: ProjectText, path: string, content: string, target: 'primary' | 'accent', hex: string): Promise<string[] | null> {
  const lines = content.split('\n');
  const values = new Map<string, { index: number; value: string }>();
  lines.forEach((line, index) => {
    const match = V1_VARIABLE.exec(line);
    if (match && !values.has(match[2]!)) values.set(match[2]!, { index, value: match[3]! });
  });
  if (!values.has(target)) return null;
  const edit = await files.edit(path);
  const set = (name: string, value: string) => {
    const found = values.get(name);
    if (found) edit.setLine(found.index, lines[found.index]!.replace(V1_VARIABLE, `$1${value}$4`));
  };
  set(target, hex);
  const changed = [path];
  if (target === 'primary') {
    // The shades made from the primary colour follow it, as a new project's would.
    const background = values.get('bg')?.value ?? '#ffffff';
    const light = relativeLuminance(background) > 0.4;
    const surface = light ? background : (values.get('surface')?.value ?? background);
    set('on-primary', readableOn(hex));
    set('primary-text', ensureContrast(hex, surface, 4.5));
    set('primary-soft', mix(surface, hex, light ? 0.1 : 0.18));
    const html = await files.read('index.html');
    const meta = html?.split('\n').findIndex((line) => /<meta name="theme-color" content="#[0-9a-fA-F]{3,8}"/.test(line)) ?? -1;
    if (html && meta !== -1) {
      (await files.edit('index.html')).setLine(meta, html.split('\n')[meta]!.replace(/content="#[0-9a-fA-F]{3,8}"/, `content="${hex}"`));
      changed.push('index.html');
    }
  }
  return changed;
}
