// The offline agent's answer as a model would write it under the v2 conventions: a few lines of
// commentary (with the shape line the generation reads, and plainly what the blueprint could not
// do), the files in the file-stream protocol, and a closing line.
import { FILE_END_MARKER, fileStartMarker } from '@forge/protocol/file-stream';
import { lineEdit } from './edits/edit-blocks.js';
import { type ProjectPlan } from './plan-project.js';

export interface TranscriptOptions {
  /**
   * The platform laid the template down before the agent writes: the answer holds only the app's own
   * files and EDIT blocks for the template files the app changes, as the v2 prompt asks of a model.
   * Without it (today's generation) the answer writes every file whole.
   */
  templateLaidDown?: boolean;
}

export function renderTranscript(plan: ProjectPlan, options: TranscriptOptions = {}): string {
  const { blueprint, context, files, template, notes } = plan;
  const defaults = blueprint.defaults(context.words);
  const palette = context.palette;
  const opening = [
    `Building ${context.title}, ${defaults.kind}: ${blueprint.summary}.`,
    ...notes,
    blueprint.isDataApp
      ? 'Data lives in PostgreSQL through Drizzle (shared/schema.ts, db/meta.json, db/seed.ts), served by a small Express API under /api.'
      : 'It runs in the browser: no server or database needed.',
    `Palette: primary ${palette.primary}, accent ${palette.accent}, ${palette.scheme} theme.`,
    `Template: ${blueprint.isDataApp ? 'data' : 'static'}`,
  ];
  const blocks: string[] = [];
  let written = 0;
  for (const [path, content] of Object.entries(files)) {
    const laidDown = template.get(path);
    if (options.templateLaidDown && laidDown !== undefined) {
      if (laidDown === content) continue;
      const edit = lineEdit(path, laidDown, content);
      if (edit) {
        blocks.push(`${edit.render()}\n`);
        continue;
      }
    }
    blocks.push(`${fileStartMarker(path)}\n${content}${FILE_END_MARKER}\n`);
    written++;
  }
  const closing = `Done: ${Object.keys(files).length} files from the offline "${blueprint.id}" starter blueprint${options.templateLaidDown ? ` (${written} written, the rest the template's)` : ''}.`;
  return `${opening.join('\n')}\n\n${blocks.join('\n')}\n${closing}\n`;
}

/** What the offline agent answers a repair request: it has no model to read code with. */
export function renderCannotRepairCode(): string {
  return [
    'The offline starter agent cannot repair this build: it writes new projects from built-in blueprints and does not read or change existing code.',
    'To edit and auto-fix projects, configure a model and restart Forge:',
    '- Anthropic: set ANTHROPIC_API_KEY (and optionally LLM_MODEL).',
    '- An OpenAI-compatible server such as Ollama, vLLM or LM Studio: set LLM_PROVIDER=openai and OPENAI_BASE_URL (plus OPENAI_API_KEY if it needs one) and LLM_MODEL.',
    'Until then the build errors above show what to change by hand; no files were changed.',
    '',
  ].join('\n');
}
