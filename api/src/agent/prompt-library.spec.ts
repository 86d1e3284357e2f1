import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_CONVENTIONS } from '@forge/protocol/conventions';
import { FILE_END_MARKER } from '@forge/protocol/file-stream';
import { PromptLibrary } from './prompt-library.js';
import { ALL_ALLOWED_DEPENDENCIES } from './v1-dependencies.js';
import { TEMPLATE_DIR } from './template/template-files.js';

const prompts = new PromptLibrary();
const stack = JSON.parse(readFileSync(join(TEMPLATE_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('PromptLibrary', () => {
  it('gives new work the current conventions, v2', () => {
    expect(CURRENT_CONVENTIONS).toBe('v2');
    expect(prompts.get('system')).toBe(prompts.get('system', 'v2'));
  });

  it.each(['system', 'edit', 'fix'] as const)('fills the %s prompt of each version with that version’s conventions', (name) => {
    expect(prompts.get(name, 'v1')).toContain('# Forge project conventions, v1');
    expect(prompts.get(name, 'v1')).not.toContain('conventions, v2');
    expect(prompts.get(name, 'v2')).toContain('# Forge project conventions, v2');
    for (const version of ['v1', 'v2'] as const) expect(prompts.get(name, version)).not.toMatch(/\{\{\w+\}\}/);
  });

  it('shows the model the template’s components under v2, without the note for maintainers', () => {
    const conventions = prompts.get('conventions', 'v2');
    expect(conventions).toContain('- `@/components/ui/button`: Buttons for actions');
    expect(conventions).toContain('`WaitingForKey({ keyName: string; service?: string })`');
    expect(conventions).not.toContain('<!--');
  });
});

describe('the v2 conventions', () => {
  const conventions = prompts.get('conventions', 'v2');

  it('list every package of the template at its pinned version', () => {
    for (const [name, version] of Object.entries(stack.dependencies)) expect(conventions).toContain(`| ${name} | ${version} |`);
  });

  it('give the scripts of each shape as the template has them', () => {
    for (const shape of ['base', 'data', 'api-key']) {
      const { scripts } = JSON.parse(readFileSync(join(TEMPLATE_DIR, shape, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      for (const [name, command] of Object.entries(scripts)) expect(conventions).toContain(`"${name}": "${command}"`);
    }
  });

  it('document the db/meta.json keys, the file-stream markers and the shape line the generation reads', () => {
    for (const key of ['"primaryKey"', '"notNull"', '"unique"', '"references"', '"default"']) expect(conventions).toContain(key);
    expect(conventions).toContain(FILE_END_MARKER);
    expect(prompts.get('system', 'v2')).toContain('`Template: static`, `Template: data` or `Template: api-key`');
  });
});

describe('the v1 conventions', () => {
  it('still list every package v1 projects may use, at the versions the sandbox holds them for', () => {
    const conventions = prompts.get('conventions', 'v1');
    for (const [name, version] of Object.entries(ALL_ALLOWED_DEPENDENCIES)) expect(conventions).toContain(`| ${name} | ${version} |`);
  });
});
