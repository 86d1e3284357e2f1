// The offline agent's answer as a model would write it: a few lines of commentary, every file
// in the file-stream protocol, and a closing line.
import { FILE_END_MARKER, fileStartMarker } from '@forge/protocol/file-stream';
import { type ProjectPlan } from './plan-project.js';

export function renderTranscript(plan: ProjectPlan): string {
  const { blueprint, context, files } = plan;
  const defaults = blueprint.defaults(context.words);
  const paths = Object.keys(files);
  const palette = context.palette;
  const opening = [
    `Building ${context.title}, ${defaults.kind}: ${blueprint.summary}.`,
    blueprint.isDataApp
      ? 'Data lives in PostgreSQL through Drizzle (shared/schema.ts, db/meta.json, db/seed.ts), served by a small Express API under /api.'
      : 'It is a static React app: no server or database needed.',
    `Palette: primary ${palette.primary}, accent ${palette.accent}, ${palette.scheme} theme. Writing ${paths.length} files.`,
  ];
  const body = paths.map((path) => `${fileStartMarker(path)}\n${files[path]}${FILE_END_MARKER}\n`);
  const closing =
    `Done: ${paths.length} files written from the offline "${blueprint.id}" starter blueprint. ` +
    'For an app shaped exactly to your description, set ANTHROPIC_API_KEY (or LLM_PROVIDER=openai with OPENAI_BASE_URL) and generate again.';
  return `${opening.join('\n')}\n\n${body.join('\n')}\n${closing}\n`;
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
