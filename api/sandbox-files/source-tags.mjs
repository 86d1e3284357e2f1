// The platform's source tags for select-to-edit (protocol/src/source-tags.ts holds the contract), copied
// into a project's sandbox beside the live and build configs that load it (see
// api/src/sandboxes/sandbox-platform-files.ts). Each host element written in JSX in the project's own
// src/ gets one attribute, first among its attributes:
//   data-forge-loc="src/components/Hero.tsx:12:5:Hero"
// (file relative to the project, 1-based line and column of the element's `<`, and the capitalized
// function or arrow component whose JSX wrote it when there is one). The source is parsed with the
// parser Vite exports (rolldown's, which reads TSX), never matched with patterns; a file it cannot
// parse is left as it is for the JSX compiler to report. The attribute's value never holds a quote, a
// backtick, a backslash or anything outside printable ASCII, so the compiled form is always the quoted
// key, a colon and the quoted value (`"data-forge-loc":"<value>"`, or with backticks once minified) and
// the preview proxy can take it out of a share's scripts (api/src/preview-proxy/source-tag-stripper.ts).
import { relative } from 'node:path';
import { parseAst } from 'vite';

export const SOURCE_TAG_ATTRIBUTE = 'data-forge-loc';
/** The project's own component files; anything else (node_modules, virtual modules, queries) is left alone. */
const JSX_FILE = /\.(?:jsx|tsx)$/;
/** What a tagged file's path may hold: no quote, backslash, colon or markup character, printable ASCII only. */
const TAGGABLE_PATH = /^src\/[A-Za-z0-9_./@+\-() [\]]+$/;
const MAX_PATH_CHARS = 500;
/** Longer component names are left out of the value (it stays a short, bounded attribute). */
const MAX_COMPONENT_CHARS = 100;
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9_$]*$/;
/** Host elements: the lower-case names React renders as DOM (custom elements included). */
const HOST_ELEMENT = /^[a-z][A-Za-z0-9-]*$/;
/** Expressions that hand the name they are given to the function inside them: `const Hero = memo(() => …)`. */
const NAME_PASSING = new Set(['CallExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression']);
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** `file:line:column` or `file:line:column:Component`, as protocol/src/source-tags.ts sourceTagValue writes it. */
function tagValue(file, line, column, component) {
  return `${file}:${line}:${column}${component ? `:${component}` : ''}`;
}

/**
 * The source with every host element tagged, and a source map of the change (insertions only, so lines
 * stay where they were), or null when the file has nothing to tag or cannot be parsed.
 */
export function tagSource(code, file, { lang = file.endsWith('.jsx') ? 'jsx' : 'tsx', sourceName = file } = {}) {
  if (!TAGGABLE_PATH.test(file) || file.length > MAX_PATH_CHARS || file.split('/').includes('..')) return null;
  if (!code.includes('<')) return null;
  let ast;
  try {
    ast = parseAst(code, { lang });
  } catch {
    return null;
  }
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const positionOf = (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low] + 1 };
  };

  const insertions = [];
  const visit = (node, component, nameHint) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, component, null);
      return;
    }
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTION.has(node.type)) {
      const name = node.id?.name ?? nameHint;
      if (name && COMPONENT_NAME.test(name)) component = name.length <= MAX_COMPONENT_CHARS ? name : null;
    } else if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') {
      const name = node.id?.name ?? nameHint;
      if (name && COMPONENT_NAME.test(name)) component = name.length <= MAX_COMPONENT_CHARS ? name : null;
    } else if (node.type === 'JSXElement') {
      const opening = node.openingElement;
      const name = opening.name;
      const tagged = opening.attributes.some((attribute) => attribute.type === 'JSXAttribute' && attribute.name?.name === SOURCE_TAG_ATTRIBUTE);
      if (name.type === 'JSXIdentifier' && HOST_ELEMENT.test(name.name) && !tagged) {
        const { line, column } = positionOf(node.start);
        insertions.push({ at: name.end, text: ` ${SOURCE_TAG_ATTRIBUTE}="${tagValue(file, line, column, component)}"` });
      }
    }
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
      const child = node[key];
      if (!child || typeof child !== 'object') continue;
      let hint = null;
      if (node.type === 'VariableDeclarator' && key === 'init' && node.id?.type === 'Identifier') hint = node.id.name;
      else if (NAME_PASSING.has(node.type) && (key === 'arguments' || key === 'expression')) hint = nameHint;
      if (Array.isArray(child)) for (const item of child) visit(item, component, hint);
      else visit(child, component, hint);
    }
  };
  visit(ast, null, null);
  if (insertions.length === 0) return null;

  insertions.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { at, text } of insertions) {
    out += code.slice(from, at) + text;
    from = at;
  }
  out += code.slice(from);
  return { code: out, map: insertionMap(code, insertions, sourceName) };
}

/**
 * A source map from the tagged code back to the original: a segment at each word boundary of each
 * line, shifted by what was inserted before it on that line, so lines and columns both map back.
 */
function insertionMap(code, insertions, sourceName) {
  const lines = code.split('\n');
  let next = 0;
  let lineStart = 0;
  let previousOriginalLine = 0;
  let previousOriginalColumn = 0;
  const mappedLines = lines.map((text, lineIndex) => {
    const lineEnd = lineStart + text.length;
    const segments = [];
    let shift = 0;
    let previousGenerated = 0;
    const segment = (originalColumn) => {
      const generated = originalColumn + shift;
      segments.push(vlq(generated - previousGenerated) + 'A' + vlq(lineIndex - previousOriginalLine) + vlq(originalColumn - previousOriginalColumn));
      previousGenerated = generated;
      previousOriginalLine = lineIndex;
      previousOriginalColumn = originalColumn;
    };
    for (let column = 0; column <= text.length; column++) {
      const offset = lineStart + column;
      let inserted = false;
      while (next < insertions.length && insertions[next].at === offset) {
        shift += insertions[next].text.length;
        next += 1;
        inserted = true;
      }
      if (column === text.length) break;
      const char = text[column];
      if (column === 0 || inserted || (!/\s/.test(char) && (!isWord(char) || !isWord(text[column - 1])))) segment(column);
    }
    lineStart = lineEnd + 1;
    return segments.join(',');
  });
  return { version: 3, sources: [sourceName], sourcesContent: [code], names: [], mappings: mappedLines.join(';') };
}

const isWord = (char) => /[\w$]/.test(char);
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/** The Vite plugin: tags the project's src/ JSX files in the dev server and the build it is added to. */
export function sourceTags() {
  let root = process.cwd();
  return {
    name: 'forge-source-tags',
    // Before the JSX is compiled (by Vite's own transform or the React plugin's).
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (id.includes('?') || id.includes('\0') || id.includes('/node_modules/') || !JSX_FILE.test(id)) return null;
      const file = relative(root, id).split('\\').join('/');
      return tagSource(code, file, { sourceName: id });
    },
  };
}
