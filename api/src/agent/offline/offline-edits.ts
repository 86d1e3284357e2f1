// The few edits the offline agent makes without a model: a new title or main heading, a new primary
// or accent colour, a text replaced by another, new text for an element picked in the preview. A request is split into its parts; each part is
// made, or refused in plain words with nothing changed for it. It answers as a model would, with
// commentary and EDIT blocks, so its answer goes through the same checks and the same apply.
import { OFFLINE_EDIT_ABILITIES } from '@forge/protocol/offline-edits';
import type { SourceTarget } from '@forge/protocol/source-tags';
import type { ProjectReader } from '../llm-provider.js';
import { recolour } from './edits/colours.js';
import { changeHeading } from './edits/heading.js';
import { CannotEdit, ProjectText } from './edits/project-text.js';
import { type EditPart, understandEditRequest } from './edits/request.js';
import { changeTargetText } from './edits/target-text.js';
import { changeTitle, replaceText } from './edits/text.js';

export { understandEditRequest, type EditPart } from './edits/request.js';

/** Why the offline agent made none of the request, in words for the person who asked. */
export class OfflineEditError extends Error {}

/** Said when a request (or part of one) is none of the edits the offline agent knows. */
export const OFFLINE_EDIT_NEEDS_MODEL = `${OFFLINE_EDIT_ABILITIES} Anything else needs a language model, and none is configured here.`;

/**
 * The offline agent's answer to an edit request: commentary and EDIT blocks. Throws OfflineEditError
 * when no part can be made. `target`: the element picked in the preview that "this" is.
 */
export async function offlineEditAnswer(request: string, project: ProjectReader | undefined, target?: SourceTarget): Promise<string> {
  const parts = understandEditRequest(request, target !== undefined);
  if (!project || parts.length === 0) throw new OfflineEditError(OFFLINE_EDIT_NEEDS_MODEL);
  const files = new ProjectText(project);
  const done: string[] = [];
  const refused: string[] = [];
  for (const part of parts) {
    try {
      const before = files
        .changed()
        .map((edit) => edit.content)
        .join('\0');
      const did = await apply(files, part, target);
      if (
        files
          .changed()
          .map((edit) => edit.content)
          .join('\0') === before
      )
        throw new CannotEdit('it already is so: there is nothing to change');
      done.push(did);
    } catch (err) {
      if (!(err instanceof CannotEdit)) throw err;
      refused.push(`"${part.clause}" (${err.message})`);
    }
  }
  const edits = files.changed();
  if (edits.length === 0) throw new OfflineEditError(`Nothing was changed: the offline agent cannot do ${listOf(refused)}. ${OFFLINE_EDIT_NEEDS_MODEL}`);
  const commentary = [...done, ...(refused.length > 0 ? [`Not done, and nothing changed for it: ${listOf(refused)}. ${OFFLINE_EDIT_NEEDS_MODEL}`] : [])];
  return `${commentary.join('\n')}\n\n${edits.map((edit) => edit.render()).join('\n')}\n`;
}

function listOf(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Makes one part of the request; answers what was done, for the commentary. Throws CannotEdit. */
async function apply(files: ProjectText, part: EditPart, target: SourceTarget | undefined): Promise<string> {
  switch (part.kind) {
    case 'aimed-text': {
      if (!target) throw new CannotEdit('no element was selected in the preview');
      const { tagName } = await changeTargetText(files, target, part.text);
      return `The selected <${tagName}> now says "${part.text}" (${target.file}:${target.line}).`;
    }
    case 'heading': {
      const { path } = await changeHeading(files, part.text);
      return `Changed the main heading to "${part.text}" (${path}).`;
    }
    case 'title': {
      const { old, changed } = await changeTitle(files, part.text);
      return `Changed the title from "${old}" to "${part.text}" (${changed.join(', ')}).`;
    }
    case 'recolour': {
      const changed = await recolour(files, part.target, part.hex);
      const name = part.colour === part.hex ? part.hex : `${part.colour} (${part.hex})`;
      return `Changed the ${part.target === 'primary' ? 'main' : 'accent'} colour to ${name} where it is used (${changed.join(', ')}).`;
    }
    case 'replace': {
      const changed = await replaceText(files, part.from, part.to);
      return `Replaced "${part.from}" with "${part.to}" (${changed.join(', ')}).`;
    }
    case 'unknown':
      throw new CannotEdit(part.why ?? 'none of the edits it knows');
  }
}
