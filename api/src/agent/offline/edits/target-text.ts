// "Make this say Hello" about an element picked in the preview: the element whose opening tag is at
// the target's file, line and column says the new text, written there in place of what it showed
// (its text, or the one value it showed), so no other element changes with it.
import type { SourceTarget } from '@forge/protocol/source-tags';
import { jsxText } from './heading.js';
import { CannotEdit, type ProjectText } from './project-text.js';

const TAG_NAME = /^<([A-Za-z][\w.:-]*)/;

export async function changeTargetText(files: ProjectText, target: SourceTarget, text: string): Promise<{ tagName: string }> {
  const content = await files.read(target.file);
  if (content === null) throw new CannotEdit(`the selected element's file ${target.file} is not in the project`);
  const lines = content.split('\n');
  if (target.line > lines.length) throw new CannotEdit(`${target.file} has no line ${target.line}`);
  const lineStart = lines.slice(0, target.line - 1).reduce((sum, line) => sum + line.length + 1, 0);
  const start = openingTagStart(lines[target.line - 1]!, target.column - 1);
  if (start === null) throw new CannotEdit(`there is no element at ${target.file}:${target.line}`);
  const open = lineStart + start;
  const tagName = TAG_NAME.exec(content.slice(open))![1]!;
  const openEnd = endOfOpeningTag(content, open);
  if (openEnd === null) throw new CannotEdit(`the <${tagName}> at ${target.file}:${target.line} could not be read`);
  if (content[openEnd - 2] === '/') throw new CannotEdit(`the <${tagName}> at ${target.file}:${target.line} shows no text of its own`);
  const close = closingTag(content, openEnd, tagName);
  if (close === null) throw new CannotEdit(`the <${tagName}> at ${target.file}:${target.line} has no closing tag`);

  const children = content.slice(openEnd, close);
  const inner = children.trim();
  // A single value ({headline}, {t.title}) or plain text is replaced; other elements inside are not thrown away.
  if (inner.includes('<') || (inner.includes('{') && !/^\{[^{}]*\}$/.test(inner))) {
    throw new CannotEdit(`the <${tagName}> at ${target.file}:${target.line} holds other elements; say which of them to change, or select it in the preview`);
  }
  const leading = children.slice(0, children.length - children.trimStart().length);
  const trailing = children.slice(children.trimEnd().length);
  const next = `${content.slice(0, openEnd)}${leading}${jsxText(text)}${trailing}${content.slice(close)}`;

  // Line by line, as the EDIT blocks quote them: the element's lines, changed in place.
  const before = content.split('\n');
  const after = next.split('\n');
  const first = before.findIndex((line, index) => line !== after[index]);
  if (first === -1) return { tagName };
  const fromEnd = [...before].reverse().findIndex((line, index) => line !== after[after.length - 1 - index]);
  (await files.edit(target.file)).setLines(first, before.length - 1 - fromEnd, after.slice(first, after.length - fromEnd));
  return { tagName };
}

/** The opening tag at `column` (0-based) or whose name starts there, else the first after it on the line. */
function openingTagStart(line: string, column: number): number | null {
  if (TAG_NAME.test(line.slice(column))) return column;
  if (column > 0 && TAG_NAME.test(line.slice(column - 1))) return column - 1;
  const after = line.slice(column).search(/<[A-Za-z]/);
  return after === -1 ? null : column + after;
}

/** Just past the `>` that ends the opening tag at `open`, skipping braces and quoted attribute values. */
function endOfOpeningTag(content: string, open: number): number | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < content.length; i++) {
    const char = content[i]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === '`') {
      quote = char;
    } else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === '>' && depth === 0) return i + 1;
  }
  return null;
}

/** Where the element's closing tag starts, counting elements of the same name opened inside it. */
function closingTag(content: string, from: number, tagName: string): number | null {
  const name = tagName.replace(/[.$]/g, '\\$&');
  const tags = new RegExp(`<(/?)${name}(?=[\\s>/])`, 'g');
  tags.lastIndex = from;
  let depth = 0;
  for (let match = tags.exec(content); match; match = tags.exec(content)) {
    if (match[1]) {
      if (depth === 0) return match.index;
      depth--;
    } else if (content[endOfOpeningTag(content, match.index)! - 2] !== '/') depth++;
  }
  return null;
}
