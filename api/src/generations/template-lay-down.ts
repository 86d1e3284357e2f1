// The v2 starter template laid down as a generation's first files, and the model's answer applied on
// top of it: whole files replace, EDIT blocks change the files as they stand (template or written
// earlier in the answer), DELETE lines remove. The model names the shape in its commentary
// (`Template: static|data|api-key`, as the v2 system prompt asks). An answer that opens its first
// block without naming one: when that block is an EDIT (which only makes sense on the template), the
// static template, the default shape, goes down first; otherwise the answer is taken as a whole
// project written out (as v1 answers are), with no template under it.
import { Injectable } from '@nestjs/common';
import { CURRENT_CONVENTIONS, type ConventionsVersion } from '@forge/protocol/conventions';
import type { FileStreamEvent } from '@forge/protocol/file-stream';
import { ChangeCollector } from '@forge/protocol/stream-changes';
import { applyEdit } from '../code-changes/change-check.js';
import { type TemplateShape, readTemplateShape, templateFiles } from '../agent/template/template-files.js';
import type { LogLine } from '../runs/runs.service.js';

export interface GenerationFilesOptions {
  projectName: string;
  /** Saves one file (queued, in order): the generation's file saver. */
  save: (path: string, content: string) => void;
  log: LogLine;
  /** The conventions the generation writes under; only v2 has a template. */
  conventions?: ConventionsVersion;
}

/** Lays the starter template down for each generation; `begin` answers the generation's own tracker. */
@Injectable()
export class TemplateLayDown {
  begin(options: GenerationFilesOptions): GenerationFiles {
    return new GenerationFiles(options);
  }
}

const BLOCK_START = new Set<FileStreamEvent['type']>(['file_start', 'edit_start', 'file_delete']);

/** One generation's files: the template once its shape is known, then the model's blocks on top. */
export class GenerationFiles {
  /** The shape laid down; null before, and always under conventions without a template. */
  shape: TemplateShape | null = null;
  /** Files the model wrote, changed or deleted itself (the template alone is not an answer). */
  modelChanges = 0;
  /** Every file as this generation has saved it so far: what EDIT blocks apply to. */
  private readonly state = new Map<string, string>();
  private readonly deleted = new Set<string>();
  private readonly collector = new ChangeCollector();
  private readonly usesTemplate: boolean;
  private commentary = '';
  private decided = false;

  constructor(private readonly options: GenerationFilesOptions) {
    this.usesTemplate = (options.conventions ?? CURRENT_CONVENTIONS) === 'v2';
  }

  /**
   * Every parser event, before the generation handles it: the commentary is read for the shape,
   * the template goes down at the shape line (or before the first block), EDIT blocks and DELETE
   * lines are applied here as they close.
   */
  see(event: FileStreamEvent): void {
    if (!this.decided) {
      if (event.type === 'commentary') this.readShape(event.text);
      else if (BLOCK_START.has(event.type)) this.decide(null, event.type === 'edit_start');
    }
    if (event.type === 'edit_start' || event.type === 'edit_section' || event.type === 'edit_content') this.collector.apply([event]);
    else if (event.type === 'edit_end') {
      this.collector.apply([event]);
      this.applyEdit(event.path, event.closedBy !== 'stream_end');
    } else if (event.type === 'file_delete') this.remove(event.path);
  }

  /** A whole file the model wrote: saved as is. */
  write(path: string, content: string): void {
    this.modelChanges++;
    this.put(path, content);
  }

  /** Of the saved paths, those the project keeps (a DELETE line removes a template file or an earlier one). */
  kept(saved: readonly string[]): string[] {
    return saved.filter((path) => !this.deleted.has(path));
  }

  private readShape(text: string): void {
    this.commentary += text;
    // Only whole lines count: `Template: data` could still grow into something else.
    const complete = this.commentary.slice(0, this.commentary.lastIndexOf('\n') + 1);
    const shape = readTemplateShape(complete);
    if (shape) this.decide(shape);
  }

  private decide(named: TemplateShape | null, editsFirst = false): void {
    this.decided = true;
    if (!this.usesTemplate) return;
    // Nothing to say here: the files that follow are the project, as with any whole answer.
    if (!named && !editsFirst) return;
    const shape = named ?? 'static';
    if (!named) this.options.log('⚠️ The agent did not say which template it builds on, and edits one: laying down the static one (the default)', 'warning');
    this.shape = shape;
    const files = templateFiles(shape, { projectName: this.options.projectName });
    this.options.log(`🧱 Laying down the ${shape} starter template (${files.size} files): the agent writes the app's own files on top`);
    for (const [path, content] of files) this.put(path, content);
  }

  private applyEdit(path: string, closed: boolean): void {
    const change = this.collector.changes.pop();
    if (change?.kind !== 'edit' || change.path !== path) return;
    if (!closed) {
      this.options.log(`⚠️ EDIT ${path} was cut off before its end, so it was not applied`, 'warning');
      return;
    }
    const before = this.state.get(path);
    if (before === undefined) {
      this.options.log(`⚠️ EDIT ${path} could not be applied: the file does not exist; it had to be written whole`, 'warning');
      return;
    }
    // The SEARCH/REPLACE application of an edit's answer, against the file as this generation left it.
    const outcome = applyEdit(before, change);
    if (typeof outcome !== 'string') {
      this.options.log(`⚠️ ${outcome.block} could not be applied: ${outcome.reason}`, 'warning');
      return;
    }
    this.modelChanges++;
    this.put(path, outcome);
  }

  private remove(path: string): void {
    this.modelChanges++;
    this.state.delete(path);
    this.deleted.add(path);
  }

  private put(path: string, content: string): void {
    this.state.set(path, content);
    this.deleted.delete(path);
    this.options.save(path, content);
  }
}
