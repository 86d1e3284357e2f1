// A text replaced by another everywhere it is written, and a new title: the page's <title> and the
// same name written as a string or as text elsewhere (the brand in the header).
import { jsString, jsxText } from './heading.js';
import { CannotEdit, type ProjectText } from './project-text.js';

/** Replaces `from` with `to` in every file that has it; answers the files changed. */
export async function replaceText(files: ProjectText, from: string, to: string): Promise<string[]> {
  const changed: string[] = [];
  for (const path of files.paths) {
    const content = await files.read(path);
    if (content === null || !content.includes(from)) continue;
    const edit = await files.edit(path);
    content.split('\n').forEach((line, index) => {
      if (line.includes(from)) edit.setLine(index, line.split(from).join(to));
    });
    changed.push(path);
  }
  if (changed.length === 0) throw new CannotEdit(`"${from}" does not occur in the project's files, so there is nothing to replace`);
  return changed;
}

/** Sets the title; answers the old title and the files changed. */
export async function changeTitle(files: ProjectText, text: string): Promise<{ old: string; changed: string[] }> {
  const html = await files.read('index.html');
  const match = html === null ? null : /<title>(.*?)<\/title>/.exec(html);
  if (html === null || !match) throw new CannotEdit('the project has no index.html with a <title> to change');
  const old = match[1]!;
  const titleLine = html.split('\n').findIndex((line) => line.includes(match[0]));
  (await files.edit('index.html')).setLine(titleLine, html.split('\n')[titleLine]!.replace(match[0], `<title>${escapeHtml(text)}</title>`));
  const changed = ['index.html'];
  if (old.trim().length >= 2) {
    for (const path of files.paths.filter((p) => /^src\/.*\.[jt]sx?$/.test(p))) {
      const content = await files.read(path);
      if (content === null) continue;
      const lines = content.split('\n');
      const next = lines.map((line) =>
        line
          .replaceAll(`'${old}'`, jsString(text, "'"))
          .replaceAll(`"${old}"`, jsString(text, '"'))
          .replaceAll(`>${old}<`, `>${jsxText(text)}<`),
      );
      if (next.every((line, index) => line === lines[index])) continue;
      const edit = await files.edit(path);
      next.forEach((line, index) => {
        if (line !== lines[index]) edit.setLine(index, line);
      });
      changed.push(path);
    }
  }
  return { old, changed };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
