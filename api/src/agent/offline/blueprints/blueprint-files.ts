// Reads the blueprint sources in api/blueprints. The folder sits beside src/ and dist/, so the
// built API and the tests find it at the same relative place. Files are read once per process.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTsLiteral, skipBlank, where } from './ts-literal-parser.js';
import { type TsValue } from './ts-literal.js';
import { findSlots } from './template.js';

export const BLUEPRINTS_DIR = fileURLToPath(new URL('../../../../blueprints/', import.meta.url));

const texts = new Map<string, string>();
const variants = new Map<string, Record<string, TsValue>>();

/** A file of api/blueprints/<folder>/. */
export function readBlueprintFile(folder: string, path: string): string {
  const file = join(BLUEPRINTS_DIR, folder, path);
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    texts.set(file, text);
  }
  return text;
}

/** Whether api/blueprints/<folder>/<path> exists. */
export function hasBlueprintFile(folder: string, path: string): boolean {
  const file = join(BLUEPRINTS_DIR, folder, path);
  return texts.has(file) || existsSync(file);
}

/**
 * The value of every slot in the given files of a blueprint: the file's own, replaced by the
 * exports of each variant in turn (api/blueprints/<folder>/variants/<name>.ts).
 */
export function slotValues(folder: string, paths: readonly string[], variantNames: readonly string[] = []): Record<string, TsValue> {
  const values: Record<string, TsValue> = {};
  for (const path of paths.filter((p) => /\.tsx?$/.test(p))) {
    for (const slot of findSlots(readBlueprintFile(folder, path))) {
      if (slot.name in values) throw new Error(`${folder}/${path}: a second slot named ${slot.name}`);
      values[slot.name] = slot.value;
    }
  }
  for (const name of variantNames) {
    for (const [key, value] of Object.entries(readVariant(folder, name))) {
      if (!(key in values)) throw new Error(`${folder}/variants/${name}.ts exports ${key}, which no file of the blueprint has a slot for`);
      values[key] = value;
    }
  }
  return values;
}

/** A variant module's exports: each `export const name: Type = literal;` of the file. */
export function readVariant(folder: string, name: string): Record<string, TsValue> {
  const path = `variants/${name}.ts`;
  const key = `${folder}/${path}`;
  const cached = variants.get(key);
  if (cached) return cached;
  const source = readBlueprintFile(folder, path);
  const values: Record<string, TsValue> = {};
  for (const declaration of source.matchAll(/^export const (\w+)/gm)) {
    const { value, end } = parseTsLiteral(source, initializerStart(source, declaration.index + declaration[0].length));
    if (source[skipBlank(source, end)] !== ';') throw new Error(`${key}: expected ';' after the value of ${declaration[1]} at ${where(source, end)}`);
    values[declaration[1]] = value;
  }
  variants.set(key, values);
  return values;
}

/** Just past the `=` of a declaration, skipping its type annotation (which may hold `=>`). */
function initializerStart(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (char === '=' && source[i + 1] === '>') i++;
    else if ('([{<'.includes(char)) depth++;
    else if (')]}>'.includes(char)) depth--;
    else if (char === '=' && depth === 0) return i + 1;
    else if (char === ';') break;
  }
  throw new Error(`expected '=' at ${where(source, from)}`);
}
