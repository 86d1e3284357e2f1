// What an edit asks the model: the request, the project's tree and the files that matter, each
// exactly as it is on disk so that SEARCH texts can quote it.
import { FILE_END_MARKER, fileStartMarker } from '@forge/protocol/file-stream';
import { BINARY_FILES_NOTE, type FileEntry, listedForModel } from '../projects/file-kinds.js';
import type { EditContext } from './edit-context.js';
import type { TargetedElement } from './edit-target.js';

const MAX_TREE_ENTRIES = 1_000;

/**
 * `files` is the whole tree; binary files are named with their type and size, never shown. An edit
 * aimed at an element picked in the preview says which one, and its file comes first (the context's order).
 */
export function editPrompt(args: { projectName: string; request: string; files: FileEntry[]; context: EditContext; element?: TargetedElement | null }): string {
  const { projectName, request, files: tree, context, element } = args;
  const listed = tree.slice(0, MAX_TREE_ENTRIES);
  const more = tree.length - listed.length;
  const files = Object.entries(context.shown).map(([path, content]) => `${fileStartMarker(path)}\n${content}${content.endsWith('\n') || content === '' ? '' : '\n'}${FILE_END_MARKER}`);
  const sections = [
    `Project name: ${projectName}`,
    ['## The change the person asks for', request.trim()].join('\n'),
    ...(element ? [targetSection(element)] : []),
    ['## Project files', ...listed.map(listedForModel), ...(more > 0 ? [`… and ${more} more`] : []), ...(tree.some((file) => file.binary) ? ['', BINARY_FILES_NOTE] : [])].join('\n'),
    [context.whole ? '## Every file of the project, as it is now' : '## The files that matter to this change, as they are now', ...files].join('\n'),
  ];
  if (context.omitted.length > 0) {
    sections.push(
      `To keep this request short, these files were left out: ${context.omitted.join(', ')}. They exist unchanged; ` +
        'if you must change one of them, rewrite it whole with a FILE block rather than guessing its lines.',
    );
  }
  sections.push(
    'Answer with the changes in the file-stream protocol: EDIT blocks of SEARCH/REPLACE pairs for changes to existing files, ' +
      'FILE blocks for new files (or a file you rewrite from its first line to its last), DELETE lines for files to remove.',
  );
  return sections.join('\n\n');
}

/** Which element "this" is: its tag, file, line and column, and its source there. */
function targetSection(element: TargetedElement): string {
  const { file, line, column } = element.target;
  const what = element.tagName ? `the <${element.tagName}> element` : 'the element';
  return [
    '## The element the person selected in the preview',
    `The person picked ${what} written in ${file} at line ${line}, column ${column}, and asks for the change above of it ("this", "it" and "here" mean this element). ` +
      `${file} is the first file below. Change this element (and only what it needs, such as a constant it shows), not others that look like it.`,
    'Its source:',
    '```tsx',
    element.excerpt,
    '```',
  ].join('\n');
}
