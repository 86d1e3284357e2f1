// Reads an edit request the way the offline agent can: split into its parts ("change the heading to
// X and make the accent colour teal" is two), each part one of the few edits it knows, or not.
import { colorWordToHex } from '../color-names.js';
import { extractColorHints, mix, normalizeHex } from '../palette.js';

export type EditPart =
  | { kind: 'title'; text: string; clause: string }
  | { kind: 'heading'; text: string; clause: string }
  | { kind: 'recolour'; target: 'primary' | 'accent'; hex: string; colour: string; clause: string }
  | { kind: 'replace'; from: string; to: string; clause: string }
  /** New text for the element picked in the preview ("make this say Hello"). */
  | { kind: 'aimed-text'; text: string; clause: string }
  /** A part the offline agent cannot make; `why` is for the person who asked, when there is more to say. */
  | { kind: 'unknown'; clause: string; why?: string };

const QUOTE = `["“”'‘’]`;
const EDIT_VERB = /^(?:please\s+)?(?:make|change|set|update|rename|replace|turn|paint|switch|use|add|remove|delete|give|put|show|move|hide|let)\b/i;
const REPLACE = new RegExp(`\\b(?:replace|change)\\s+(?:the\\s+(?:text|words?|phrase)\\s+)?${QUOTE}(.+?)${QUOTE}\\s+(?:with|to|by|into)\\s+${QUOTE}(.+?)${QUOTE}`, 'i');
const HEADING =
  /^(?:(?:please\s+)?(?:change|set|make|update|rename|replace)\s+)?(?:the\s+)?(?:main\s+|page\s+|hero\s+|top\s+|first\s+|big\s+|home\s+page\s+)?(?:heading|headline|h1)(?:\s+text)?\s+(?:to|into|as|with|so\s+(?:that\s+)?it\s+(?:says|reads))\s*:?\s*(.+)$/i;
const TITLE =
  /^(?:(?:please\s+)?(?:change|set|make|update|rename|replace)\s+)?(?:the\s+)?(?:(?:page|site|app|website|document|browser|tab)\s+)?(?:title|name)(?:\s+of\s+the\s+(?:page|site|app|website))?\s+(?:to|into|as|with)\s*:?\s*(.+)$|^(?:please\s+)?rename\s+(?:the\s+)?(?:app|site|website|project|page)\s+(?:to\s+)?(.+)$/i;
/** New text for "this": the element the edit is aimed at. */
const AIMED_TEXT = [
  /^(?:please\s+)?(?:make|have|let)\s+(?:this|it)\s+(?:say|read|show)\s*:?\s*(.+)$/i,
  /^(?:please\s+)?(?:change|set|update|rename|replace|turn)\s+(?:this|it)(?:\s+text)?\s+(?:to|into|with)\s*:?\s*(.+)$/i,
  /^(?:this|it)\s+should\s+(?:say|read)\s*:?\s*(.+)$/i,
  /^(?:please\s+)?(?:change|set|update)\s+(?:the\s+|its\s+)?(?:text|label|wording|words)(?:\s+here)?\s+to\s*:?\s*(.+)$/i,
  /^(?:please\s+)?(?:say|read)\s*:?\s*(.+)$/i,
];
/** Words that make a clause about colour. */
const COLOUR_CLAUSE = /\b(?:recolou?r|colou?rs?|theme|palette|primary|accent|brand|make|turn|paint|change|switch|set)\b/i;
/** Parts of a page the offline agent cannot colour on their own: only the theme's primary and accent colours. */
const ELEMENT = /\b(?:background|text|font|heading|headline|title|footer|header|nav(?:bar|igation)?|sidebar|cards?|borders?|icons?|logo|menu)\b/i;

/** The request's parts: split at "and", commas, "then" and full stops that begin another edit, never inside quotes. */
export function splitRequest(request: string): string[] {
  const text = request.trim();
  const cuts: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote || (quote === '“' && char === '”') || (quote === '‘' && char === '’')) quote = null;
      continue;
    }
    // An apostrophe inside a word (don't, café's) opens no quote.
    if ('"“‘'.includes(char) || (char === "'" && !/\w/.test(text[i - 1] ?? ''))) quote = char;
    const rest = text.slice(i);
    const separator = /^(?:\s*[,;]\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+|also\s+)?|\s+then\s+|\.\s+)/i.exec(rest);
    if (separator && startsAnEdit(rest.slice(separator[0].length))) {
      cuts.push(i, i + separator[0].length);
      i += separator[0].length - 1;
    }
  }
  const parts: string[] = [];
  for (let i = 0; i <= cuts.length; i += 2) parts.push(text.slice(cuts[i - 1] ?? 0, cuts[i] ?? text.length));
  return parts
    .map((part) =>
      part
        .trim()
        .replace(/[.!]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** Whether `text` begins a new edit: a verb, or "the <thing> to …" whose verb the first part gave. */
function startsAnEdit(text: string): boolean {
  return EDIT_VERB.test(text) || /^(?:the\s+|its\s+)?(?:main\s+|primary\s+|accent\s+|brand\s+|page\s+)?(?:heading|headline|title|name|colou?r|accent)\b/i.test(text);
}

/** Each part of the request, understood or not; `aimed` when it is about an element picked in the preview. */
export function understandEditRequest(request: string, aimed = false): EditPart[] {
  return splitRequest(request).map((clause) => understandClause(clause, aimed));
}

export function understandClause(clause: string, aimed = false): EditPart {
  const said = aimed ? AIMED_TEXT.map((pattern) => pattern.exec(clause)).find(Boolean) : null;
  if (said) return { kind: 'aimed-text', text: cleanText(said[1]!), clause };
  const replace = REPLACE.exec(clause);
  if (replace) return { kind: 'replace', from: replace[1]!, to: replace[2]!, clause };
  const heading = HEADING.exec(clause);
  if (heading) return { kind: 'heading', text: cleanText(heading[1]!), clause };
  const title = TITLE.exec(clause);
  if (title) return { kind: 'title', text: cleanText((title[1] ?? title[2])!), clause };
  if (COLOUR_CLAUSE.test(clause)) return recolour(clause);
  return { kind: 'unknown', clause };
}

function recolour(clause: string): EditPart {
  const accent = /\b(?:accent|secondary|highlight)\b/i.test(clause);
  const named = findColour(clause);
  const hints = named ? null : extractColorHints(clause);
  const hex = named?.hex ?? (accent ? (hints?.accent ?? hints?.primary) : (hints?.primary ?? hints?.accent));
  if (!hex) {
    const dark = /\b(?:dark|light)\s+(?:mode|theme)\b|\b(?:dark|darker|lighter)\b/i.test(clause);
    return { kind: 'unknown', clause, why: dark ? 'switching between light and dark colours needs a language model' : undefined };
  }
  const element = ELEMENT.exec(clause.replace(/\b(?:accent|primary|main|brand)\s+colou?r\b/gi, ''));
  if (element) return { kind: 'unknown', clause, why: `only the main and the accent colour can be changed, not the ${element[0].toLowerCase()}'s alone` };
  return { kind: 'recolour', target: accent ? 'accent' : 'primary', hex, colour: named?.name ?? hex, clause };
}

/** The first colour the clause names ("teal", "dark blue", "navy", "#0d9488"), as the person said it and as hex. */
function findColour(clause: string): { name: string; hex: string } | null {
  const words = clause.toLowerCase().match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|[a-z]+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (word.startsWith('#')) return { name: word, hex: normalizeHex(word) };
    const joined = next ? colorWordToHex(word + next) : undefined;
    if (joined) return { name: `${word} ${next}`, hex: joined };
    const shaded = next ? colorWordToHex(next) : undefined;
    if (shaded && /^(?:dark|deep)$/.test(word)) return { name: `${word} ${next}`, hex: mix(shaded, '#000000', 0.35) };
    if (shaded && /^(?:light|pale|soft|bright)$/.test(word)) return { name: `${word} ${next}`, hex: mix(shaded, '#ffffff', 0.3) };
    const hex = colorWordToHex(word);
    if (hex) return { name: word, hex };
  }
  return null;
}

/** A request's new text without its quotes or closing full stop. */
function cleanText(raw: string): string {
  const text = raw
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  const quoted = /^["“'‘](.*)["”'’]$/.exec(text);
  return (quoted ? quoted[1]! : text).trim();
}
