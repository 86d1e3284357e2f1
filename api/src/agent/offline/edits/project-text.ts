// A project's text files as one offline edit sees them: read once each, and as the parts of the
// request changed so far leave them, so two parts that touch one file make one EDIT block.
import type { ProjectReader } from '../../llm-provider.js';
import { FileEdit } from './edit-blocks.js';

export class ProjectText {
  private readonly cache = new Map<string, string | null>();
  private readonly edits = new Map<string, FileEdit>();

  constructor(private readonly project: ProjectReader) {}

  /** Every path an edit may touch: not the saved secrets, not the lockfile. */
  get paths(): string[] {
    return this.project.paths.filter((path) => !/(^|\/)\.env(\.|$)/.test(path) && !path.endsWith('package-lock.json'));
  }

  /** The file as it is now, with the changes made so far. */
  async read(path: string): Promise<string | null> {
    const edit = this.edits.get(path);
    if (edit) return edit.content;
    if (!this.cache.has(path)) this.cache.set(path, this.project.paths.includes(path) ? await this.project.read(path) : null);
    return this.cache.get(path)!;
  }

  /** The file's edit, to change its lines; the file must exist. */
  async edit(path: string): Promise<FileEdit> {
    let edit = this.edits.get(path);
    if (!edit) {
      const content = await this.read(path);
      if (content === null) throw new Error(`${path} does not exist`);
      edit = new FileEdit(path, content);
      this.edits.set(path, edit);
    }
    return edit;
  }

  /** The EDIT blocks of every file changed, in the order they were first changed. */
  changed(): FileEdit[] {
    return [...this.edits.values()].filter((edit) => edit.changed);
  }
}

/** A part of the request the project's files do not allow, in words for the person who asked. */
export class CannotEdit extends Error {}
