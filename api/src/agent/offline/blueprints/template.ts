// Fills the placeholders of one blueprint source file (api/blueprints/README.md describes them):
//   {{name}}                  text in HTML, SVG and other text files, and inside TS string literals
//   /* @slot name */ value    in TS: the literal after the marker, replaced by the agent's value or
//                             kept; inside `import { … }`, the names up to a `type` import or the brace;
//                             in CSS: the one token after the marker
//   // @if name               (or {/* @if name */} in JSX) on its own line: the next line, or a slot
//                             starting on it with its whole value, stays only when `name` is on
import { parseTsLiteral, where } from './ts-literal-parser.js';
import { type TsValue, tsLiteral, tsString } from './ts-literal.js';

export interface TemplateInput {
  /** Text for {{name}} and values for slots; a slot without a value keeps the one in the file. */
  values: Readonly<Record<string, TsValue | undefined>>;
  /** Every name an `@if` line uses, on or off. */
  flags: Readonly<Record<string, boolean>>;
}

export interface Slot {
  name: string;
  /** Where the marker starts and the value ends. */
  start: number;
  end: number;
  value: TsValue;
  /** A list of imported names, written without brackets. */
  names: boolean;
  /** Written over several lines in the file: stays so whatever its length. */
  multiline: boolean;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const HAS_PLACEHOLDER = /\{\{\w+\}\}/;
const SLOT_MARKER = /\/\* @slot (\w+) \*\/ /g;
const IMPORT_NAMES = /[A-Za-z_$][\w$]*(?:, (?!type )[A-Za-z_$][\w$]*)*/y;
const CSS_TOKEN = /[^\s;)]+/y;
const IF_LINE = /^[ \t]*(?:\/\/ @if (\w+)|\{\/\* @if (\w+) \*\/\})[ \t]*\n/gm;

export class TemplateError extends Error {}

export function fillTemplate(path: string, source: string, input: TemplateInput): string {
  try {
    if (/\.tsx?$/.test(path)) return fillCode(source, input);
    if (path.endsWith('.css')) return fillCss(source, input);
    const escape = /\.(html|svg)$/.test(path) ? escapeHtml : (text: string) => text;
    return source.replace(PLACEHOLDER, (_, name: string) => escape(textValue(input, name)));
  } catch (err) {
    throw new TemplateError(`${path}: ${(err as Error).message}`);
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function textValue(input: TemplateInput, name: string): string {
  const value = input.values[name];
  if (typeof value !== 'string') throw new Error(`no text for {{${name}}}`);
  return value;
}

/** Every {{name}} in the strings of `value` filled in, in one pass (filled text is never read again). */
function fillStrings(value: TsValue, input: TemplateInput): TsValue {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (_, name: string) => textValue(input, name));
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, input));
  if (value === null || typeof value !== 'object' || 'rawCode' in value) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, item === undefined ? item : fillStrings(item, input)]));
}

export function findSlots(source: string): Slot[] {
  return [...source.matchAll(SLOT_MARKER)].map((marker) => {
    const start = marker.index;
    const valueStart = start + marker[0].length;
    const lineStart = source.lastIndexOf('\n', start) + 1;
    if (/^import \{ $/.test(source.slice(lineStart, start))) {
      IMPORT_NAMES.lastIndex = valueStart;
      const names = IMPORT_NAMES.exec(source);
      if (!names) throw new Error(`expected imported names after the slot at ${where(source, start)}`);
      return { name: marker[1], start, end: valueStart + names[0].length, value: names[0].split(', '), names: true, multiline: false };
    }
    const { value, end } = parseTsLiteral(source, valueStart);
    return { name: marker[1], start, end, value, names: false, multiline: source.slice(valueStart, end).includes('\n') };
  });
}

/** The stretches of `source` that `@if` lines remove: a line switched off, or just the marker. */
function conditionalCuts(source: string, slots: Slot[], flags: TemplateInput['flags']): Array<[number, number]> {
  const cuts: Array<[number, number]> = [];
  for (const marker of source.matchAll(IF_LINE)) {
    const name = marker[1] ?? marker[2];
    if (!(name in flags)) throw new Error(`no flag for @if ${name} at ${where(source, marker.index)}`);
    const markerEnd = marker.index + marker[0].length;
    if (flags[name]) {
      cuts.push([marker.index, markerEnd]);
      continue;
    }
    let lineEnd = source.indexOf('\n', markerEnd);
    const slot = slots.find((s) => s.start >= markerEnd && s.start < lineEnd);
    if (slot && slot.end > lineEnd) lineEnd = source.indexOf('\n', slot.end);
    let end = lineEnd + 1;
    // A block between blank lines takes one of them along, so no double gap is left.
    if (source[marker.index - 2] === '\n' && source[end] === '\n') end += 1;
    cuts.push([marker.index, end]);
  }
  return cuts;
}

function fillCode(source: string, input: TemplateInput): string {
  const slots = findSlots(source);
  const cuts = conditionalCuts(source, slots, input.flags);
  const isCut = (index: number) => cuts.some(([from, to]) => index >= from && index < to);
  const events = [...cuts.map(([start, end]) => ({ start, end, slot: undefined })), ...slots.filter((slot) => !isCut(slot.start)).map((slot) => ({ start: slot.start, end: slot.end, slot }))].sort(
    (a, b) => a.start - b.start,
  );

  let output = '';
  let cursor = 0;
  for (const { start, end, slot } of events) {
    if (start < cursor) {
      cursor = Math.max(cursor, end);
      continue;
    }
    output += fillStringLiterals(source.slice(cursor, start), input);
    if (slot) output += renderSlot(source, slot, input);
    cursor = end;
  }
  return output + fillStringLiterals(source.slice(cursor), input);
}

function renderSlot(source: string, slot: Slot, input: TemplateInput): string {
  const value = fillStrings(input.values[slot.name] ?? slot.value, input);
  if (slot.names) {
    if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) throw new Error(`@slot ${slot.name} needs a list of names`);
    return value.join(', ');
  }
  const lineStart = source.lastIndexOf('\n', slot.start) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart))![0];
  return tsLiteral(value, indent, { multiline: slot.multiline });
}

/** Rewrites each string literal holding a {{name}} on the lines that have one. */
function fillStringLiterals(text: string, input: TemplateInput): string {
  return text.replace(/^.*\{\{\w+\}\}.*$/gm, (line) => {
    let output = '';
    let i = 0;
    while (i < line.length) {
      const quote = line.slice(i).search(/['"]/);
      const plain = line.slice(i, quote === -1 ? undefined : i + quote);
      if (HAS_PLACEHOLDER.test(plain)) throw new Error(`a {{name}} outside a string literal: ${line.trim()}`);
      output += plain;
      if (quote === -1) break;
      const { value, end } = parseTsLiteral(line, i + quote);
      const literal = line.slice(i + quote, end);
      output += typeof value === 'string' && HAS_PLACEHOLDER.test(value) ? tsString(fillStrings(value, input) as string) : literal;
      i = end;
    }
    return output;
  });
}

function fillCss(source: string, input: TemplateInput): string {
  if (HAS_PLACEHOLDER.test(source)) throw new Error('CSS takes /* @slot name */ values, not {{name}}');
  let output = '';
  let cursor = 0;
  for (const marker of source.matchAll(SLOT_MARKER)) {
    const valueStart = marker.index + marker[0].length;
    CSS_TOKEN.lastIndex = valueStart;
    const token = CSS_TOKEN.exec(source);
    if (!token) throw new Error(`expected a value after the slot at ${where(source, marker.index)}`);
    const value = input.values[marker[1]] ?? token[0];
    if (typeof value !== 'string') throw new Error(`@slot ${marker[1]} needs a text value`);
    output += source.slice(cursor, marker.index) + value;
    cursor = valueStart + token[0].length;
  }
  return output + source.slice(cursor);
}
