import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CURRENT_CONVENTIONS, type ConventionsVersion } from '@forge/protocol/conventions';

/** The versioned prompt files: api/prompts/<version>/, one folder per conventions version. */
const PROMPTS_ROOT = fileURLToPath(new URL('../../prompts/', import.meta.url));

export type PromptName = 'system' | 'edit' | 'fix' | 'conventions';

/** Pieces a prompt file includes: `{{conventions}}` in the others, `{{components}}` (v2) in the conventions. */
const INCLUDES: Record<string, string> = { '{{conventions}}': 'conventions', '{{components}}': 'components' };

export class PromptLibrary {
  private readonly cache = new Map<string, string>();

  constructor(private readonly root = PROMPTS_ROOT) {}

  /** A prompt of the given conventions (the current ones by default), with its includes filled in. */
  get(name: PromptName, version: ConventionsVersion = CURRENT_CONVENTIONS): string {
    return this.read(name, version);
  }

  private read(name: string, version: ConventionsVersion): string {
    const key = `${version}/${name}`;
    let text = this.cache.get(key);
    if (text === undefined) {
      text = readFileSync(`${this.root}${key}.md`, 'utf8');
      for (const [placeholder, included] of Object.entries(INCLUDES)) {
        if (included !== name && text.includes(placeholder) && existsSync(`${this.root}${version}/${included}.md`)) {
          // A note for maintainers at the top of an included file (<!-- … -->) is not for the model.
          const piece = this.read(included, version)
            .replace(/^<!--[\s\S]*?-->\s*/, '')
            .trimEnd();
          text = text.replaceAll(placeholder, piece);
        }
      }
      this.cache.set(key, text);
    }
    return text;
  }
}
