import { describe, expect, it } from '@jest/globals';
import { parseTranscript } from '@forge/protocol/file-stream';
import { parseChanges } from '@forge/protocol/stream-changes';
import { checkChanges } from '../../code-changes/change-check.js';
import { readTemplateShape } from '../template/template-files.js';
import { BLUEPRINT_IDS } from './describe.js';
import { EXAMPLE_DESCRIPTIONS } from './blueprints/example-descriptions.js';
import { planProject } from './plan-project.js';
import { renderTranscript } from './transcript.js';

describe.each(BLUEPRINT_IDS)('the offline answer for a %s', (id) => {
  const { description, projectName } = EXAMPLE_DESCRIPTIONS[id][0]!;
  const plan = planProject(description, projectName);

  it('writes every file whole while the platform does not lay the template down', () => {
    const { files } = parseTranscript(renderTranscript(plan));
    expect(Object.fromEntries([...files].map(([path, file]) => [path, file.content]))).toEqual(plan.files);
  });

  it('with the template laid down, writes only its own files and EDITs of the template’s, which give the same project', async () => {
    const answer = renderTranscript(plan, { templateLaidDown: true });
    const result = await checkChanges(parseChanges(answer), async (path) => plan.template.get(path) ?? null);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const project = Object.fromEntries(plan.template);
    for (const [path, content] of result.changes.writes) project[path] = content;
    expect(project).toEqual(plan.files);
    // The UI components, configuration and entry are the template's: not written again.
    for (const path of ['src/components/ui/button.tsx', 'vite.config.ts', 'src/main.tsx', 'tsconfig.json']) expect(answer).not.toContain(`<<<FILE ${path}>>>`);
    expect(answer).toContain('<<<EDIT src/index.css>>>');
    expect(readTemplateShape(answer)).toBe(plan.blueprint.isDataApp ? 'data' : 'static');
  });

  it('is far shorter with the template laid down', () => {
    expect(renderTranscript(plan, { templateLaidDown: true }).length).toBeLessThan(renderTranscript(plan).length * 0.75);
  });
});

describe('the offline answer for a request the blueprints cannot honour', () => {
  it('says so plainly in its commentary before any file', () => {
    const answer = renderTranscript(planProject('a recipe app with a map', 'recipes'));
    const commentary = answer.slice(0, answer.indexOf('<<<'));
    expect(commentary).toContain('no blueprint for a recipe app: this is the closest one it has, a blog with a database.');
    expect(commentary).toContain('It cannot add a map');
  });
});
