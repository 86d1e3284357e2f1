// A project's database schema for the Database view: from db/meta.json, which generated projects
// keep beside their Drizzle schema, or read from shared/schema.ts when meta.json is missing or broken.
import type { DatabaseColumn, DatabaseSchema, DatabaseTable } from '@forge/protocol/databases';

export const META_FILE = 'db/meta.json';
export const DRIZZLE_SCHEMA_FILE = 'shared/schema.ts';

/** The schema db/meta.json describes, or null when it is not JSON of that shape. */
export function schemaFromMeta(text: string): DatabaseSchema | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !Array.isArray(value.tables)) return null;
  const tables: DatabaseTable[] = [];
  for (const table of value.tables) {
    if (!isObject(table) || typeof table.name !== 'string' || !Array.isArray(table.columns)) return null;
    const columns: DatabaseColumn[] = [];
    for (const column of table.columns) {
      if (!isObject(column) || typeof column.name !== 'string') return null;
      columns.push({
        name: column.name,
        type: typeof column.type === 'string' ? column.type : 'unknown',
        primaryKey: column.primaryKey === true,
        notNull: column.notNull === true || column.primaryKey === true,
        unique: column.unique === true,
        references: typeof column.references === 'string' && column.references ? column.references : null,
        default: column.default === null || column.default === undefined ? null : String(column.default),
      });
    }
    tables.push({ name: table.name, columns });
  }
  return { description: typeof value.description === 'string' && value.description.trim() ? value.description.trim() : null, tables };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface ParsedColumn extends DatabaseColumn {
  property: string;
  /** `table.column` as the source wrote it (variable and property), resolved once every table is read. */
  target: { variable: string; property: string } | null;
}

/** The tables a Drizzle schema declares with `pgTable`, read from its source without running it. */
export function schemaFromDrizzle(source: string): DatabaseSchema {
  const code = stripComments(source);
  const enums = new Map<string, string>();
  for (const match of code.matchAll(/const\s+(\w+)\s*=\s*pgEnum\s*\(\s*(['"`])([^'"`]+)\2/g)) enums.set(match[1]!, match[3]!);
  const tables: Array<{ variable: string; name: string; columns: ParsedColumn[] }> = [];
  for (const match of code.matchAll(/const\s+(\w+)\s*=\s*pgTable\s*\(\s*(['"`])([^'"`]+)\2\s*,\s*\{/g)) {
    const open = match.index! + match[0].length - 1;
    const body = code.slice(open + 1, closingIndex(code, open));
    const columns = splitTopLevel(body, ',')
      .map((entry) => parseColumn(entry, enums))
      .filter((column): column is ParsedColumn => column !== null);
    tables.push({ variable: match[1]!, name: match[3]!, columns });
  }
  return {
    description: null,
    tables: tables.map((table) => ({
      name: table.name,
      columns: table.columns.map(({ property: _property, target, ...column }) => {
        if (!target) return column;
        const referenced = tables.find((other) => other.variable === target.variable);
        const referencedColumn = referenced?.columns.find((other) => other.property === target.property);
        return { ...column, references: referenced ? `${referenced.name}.${referencedColumn?.name ?? target.property}` : `${target.variable}.${target.property}` };
      }),
    })),
  };
}

function parseColumn(entry: string, enums: Map<string, string>): ParsedColumn | null {
  const head = /^\s*(?:(['"])([^'"]+)\1|(\w+))\s*:\s*(\w+)\s*\(/.exec(entry);
  if (!head) return null;
  const property = head[2] ?? head[3]!;
  const builder = head[4]!;
  const argsOpen = head[0].length - 1;
  const argsClose = closingIndex(entry, argsOpen);
  const args = splitTopLevel(entry.slice(argsOpen + 1, argsClose), ',');
  const name = args[0] && isStringLiteral(args[0]) ? stringValue(args[0]) : property;
  const options = args.find((arg) => arg.trim().startsWith('{')) ?? '';
  const column: ParsedColumn = {
    property,
    name,
    type: sqlType(builder, options, enums),
    primaryKey: false,
    notNull: false,
    unique: false,
    references: null,
    default: null,
    target: null,
  };
  const chain = entry.slice(argsClose + 1);
  for (const call of chain.matchAll(/\.\s*(\$?\w+)\s*\(/g)) {
    const open = call.index! + call[0].length - 1;
    const argument = chain.slice(open + 1, closingIndex(chain, open)).trim();
    switch (call[1]) {
      case 'primaryKey':
        column.primaryKey = true;
        column.notNull = true;
        break;
      case 'notNull':
        column.notNull = true;
        break;
      case 'unique':
        column.unique = true;
        break;
      case 'references': {
        const target = /=>\s*(\w+)\s*\.\s*(\w+)/.exec(argument);
        if (target) column.target = { variable: target[1]!, property: target[2]! };
        break;
      }
      case 'default':
        column.default = sqlLiteral(argument);
        break;
      case 'defaultNow':
        column.default = 'now()';
        break;
      case 'defaultRandom':
        column.default = 'gen_random_uuid()';
        break;
      case 'array':
        column.type = `${column.type}[]`;
        break;
    }
  }
  return column;
}

function sqlType(builder: string, options: string, enums: Map<string, string>): string {
  const option = (name: string) => new RegExp(`\\b${name}\\s*:\\s*([^,}\\s]+)`).exec(options)?.[1];
  switch (builder) {
    case 'varchar':
    case 'char': {
      const length = option('length');
      return length ? `${builder}(${length})` : builder;
    }
    case 'timestamp':
    case 'time':
      return option('withTimezone') === 'true' ? `${builder} with time zone` : builder;
    case 'numeric':
    case 'decimal': {
      const precision = option('precision');
      const scale = option('scale');
      return precision ? `numeric(${precision}${scale ? `, ${scale}` : ''})` : 'numeric';
    }
    case 'doublePrecision':
      return 'double precision';
    default:
      return enums.get(builder) ?? builder;
  }
}

/** A JavaScript literal as the SQL default it becomes: strings quoted the SQL way. */
function sqlLiteral(argument: string): string {
  if (isStringLiteral(argument)) return `'${stringValue(argument).replace(/'/g, "''")}'`;
  return argument.replace(/^sql`(.*)`$/s, '$1');
}

function isStringLiteral(text: string): boolean {
  return /^\s*(['"`])[\s\S]*\1\s*$/.test(text);
}

function stringValue(literal: string): string {
  const trimmed = literal.trim();
  return trimmed.slice(1, -1).replace(/\\(['"`\\])/g, '$1');
}

/** Source without comments, strings kept as they are. */
function stripComments(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '"' || char === "'" || char === '`') {
      const end = stringEnd(source, i);
      out += source.slice(i, end + 1);
      i = end;
    } else if (source.startsWith('//', i)) {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 1;
      out += ' ';
    } else {
      out += char;
    }
  }
  return out;
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return text.length - 1;
}

const OPENERS: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

/** The index of the bracket closing the one at `open`, skipping strings; the end of the text when unclosed. */
function closingIndex(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'" || char === '`') i = stringEnd(text, i);
    else if (OPENERS[char]) stack.push(OPENERS[char]!);
    else if (char === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return text.length;
}

/** Splits on a separator outside brackets and strings; empty parts are dropped. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'" || char === '`') i = stringEnd(text, i);
    else if (OPENERS[char]) depth++;
    else if (char === ')' || char === '}' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}
