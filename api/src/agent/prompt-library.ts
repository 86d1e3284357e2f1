import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The versioned prompt files in api/prompts, read once. */
export const PROMPTS_VERSION = 'v1';
const PROMPTS_DIR = fileURLToPath(new URL(`../../prompts/${PROMPTS_VERSION}/`, import.meta.url));

export type PromptName = 'system' | 'edit' | 'fix' | 'conventions';

export class PromptLibrary {
  private readonly cache = new Map<PromptName, string>();

  constructor(private readonly dir = PROMPTS_DIR) {}

  /** A prompt with `{{conventions}}` replaced by the generated-project conventions. */
  get(name: PromptName): string {
    let text = this.cache.get(name);
    if (text === undefined) {
      text = readFileSync(`${this.dir}${name}.md`, 'utf8');
      if (name !== 'conventions') text = text.replaceAll('{{conventions}}', this.get('conventions'));
      this.cache.set(name, text);
    }
    return text;
  }
}
